import { MEAL_TYPES, type SavedMealEvent } from '@fitness/contracts';

/**
 * A history of a few users' saved meals, as the command side could write it: meals saved with
 * one to three entries (foods and quick-adds), renamed, and deleted again, in a fixed pattern so
 * that every kind of event follows every other and some saved meals are left at the end.
 */
export function* savedMealHistory(users: string[], steps: number): Generator<SavedMealEvent> {
  const live: { savedMealId: string; userId: string }[] = [];
  for (let step = 0; step < steps; step++) {
    const userId = users[step % users.length] ?? 'nobody';
    const savedMealId = `saved-${step}`;
    const entries = Array.from({ length: 1 + (step % 3) }, (_, index) => ({
      foodId: index === 0 ? null : `food-${index}`,
      foodName: `Food ${step}.${index}`,
      grams: index === 0 && step % 2 === 0 ? null : 10 * (index + 1),
      nutrients: { kcal: 50 + step, protein: index + 0.5, carbs: 10.1, fat: 2 },
    }));
    yield {
      type: 'SavedMealCreated',
      data: {
        savedMealId,
        userId,
        name: `Meal ${step}`,
        mealType: MEAL_TYPES[step % MEAL_TYPES.length] ?? 'breakfast',
        entries,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, step)).toISOString(),
      },
    };
    live.push({ savedMealId, userId });
    const renamed = live[step % live.length];
    if (step % 3 === 1 && renamed) yield { type: 'SavedMealRenamed', data: { ...renamed, name: `Renamed ${step}` } };
    const deleted = step % 4 === 3 ? live.shift() : undefined;
    if (deleted) yield { type: 'SavedMealDeleted', data: { ...deleted, deletedAt: '2026-02-01T00:00:00.000Z' } };
  }
}
