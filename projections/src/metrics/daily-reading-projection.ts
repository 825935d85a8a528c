import type { DailyReadingDocument, DailyReadingEvent } from '@fitness/contracts/metrics/daily-reading.ts';
import { userDayId } from '@fitness/contracts/metrics/events.ts';
import type { Projection } from '../projection.ts';

/**
 * The read model of a daily reading (a weigh-in, a day's step count): a user's value per day,
 * the latest recorded standing, under the field its events name it by.
 */
export function dailyReadingProjection<T extends string, F extends string>(kind: {
  name: string;
  handles: readonly T[];
  field: F;
}): Projection<DailyReadingDocument<F>, DailyReadingEvent<T, F>> {
  const { name, handles, field } = kind;
  return {
    name,
    version: 1,
    collection: { name, indexes: [['user_id', 'date']] },
    handles,
    documentId: (event) => userDayId(event.data.userId, event.data.date),
    ownerField: 'user_id',
    evolve: (_current, { data }) =>
      ({
        id: userDayId(data.userId, data.date),
        user_id: data.userId,
        date: data.date,
        [field]: data[field],
      }) as DailyReadingDocument<F>,
  };
}
