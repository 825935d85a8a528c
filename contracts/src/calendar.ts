/** Moves a calendar day (YYYY-MM-DD) by whole days, without time-zone surprises. */
export function shiftDay(day: string, by: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

/** The month (YYYY-MM) `by` months from the one holding `day` (YYYY-MM or YYYY-MM-DD). */
export function shiftMonth(day: string, by: number) {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + by, 1)).toISOString().slice(0, 7);
}

/** Whole years from a birth date (YYYY-MM-DD) to `today` (UTC); null for a date that is none. */
export function yearsSince(birthDate: string, today: Date): number | null {
  const birth = new Date(`${birthDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(birth.getTime())) return null;
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}
