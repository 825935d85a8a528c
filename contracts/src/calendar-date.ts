import { Type } from 'typebox';

/** The years a day may be in: a training log, a meal or a birth date outside them is a typo. */
export const CALENDAR_YEARS = { first: 1900, last: 2099 } as const;

/**
 * A day as YYYY-MM-DD that exists on the calendar, in the years 1900 to 2099: the pattern gives
 * the shape and the years, the `date` format (ajv-formats) refuses days a month does not have,
 * such as 2026-11-31 or 2025-02-29.
 */
export const CalendarDate = Type.String({
  pattern: '^(19|20)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  format: 'date',
  errorMessage: `The date must be a calendar date from ${CALENDAR_YEARS.first} to ${CALENDAR_YEARS.last}, like 2026-01-31.`,
});
