import { BookmarkCheck, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { Meals } from './store.ts';
import type { MealType, SavedMeal } from './types.ts';

/**
 * The user's saved meals, each logged into the meal the dialog adds to in one tap; those saved
 * from this meal type first (a breakfast is looked for at breakfast).
 */
export function SavedMealChoices({
  meals,
  mealType,
  busyId,
  onLog,
  onDelete,
}: {
  meals: Meals;
  mealType: MealType;
  /** The saved meal being logged, if one is. */
  busyId: string | null;
  onLog: (saved: SavedMeal) => void;
  onDelete: (saved: SavedMeal) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const items = useSnapshot(meals.state).saved.items as SavedMeal[];
  if (items.length === 0) return null;
  const ordered = [...items.filter((saved) => saved.type === mealType), ...items.filter((s) => s.type !== mealType)];
  return (
    <section className="stack-sm" aria-labelledby="saved-meals-title">
      <h3 id="saved-meals-title" className="food-section-title">
        {t('meals.savedMeals')}
      </h3>
      <ul className="list food-options" data-testid="saved-meals">
        {ordered.map((saved) => (
          <li key={saved.id} className="saved-meal">
            <button
              type="button"
              className="food-option"
              disabled={busyId !== null}
              aria-busy={busyId === saved.id || undefined}
              onClick={() => onLog(saved)}
            >
              <span className="food-option-text">
                <span className="list-title">{saved.name}</span>
                <span className="list-meta">
                  {t('meals.foodCount', { count: saved.entries.length })} ·{' '}
                  {t('units.kcal', { value: formatNumber(saved.calories, lang, 0) })}
                </span>
              </span>
              {/* Said, not only drawn: this tap logs at once, where a food's tap only picks it. */}
              <span className="food-option-mark food-option-log">
                <BookmarkCheck size={16} aria-hidden />
                {t('meals.logSaved')}
              </span>
            </button>
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={16} />}
              label={t('meals.deleteSavedMeal', { name: saved.name })}
              onClick={() => onDelete(saved)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
