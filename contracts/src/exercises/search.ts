/**
 * Text as search compares it: case, accents and Arabic spelling variants do not matter, so
 * "Kreuzheben" finds "kreuzheben", "crunch" finds "Crunch", and "اطالة" finds "إطالة".
 */
export function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents, umlaut dots and Arabic short-vowel marks
    .replace(/ß/g, 'ss')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ـ/g, '') // tatweel
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** How names compare for uniqueness: case-insensitive, spacing-insensitive. */
export const nameKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
