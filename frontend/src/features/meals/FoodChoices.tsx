import { Check, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatFoodAmount, formatNumber } from '../../lib/format.ts';
import type { Units } from '../../lib/units.ts';
import { pickNutrients, servingLabel } from './picks.ts';
import type { Meals } from './store.ts';
import type { Food, RecentFood } from './types.ts';

/** One food to tap: its name, what it is shown with, and whether it is picked (tapping again drops it). */
function FoodOption({
  food,
  meta,
  picked,
  onToggle,
}: {
  food: Food;
  meta: string;
  picked: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <button type="button" className="food-option" aria-pressed={picked} onClick={onToggle}>
        <span className="food-option-text">
          <span className="list-title">{food.name}</span>
          <span className="list-meta">{meta}</span>
        </span>
        <span className="food-option-mark" aria-hidden>
          {picked ? <Check size={18} /> : <Plus size={18} />}
        </span>
      </button>
    </li>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="stack-sm" aria-labelledby={id}>
      <h3 id={id} className="food-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The foods to pick from: with nothing typed, those logged before (most useful for this meal
 * first, at the amount last logged) above all foods; with a word typed, the foods it finds, every
 * one reachable through "Show more". They list in the dialog's own scroll, never a box of their own.
 */
export function FoodChoices({
  meals,
  searching,
  units,
  isPicked,
  onToggle,
}: {
  meals: Meals;
  /** Whether a word is typed: the recent foods give way to what it finds. */
  searching: boolean;
  units: Units;
  isPicked: (food: Food) => boolean;
  onToggle: (food: Food, lastGrams?: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { recent } = useSnapshot(meals.state);
  const found = useSnapshot(meals.foods.state);
  const kcal = (value: number) => t('units.kcal', { value: formatNumber(value, lang, 0) });
  const recentFoods = recent.items as RecentFood[];
  const results = found.results as Food[];

  /** A found food with what one serving of it (or 100 g) gives. */
  function perServing(food: Food) {
    if (!food.serving) return t('meals.per100g', { kcal: formatNumber(food.per_100g.kcal, lang) });
    const nutrients = pickNutrients({ food, amount: '1', unit: 'serving' });
    return `${servingLabel(food.serving, units, lang)} · ${kcal(nutrients?.kcal ?? 0)}`;
  }

  /** A recent food with the amount it was last logged at, which picking it starts from. */
  function lastLogged({ food, quantity }: RecentFood) {
    const nutrients = pickNutrients({ food, amount: String(quantity), unit: 'g' });
    return `${formatFoodAmount(quantity, units, lang)} · ${kcal(nutrients?.kcal ?? 0)}`;
  }

  return (
    <>
      {!searching && recentFoods.length > 0 && (
        <Section title={t('meals.recentFoods')} id="recent-foods-title">
          <ul className="list food-options" data-testid="recent-foods">
            {recentFoods.map((item) => (
              <FoodOption
                key={item.food.id}
                food={item.food}
                meta={lastLogged(item)}
                picked={isPicked(item.food)}
                onToggle={() => onToggle(item.food, item.quantity)}
              />
            ))}
          </ul>
        </Section>
      )}
      <Section title={searching ? t('meals.results') : t('meals.allFoods')} id="food-results-title">
        <ul className="list food-options" data-testid="food-results" aria-busy={found.loading || undefined}>
          {results.map((food) => (
            <FoodOption
              key={food.id}
              food={food}
              meta={perServing(food)}
              picked={isPicked(food)}
              onToggle={() => onToggle(food)}
            />
          ))}
        </ul>
        {results.length === 0 && !found.loading && (
          <p className="muted">{found.failed ? t('meals.searchFailed') : t('meals.noFoods')}</p>
        )}
        {found.more && (
          <Button
            block
            busy={found.loading}
            onClick={() => meals.foods.showMore().catch((error) => console.error('Failed to show more foods', error))}
          >
            {t('meals.showMore')}
          </Button>
        )}
      </Section>
    </>
  );
}
