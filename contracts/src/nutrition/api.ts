import { Type } from 'typebox';

/** What GET /nutrition/targets answers: the day's energy, macronutrient and water targets. */
export const TargetsResponse = Type.Object({
  kcal: Type.Integer(),
  protein: Type.Integer(),
  carbs: Type.Integer(),
  fat: Type.Integer(),
  water_ml: Type.Integer(),
  missing: Type.Array(Type.String()),
});
