/** What a dashboard card shows in place of a value still on its way: the card keeps its size meanwhile. */
export const PENDING = '–';
