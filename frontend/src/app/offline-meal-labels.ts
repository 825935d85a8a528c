import type { MealLabels } from '../features/meals/meals-offline.ts';
import type { WeighInsOffline } from '../features/profile/store.ts';
import { formatDay, formatWater, formatWeight } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import type { Units } from '../lib/units.ts';

/**
 * The words a meal, water or weigh-in change kept offline is named by, should the server refuse
 * it later ("Oatmeal at breakfast", "Water, 250 ml", "Weigh-in, 80 kg"): in the reader's language
 * and units when it was made, as the not-kept list shows it.
 */
export function mealLabels(units: () => Units): MealLabels {
  const day = (date: string) => formatDay(date, i18n.language, 'short');
  return {
    meal: (type) => i18n.t(`meals.types.${type}`),
    entry: (type, food) => i18n.t(`offline.labels.entry.${type}`, { food }),
    copyMeal: (type, date) =>
      i18n.t('offline.labels.copyMeal', { meal: i18n.t(`meals.types.${type}`), day: day(date) }),
    copyDay: (from, to) => i18n.t('offline.labels.copyDay', { from: day(from), to: day(to) }),
    water: (ml) => i18n.t('offline.labels.water', { amount: formatWater(ml, units(), i18n.language) }),
    saveMeal: (name) => i18n.t('offline.labels.saveMeal', { name }),
    deleteSavedMeal: (name) => i18n.t('offline.labels.deleteSavedMeal', { name }),
  };
}

export function weighInLabels(units: () => Units): WeighInsOffline['labels'] {
  return {
    weighIn: (kg) => i18n.t('offline.labels.weighIn', { weight: formatWeight(kg, units(), i18n.language) }),
  };
}
