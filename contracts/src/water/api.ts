import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';

export const WaterParams = Type.Object({ date: CalendarDate });
export const WaterEntryParams = Type.Object({ date: CalendarDate, entryId: Type.String({ maxLength: 100 }) });
export const LogWaterBody = Type.Object(
  {
    ml: Type.Integer({
      minimum: 1,
      maximum: 5000,
      errorMessage: 'The amount must be a whole number of millilitres from 1 to 5000.',
    }),
  },
  { additionalProperties: false },
);

/** What logging water answers: the new entry. */
export const WaterEntry = Type.Object({ id: Type.String(), ml: Type.Integer() });
export type WaterEntry = Static<typeof WaterEntry>;

export const WaterDay = Type.Object({
  date: Type.String(),
  entries: Type.Array(
    Type.Object({ id: Type.String(), ml: Type.Integer(), logged_at: Type.String({ format: 'date-time' }) }),
  ),
  total_ml: Type.Integer(),
  target_ml: Type.Integer(),
});
export type WaterDay = Static<typeof WaterDay>;
export type WaterDocument = {
  id: string;
  user_id: string;
  date: string;
  entries: WaterDay['entries'];
  total_ml: number;
};
