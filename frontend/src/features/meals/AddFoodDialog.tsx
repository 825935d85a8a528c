import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { useModalDialog } from '../../components/useModalDialog.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';
import { FoodChoices } from './FoodChoices.tsx';
import { PickList, PicksTotal } from './PickList.tsx';
import { changeUnit, firstAmount, type Pick, pickEntry } from './picks.ts';
import { NO_QUICK_VALUES, QuickAddFields, type QuickValues, quickEntry } from './QuickAddFields.tsx';
import { SavedMealChoices } from './SavedMealChoices.tsx';
import { EntriesNotAdded, type Meals } from './store.ts';
import type { EntryInput, Food, MealType, SavedMeal } from './types.ts';
import './add-food.css';

/** Typing settles this long before a search goes out: one request per word, not per letter. */
const SEARCH_DELAY_MS = 200;

/** What the API said was wrong with an entry it refused, for the pick refused (a toast told the rest). */
function refusal(cause: unknown) {
  if (!(cause instanceof ApiError) || cause.told) return null;
  return Object.values(cause.fieldErrors).flat()[0] ?? cause.message;
}

/**
 * Back to the search with its word selected, so the next food is typed straight over it; after a
 * pick, the search at the top of the sheet with its results under it (the picks above scroll away).
 */
function focusSearch(toTop: boolean) {
  const box = document.getElementById('food-search');
  if (!(box instanceof HTMLInputElement)) return;
  box.focus({ preventScroll: toTop });
  box.select();
  if (toTop) box.closest('.search-field')?.scrollIntoView({ block: 'start' });
}

/**
 * Adds to one meal: the search is focused as it opens, with the foods logged before (at this
 * meal first) and the saved meals below it. Tapping foods picks them, each at an amount to change
 * in place with what it adds shown as typed; "Add N foods" logs them all, in order. Quick add
 * stays for what no database holds. A full-screen sheet on a phone that scrolls as a whole.
 */
export function AddFoodDialog({
  meals,
  mealType,
  onClose,
}: {
  meals: Meals;
  mealType: MealType | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { settings, toasts } = useServices();
  const { units } = useSnapshot(settings.state);
  const open = mealType !== null;
  const [mode, setMode] = useState<'search' | 'quick'>('search');
  const [search, setSearch] = useState('');
  const [picks, setPicks] = useState<Pick[]>([]);
  const [pickErrors, setPickErrors] = useState<Record<string, string>>({});
  const [quick, setQuick] = useState<QuickValues>(NO_QUICK_VALUES);
  const [quickErrors, setQuickErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  /** Why some picks are still here after "Add": the ones before them went in. */
  const [partly, setPartly] = useState<string | null>(null);
  const [loggingSaved, setLoggingSaved] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedMeal | null>(null);
  /** A food was just picked or dropped: the search gets the focus back once that is drawn. */
  const justPicked = useRef(false);
  const ref = useModalDialog(open, () => {
    setMode('search');
    setSearch('');
    setPicks([]);
    setPickErrors({});
    setQuick(NO_QUICK_VALUES);
    setQuickErrors({});
    setPartly(null);
  });
  const searching = search.trim() !== '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger: it names the foods
  useEffect(() => (mealType === null ? undefined : meals.showChoices(mealType)), [meals, mealType, i18n.language]);

  useEffect(() => {
    if (open) focusSearch(false);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger: it names the foods
  useEffect(() => {
    if (mealType === null) return;
    const timer = setTimeout(
      () => meals.foods.search(search).catch((error) => console.error('Failed to search foods', error)),
      searching ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [meals, search, mealType, i18n.language]);

  function toggle(food: Food, lastGrams?: number) {
    setPartly(null);
    setPicks((current) =>
      current.some((pick) => pick.food.id === food.id)
        ? current.filter((pick) => pick.food.id !== food.id)
        : [...current, firstAmount(food, units, lastGrams)],
    );
    justPicked.current = true;
  }

  // Once the pick is drawn above the search, which moved it down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the picks drawn are the trigger
  useEffect(() => {
    if (!justPicked.current) return;
    justPicked.current = false;
    focusSearch(true);
  }, [picks]);

  function changePick(foodId: string, change: Partial<Pick>) {
    setPickErrors(({ [foodId]: _, ...others }) => others);
    setPicks((current) =>
      current.map((pick) => {
        if (pick.food.id !== foodId) return pick;
        return change.unit && change.unit !== pick.unit ? changeUnit(pick, change.unit) : { ...pick, ...change };
      }),
    );
  }

  async function addPicks(type: MealType) {
    const invalid = Object.fromEntries(
      picks.filter((pick) => pickEntry(pick) === null).map((pick) => [pick.food.id, t('meals.invalidQuantity')]),
    );
    setPickErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    try {
      await meals.addEntries(
        type,
        picks.map(pickEntry) as EntryInput[],
        picks.map((pick) => pick.food),
      );
      toasts.success(t('meals.foodsAdded', { count: picks.length }), picks.map((pick) => pick.food.name).join(', '));
      onClose();
    } catch (error) {
      if (!(error instanceof EntriesNotAdded)) throw error;
      const left = picks.slice(error.added);
      const [first] = left;
      const reason = refusal(error.cause);
      setPicks(left);
      if (first && reason) setPickErrors({ [first.food.id]: reason });
      setPartly(t('meals.notAllAdded', { count: error.added, total: picks.length, name: first?.food.name ?? '' }));
    }
  }

  async function addQuick(type: MealType) {
    const typed = quickEntry(quick, t);
    if ('errors' in typed) {
      setQuickErrors(typed.errors);
      return;
    }
    try {
      await meals.addEntries(type, [typed.entry]);
      toasts.success(t('meals.foodsAdded', { count: 1 }), quick.name.trim());
      onClose();
    } catch (error) {
      if (!(error instanceof EntriesNotAdded)) throw error;
      if (error.cause instanceof ApiError && error.cause.status === 422) setQuickErrors(error.cause.fieldErrors);
      else toasts.error(t('meals.failedToAdd'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mealType) return;
    setBusy(true);
    try {
      await (mode === 'search' ? addPicks(mealType) : addQuick(mealType));
    } finally {
      setBusy(false);
    }
  }

  async function logSaved(saved: SavedMeal) {
    if (!mealType) return;
    setLoggingSaved(saved.id);
    try {
      await meals.logSavedMeal(saved.id, mealType);
      toasts.success(t('meals.savedMealLogged'), saved.name);
      // Foods picked meanwhile are not thrown away: the dialog stays for them.
      if (picks.length === 0) onClose();
    } catch {
      toasts.error(t('meals.failedToLogSavedMeal'));
    } finally {
      setLoggingSaved(null);
    }
  }

  const submitLabel =
    mode === 'quick' || picks.length === 0 ? t('meals.add') : t('meals.addFoods', { count: picks.length });

  return (
    <>
      <dialog ref={ref} className="dialog dialog-wide food-sheet" aria-labelledby="add-food-title" onClose={onClose}>
        <form className="food-sheet-form" onSubmit={submit} noValidate>
          <div className="food-sheet-body stack">
            <h2 id="add-food-title">{mealType ? t('meals.addTo', { meal: t(`meals.types.${mealType}`) }) : ''}</h2>
            <SegmentedTabs
              label={t('meals.how')}
              value={mode}
              options={[
                { value: 'search', label: t('meals.fromDatabase') },
                { value: 'quick', label: t('meals.quickAdd') },
              ]}
              onChange={setMode}
            />
            {mode === 'search' && mealType ? (
              <>
                {partly && (
                  <p className="notice notice-warning" role="alert">
                    {partly}
                  </p>
                )}
                <PickList
                  picks={picks}
                  errors={pickErrors}
                  units={units}
                  onChange={changePick}
                  onRemove={(foodId) => setPicks((current) => current.filter((pick) => pick.food.id !== foodId))}
                />
                <SearchField
                  id="food-search"
                  label={t('meals.searchFoods')}
                  placeholder={t('meals.searchFoods')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  // Enter in the search must not log the picks half chosen.
                  onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                />
                {!searching && (
                  <SavedMealChoices
                    meals={meals}
                    mealType={mealType}
                    busyId={loggingSaved}
                    onLog={logSaved}
                    onDelete={setDeleting}
                  />
                )}
                <FoodChoices
                  meals={meals}
                  searching={searching}
                  units={units}
                  isPicked={(food) => picks.some((pick) => pick.food.id === food.id)}
                  onToggle={toggle}
                />
              </>
            ) : (
              <QuickAddFields values={quick} errors={quickErrors} onChange={setQuick} />
            )}
          </div>
          <div className="food-sheet-actions">
            {mode === 'search' && picks.length > 0 && <PicksTotal picks={picks} />}
            <div className="dialog-actions">
              <Button onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="primary"
                busy={busy}
                disabled={mode === 'search' && picks.length === 0}
                data-testid="add-picks"
              >
                {submitLabel}
              </Button>
            </div>
          </div>
        </form>
      </dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('meals.deleteSavedMealTitle')}
        body={t('meals.deleteSavedMealBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await meals.deleteSavedMeal(deleting.id);
            toasts.success(t('meals.savedMealDeleted'), deleting.name);
          } catch {
            toasts.error(t('meals.failedToRemove'));
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
