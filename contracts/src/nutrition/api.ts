import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import type { Localized } from '../exercises/events.ts';
import { NameField } from '../name.ts';
import { PageNumber, PerPage } from '../paging.ts';
import { FOOD_CATEGORIES, type FoodCategory, MEAL_TYPES, type MealType, type Nutrients } from './events.ts';

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { errorMessage: message },
    ),
  );

const Category = oneOf(FOOD_CATEGORIES, `The category must be one of: ${FOOD_CATEGORIES.join(', ')}.`);
export const MealTypeField = oneOf(MEAL_TYPES, `The meal type must be one of: ${MEAL_TYPES.join(', ')}.`);
const grams = (what: string, max: number) =>
  Type.Number({ minimum: 0, maximum: max, errorMessage: `The ${what} must be a number from 0 to ${max}.` });
const Quantity = Type.Number({
  exclusiveMinimum: 0,
  maximum: 10000,
  errorMessage: 'The quantity must be a number greater than 0 and at most 10000.',
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const NutrientsSchema = Type.Object({
  kcal: grams('energy (kcal)', 900),
  protein: grams('protein', 100),
  carbs: grams('carbohydrate', 100),
  fat: grams('fat', 100),
});

// Foods

export const ListFoodsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100, errorMessage: 'The search must be at most 100 characters.' })),
  category: Type.Optional(Category),
  tab: Type.Optional(oneOf(['all', 'mine'] as const, 'The tab must be all or mine.')),
  page: Type.Optional(PageNumber),
  per_page: Type.Optional(PerPage(50, 20)),
});
export type ListFoodsQuery = Static<typeof ListFoodsQuery>;

export const CreateFoodBody = Type.Object(
  {
    name: NameField('The name'),
    category: Category,
    per_100g: NutrientsSchema,
    serving: Type.Optional(
      Nullable(
        Type.Object({
          grams: Type.Number({
            exclusiveMinimum: 0,
            maximum: 5000,
            errorMessage: 'The serving must weigh more than 0 and at most 5000 g.',
          }),
          name: Type.String({
            minLength: 1,
            maxLength: 60,
            errorMessage: 'The serving name must be 1 to 60 characters.',
          }),
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateFoodBody = Static<typeof CreateFoodBody>;

export const FoodParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const Food = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Category,
  per_100g: Type.Object({ kcal: Type.Number(), protein: Type.Number(), carbs: Type.Number(), fat: Type.Number() }),
  serving: Nullable(Type.Object({ grams: Type.Number(), name: Type.String() })),
  is_custom: Type.Boolean(),
});
export type Food = Static<typeof Food>;

export const FoodList = Type.Object({
  data: Type.Array(Food),
  meta: Type.Object({
    current_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    last_page: Type.Integer(),
  }),
});

export type FoodDocument = {
  id: string;
  user_id: string | null;
  category: FoodCategory;
  name: Localized<string>;
  per100g: Nutrients;
  serving: { grams: number; name: Localized<string> } | null;
  created_at: string;
  updated_at: string;
};

// Meals

export const ListMealsQuery = Type.Object({
  date: Type.Optional(CalendarDate),
  from: Type.Optional(CalendarDate),
  to: Type.Optional(CalendarDate),
});

/** The spec's Meal has a name; without one the meal is named after its type ("Breakfast"). */
export const CreateMealBody = Type.Object(
  { date: CalendarDate, type: MealTypeField, name: Type.Optional(NameField('The meal name')) },
  { additionalProperties: false },
);

export const MealParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const EntryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  entryId: Type.String({ maxLength: 100 }),
});

/** The plain values of a quick-add, also what changing one accepts. */
const quickAddValues = {
  calories: Type.Optional(
    Type.Number({ minimum: 0, maximum: 10000, errorMessage: 'The calories must be a number from 0 to 10000.' }),
  ),
  protein: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The protein must be a number from 0 to 1000 g.' }),
  ),
  carbs: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The carbohydrate must be a number from 0 to 1000 g.' }),
  ),
  fat: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The fat must be a number from 0 to 1000 g.' }),
  ),
};

/** An entry is a food and a quantity (grams, ounces or servings), or a quick-add of plain calories and macros. */
export const AddEntryBody = Type.Object(
  {
    food_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, errorMessage: 'The food id must name a food.' }),
    ),
    quantity: Type.Optional(Quantity),
    unit: Type.Optional(oneOf(['g', 'oz', 'serving'] as const, 'The unit must be g, oz or serving.')),
    name: Type.Optional(NameField('The name')),
    /** The spec's name for the entry's name (what entries are read back with); the same as `name`. */
    food_name: Type.Optional(NameField('The food name')),
    ...quickAddValues,
  },
  { additionalProperties: false },
);
export type AddEntryBody = Static<typeof AddEntryBody>;

export const UpdateEntryBody = Type.Object(
  {
    quantity: Type.Optional(Quantity),
    unit: Type.Optional(oneOf(['g', 'oz', 'serving'] as const, 'The unit must be g, oz or serving.')),
    ...quickAddValues,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateEntryBody = Static<typeof UpdateEntryBody>;

export const MealEntry = Type.Object({
  id: Type.String(),
  food_id: Nullable(Type.String()),
  food_name: Type.String(),
  /** Grams; null for a quick-add logged without one. */
  quantity: Nullable(Type.Number()),
  calories: Type.Number(),
  protein: Type.Number(),
  carbs: Type.Number(),
  fat: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
});
export type MealEntry = Static<typeof MealEntry>;

export const Meal = Type.Object({
  id: Type.String(),
  date: Type.String(),
  type: MealTypeField,
  name: Type.String(),
  calories: Type.Number(),
  protein: Type.Number(),
  carbs: Type.Number(),
  fat: Type.Number(),
  entries: Type.Array(MealEntry),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Meal = Static<typeof Meal>;
export type MealDocument = Meal & { user_id: string; type: MealType };

export const MealList = Type.Object({ data: Type.Array(Meal) });

// Water and targets

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

export const TargetsResponse = Type.Object({
  kcal: Type.Integer(),
  protein: Type.Integer(),
  carbs: Type.Integer(),
  fat: Type.Integer(),
  water_ml: Type.Integer(),
  missing: Type.Array(Type.String()),
});
