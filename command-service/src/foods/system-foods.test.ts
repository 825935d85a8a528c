import assert from 'node:assert/strict';
import { LANGUAGES } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { systemFoods } from './system-foods.ts';

describe('the food library', () => {
  const foods = systemFoods();

  it('names every food and serving in every language, under a slug of its own', () => {
    assert.equal(new Set(foods.map((food) => food.slug)).size, foods.length);
    for (const food of foods) {
      for (const language of LANGUAGES) {
        assert.ok(food.name[language]?.trim(), `${food.slug}: a ${language} name`);
        if (food.serving) assert.ok(food.serving.name[language]?.trim(), `${food.slug}: a ${language} serving`);
      }
      if (food.serving) assert.ok(food.serving.grams > 0, `${food.slug}: a serving weighs something`);
    }
  });

  it("gives each food energy its macronutrients explain (4/4/9 kcal per g), alcohol's aside", () => {
    // Within a fifth: USDA works energy out with factors per food, not the general 4/4/9.
    for (const { slug, per100g, alcohol } of foods) {
      if (alcohol) continue;
      const explained = 4 * per100g.protein + 4 * per100g.carbs + 9 * per100g.fat;
      assert.ok(
        Math.abs(explained - per100g.kcal) <= Math.max(15, per100g.kcal * 0.2),
        `${slug}: ${per100g.kcal} kcal, macros explain ${Math.round(explained)}`,
      );
    }
  });
});
