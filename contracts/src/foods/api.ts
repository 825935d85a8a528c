import { type Static, Type } from 'typebox';
import type { Localized } from '../exercises/events.ts';
import { NameField } from '../name.ts';
import type { Nutrients } from '../nutrition/arithmetic.ts';
import { PageMeta, PageNumber, PerPage } from '../paging.ts';
import { Nullable, oneOf } from '../schema-parts.ts';
import { FOOD_CATEGORIES, type FoodCategory } from './events.ts';

const Category = oneOf(FOOD_CATEGORIES, `The category must be one of: ${FOOD_CATEGORIES.join(', ')}.`);
const grams = (what: string, max: number) =>
  Type.Number({ minimum: 0, maximum: max, errorMessage: `The ${what} must be a number from 0 to ${max}.` });

export const NutrientsSchema = Type.Object({
  kcal: grams('energy (kcal)', 900),
  protein: grams('protein', 100),
  carbs: grams('carbohydrate', 100),
  fat: grams('fat', 100),
});

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
  meta: PageMeta,
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
