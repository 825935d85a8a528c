import { BookmarkPlus, CalendarPlus, Copy, History, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionMenu, type MenuAction } from '../../components/ActionMenu.tsx';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { Units } from '../../lib/units.ts';
import { EntryRow } from './EntryRow.tsx';
import type { Meals } from './store.ts';
import type { Meal, MealEntry, MealType } from './types.ts';

export type MealActions = {
  add(type: MealType): void;
  /** The same meal of the day before, copied into this one (MyFitnessPal's "copy from yesterday"). */
  copyFromDayBefore(type: MealType): void;
  copyToToday(meal: Meal): void;
  copyToDate(meal: Meal): void;
  save(meal: Meal): void;
};

/**
 * One meal of the day: its name and calories with a menu to copy it (from the day before, to
 * today, to any day) or keep it as a saved meal, then its entries and "Add food".
 */
export function MealCard({
  meals,
  type,
  meal,
  isToday,
  units,
  actions,
}: {
  meals: Meals;
  type: MealType;
  meal: Meal | undefined;
  /** Whether the day shown is today: "Copy to today" is for the other days. */
  isToday: boolean;
  units: Units;
  actions: MealActions;
}) {
  const { t, i18n } = useTranslation();
  const name = t(`meals.types.${type}`);
  const logged = meal && meal.entries.length > 0 ? meal : null;
  const menu: MenuAction[] = [
    {
      label: isToday ? t('meals.copyYesterdays', { meal: name }) : t('meals.copyDayBefore', { meal: name }),
      icon: <History size={16} aria-hidden />,
      onSelect: () => actions.copyFromDayBefore(type),
    },
  ];
  if (logged && !isToday) {
    menu.push({
      label: t('meals.copyToToday'),
      icon: <Copy size={16} aria-hidden />,
      onSelect: () => actions.copyToToday(logged),
    });
  }
  if (logged) {
    menu.push(
      {
        label: t('meals.copyTo'),
        icon: <CalendarPlus size={16} aria-hidden />,
        onSelect: () => actions.copyToDate(logged),
      },
      {
        label: t('meals.saveAsMeal'),
        icon: <BookmarkPlus size={16} aria-hidden />,
        onSelect: () => actions.save(logged),
      },
    );
  }
  return (
    <section className="card stack-sm" aria-labelledby={`meal-${type}`} data-testid={`meal-${type}`}>
      <div className="meal-header">
        <div className="meal-title">
          <h2 id={`meal-${type}`}>{name}</h2>
          <span className="muted meal-calories" data-testid={`meal-${type}-calories`}>
            {t('units.kcal', { value: formatNumber(meal?.calories ?? 0, i18n.language, 0) })}
          </span>
        </div>
        <ActionMenu label={t('meals.moreFor', { meal: name })} actions={menu} />
      </div>
      {logged ? (
        <ul className="list">
          {logged.entries.map((entry) => (
            <EntryRow key={entry.id} meals={meals} mealId={logged.id} entry={entry as MealEntry} units={units} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('meals.nothingYet')}</p>
      )}
      {/* Under what is logged, as a meal is written down: long names in any language keep the header on one line. */}
      <Button size="sm" className="meal-add" icon={<Plus size={16} />} onClick={() => actions.add(type)}>
        {t('meals.addFood')}
      </Button>
    </section>
  );
}
