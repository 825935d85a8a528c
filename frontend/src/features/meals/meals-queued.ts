import { macroTotals, nutrientsOf } from '@fitness/contracts/meals/present.ts';
import { type QuantityUnit, roundNutrients, sumNutrients, toGrams } from '@fitness/contracts/nutrition/arithmetic.ts';
import type { QueuedCommand } from '../../lib/offline/outbox.ts';
import { MEAL_TYPES, type Meal, type MealEntry, type MealType, type SavedMeal, type WaterDay } from './types.ts';

/** The things a queued meals or water command creates or touches, as the outbox names them (`meal:<id>`). */
export const thing = {
  meal: (id: string) => `meal:${id}`,
  entry: (id: string) => `meal-entry:${id}`,
  water: (id: string) => `water-entry:${id}`,
  savedMeal: (id: string) => `saved-meal:${id}`,
};

/** An entry as a queued command will log it: its time is the command's (when the user acted). */
export type EntryAdded = Omit<MealEntry, 'created_at'>;

/**
 * What a queued command adds, kept with it in the outbox (`predicted`): the meals it opens and
 * the entries it logs into them, under the ids the server will give them. The request alone does
 * not say it: the server works a food's name and calories out from the food, and a copy's
 * entries from the meal copied, neither of which a reload without a connection can read.
 */
export type MealsAdded = { meals: { id: string; date: string; type: MealType; entries: EntryAdded[] }[] };

/** The id in a name of `thing` (`water-entry:<id>` gives `<id>`). */
function idOf(name: string | undefined) {
  return name ? name.slice(name.indexOf(':') + 1) : null;
}

/** Whether a queued command is one of the meals page's: meals and their entries, water, a saved meal logged. */
export const isMealsCommand = (command: QueuedCommand) => /^\/(meals|water|saved-meals)(\/|$)/.test(command.path);

const byMealType = (a: Meal, b: Meal) => MEAL_TYPES.indexOf(a.type) - MEAL_TYPES.indexOf(b.type);

/** A meal's totals: the sum of what its entries show, as the server's read model sums them. */
function withTotals(meal: Meal): Meal {
  return { ...meal, ...macroTotals(sumNutrients(meal.entries.map(nutrientsOf))) };
}

/**
 * An entry as a change waiting makes it. A new quantity scales what the entry shows (the server
 * works it out from the food again, which may differ by a rounding until it is read back); new
 * values of a quick-add replace its own. A change the server would refuse changes nothing here.
 */
function changedEntry(entry: MealEntry, change: Record<string, unknown>): MealEntry {
  if (typeof change.quantity === 'number') {
    if (entry.quantity === null || entry.quantity <= 0) return entry;
    let grams: number;
    try {
      grams = Math.round(toGrams(change.quantity, (change.unit as QuantityUnit | undefined) ?? 'g', null) * 10) / 10;
    } catch {
      return entry;
    }
    const scale = grams / entry.quantity;
    const { kcal, protein, carbs, fat } = nutrientsOf(entry);
    const nutrients = roundNutrients({
      kcal: kcal * scale,
      protein: protein * scale,
      carbs: carbs * scale,
      fat: fat * scale,
    });
    return { ...entry, quantity: grams, ...macroTotals(nutrients) };
  }
  const typed = (key: 'calories' | 'protein' | 'carbs' | 'fat') =>
    typeof change[key] === 'number' ? (change[key] as number) : entry[key];
  const nutrients = roundNutrients({
    kcal: typed('calories'),
    protein: typed('protein'),
    carbs: typed('carbs'),
    fat: typed('fat'),
  });
  return { ...entry, ...macroTotals(nutrients) };
}

/**
 * The meals of `date` as they will be once the commands waiting are sent: `meals` as the server
 * last gave them, with the meals opened, the entries logged (a food, a quick-add, a copy, a saved
 * meal), changed and removed that wait, in the order they were made. What the server has already
 * applied changes nothing twice: entries are added by id, and a change sets values, not adds to
 * them. Answers `meals` itself when nothing waits for that day.
 */
export function mealsWithQueued(meals: readonly Meal[], date: string, commands: readonly QueuedCommand[]): Meal[] {
  // A copy by JSON: the meals may be valtio proxies, which structuredClone cannot copy.
  const result = JSON.parse(JSON.stringify(meals)) as Meal[];
  const changed = new Set<Meal>();
  for (const command of commands) {
    const at = new Date(command.actedAt).toISOString();
    const added = (command.predicted as MealsAdded | undefined)?.meals ?? [];
    for (const { id, type, entries, date: day } of added) {
      if (day !== date) continue;
      let meal = result.find((held) => held.id === id);
      if (!meal) {
        // The server names a meal after its type in English ("Breakfast"); screens show the type in the reader's language.
        const name = `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
        const none = { calories: 0, protein: 0, carbs: 0, fat: 0 };
        meal = { id, date, type, name, ...none, entries: [], created_at: at, updated_at: at };
        result.push(meal);
      }
      for (const entry of entries) {
        if (!meal.entries.some((held) => held.id === entry.id)) meal.entries.push({ ...entry, created_at: at });
      }
      changed.add(meal);
    }
    const [root, mealId, entries, entryId] = command.path.split('/').filter(Boolean);
    if (root !== 'meals' || entries !== 'entries' || !entryId) continue;
    const meal = result.find((held) => held.id === mealId);
    if (!meal) continue;
    if (command.method === 'DELETE') meal.entries = meal.entries.filter((entry) => entry.id !== entryId);
    else if (command.method === 'PATCH' || command.method === 'PUT') {
      meal.entries = meal.entries.map((entry) =>
        entry.id === entryId ? changedEntry(entry, (command.body ?? {}) as Record<string, unknown>) : entry,
      );
    } else continue;
    changed.add(meal);
  }
  if (changed.size === 0) return [...meals];
  return result.map((meal) => (changed.has(meal) ? withTotals(meal) : meal)).sort(byMealType);
}

/**
 * The water of `date` as it will be once the commands waiting are sent: the server's, with the
 * water logged (at the time it was logged) and removed that waits. Null while the day is not read.
 */
export function waterWithQueued(water: WaterDay | null, date: string, commands: readonly QueuedCommand[]) {
  if (!water) return water;
  let entries = [...water.entries];
  let changed = false;
  for (const command of commands) {
    const [root, day, entryId] = command.path.split('/').filter(Boolean);
    if (root !== 'water' || day !== date) continue;
    const created = idOf(command.creates);
    if (command.method === 'POST' && created && !entries.some((entry) => entry.id === created)) {
      const ml = Number((command.body as { ml?: number } | undefined)?.ml ?? 0);
      entries.push({ id: created, ml, logged_at: new Date(command.actedAt).toISOString() });
    } else if (command.method === 'DELETE' && entryId) {
      entries = entries.filter((entry) => entry.id !== entryId);
    } else continue;
    changed = true;
  }
  if (!changed) return water;
  return { ...water, entries, total_ml: entries.reduce((sum, entry) => sum + entry.ml, 0) };
}

/** What a queued save of a meal adds (`predicted`): the saved meal, under the id the server will give it. */
export type SavedMealAdded = { saved: Omit<SavedMeal, 'created_at'> };

/**
 * The saved meals as they will be once the commands waiting are sent: the server's, with the
 * meals saved (at the time they were saved) and deleted that wait, newest first.
 */
export function savedWithQueued(items: readonly SavedMeal[], commands: readonly QueuedCommand[]): SavedMeal[] {
  let result = [...items];
  for (const command of commands) {
    const saved = (command.predicted as Partial<SavedMealAdded> | undefined)?.saved;
    if (saved && !result.some((meal) => meal.id === saved.id)) {
      result.push({ ...saved, created_at: new Date(command.actedAt).toISOString() });
    }
    const [root, id, more] = command.path.split('/').filter(Boolean);
    if (root === 'saved-meals' && id && !more && command.method === 'DELETE') {
      result = result.filter((meal) => meal.id !== id);
    }
  }
  return result.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
