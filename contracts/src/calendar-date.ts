import { Type } from 'typebox';

/**
 * A day as YYYY-MM-DD that exists on the calendar: the pattern gives the shape, the `date` format
 * (ajv-formats) refuses days a month does not have, such as 2026-11-31 or 2025-02-29.
 */
export const CalendarDate = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  format: 'date',
  errorMessage: 'The date must be a calendar date like 2026-01-31.',
});
