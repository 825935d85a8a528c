import { Type } from 'typebox';

/** YYYY-MM-DD in the years 1900 to 2099: outside them a training log, a meal or a birth date is a typo. */
export const CALENDAR_DATE_PATTERN = '^(19|20)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/**
 * A day that exists on the calendar: the pattern gives the shape and the years, the `date`
 * format (ajv-formats) refuses days a month does not have, such as 2026-11-31 or 2025-02-29.
 */
export const CalendarDate = Type.String({
  pattern: CALENDAR_DATE_PATTERN,
  format: 'date',
  errorMessage: 'The date must be a calendar date from 1900 to 2099, like 2026-01-31.',
});
