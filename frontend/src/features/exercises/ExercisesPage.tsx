import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { choiceOptions } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { ExerciseCard } from './ExerciseCard.tsx';
import { ExerciseDetailsDialog } from './ExerciseDetailsDialog.tsx';
import { ExerciseFormDialog } from './ExerciseFormDialog.tsx';
import { useStartWithExercise } from './start-with-exercise.ts';
import type { Exercises } from './store.ts';
import { CATEGORIES, EQUIPMENT, type Exercise, type ExerciseQuery, MUSCLES, type Tab } from './types.ts';

const SEARCH_DELAY_MS = 250;

export function ExercisesPage({ library: store }: { library: Exercises }) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const startWithExercise = useStartWithExercise();
  const library = useSnapshot(store.state);
  const [search, setSearch] = useState(library.query.search);
  const [open, setOpen] = useState<Exercise | null>(null);
  const [form, setForm] = useState<{ editing: Exercise | null } | null>(null);
  const [deleting, setDeleting] = useState<Exercise | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  // The language decides the names searched and shown, so a switch reloads.
  useStoreWhileMounted(store, i18n.language);

  useEffect(() => {
    if (search === store.state.query.search) return;
    const timer = setTimeout(() => {
      store.search({ search }).catch((error) => console.error('Failed to search exercises', error));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, search]);

  const query = (change: Partial<ExerciseQuery>) => {
    store.search(change).catch((error) => console.error('Failed to load exercises', error));
  };

  async function toggleFavorite(exercise: Exercise) {
    try {
      await store.setFavorite(exercise.id, !exercise.is_favorite);
      if (open?.id === exercise.id) setOpen({ ...exercise, is_favorite: !exercise.is_favorite });
    } catch {
      toasts.error(t('exercises.failedToFavorite'));
    }
  }

  async function startWorkout(exercise: Exercise) {
    setOpen(null);
    await startWithExercise.start(exercise);
  }

  async function remove(exercise: Exercise) {
    try {
      await store.remove(exercise.id);
      toasts.success(t('exercises.deleted'), exercise.name);
      setOpen(null);
    } catch {
      toasts.error(t('exercises.failedToDelete'));
    }
  }

  const tabs: { value: Tab; label: string }[] = [
    { value: 'all', label: t('exercises.tabAll') },
    { value: 'mine', label: t('exercises.tabMine') },
    { value: 'favorites', label: t('exercises.tabFavorites') },
  ];
  const choice = (
    label: string,
    value: string,
    values: readonly string[],
    enumName: string,
    key: 'category' | 'muscle' | 'equipment',
  ) => (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => query({ [key]: event.target.value })}
      options={choiceOptions(t, `enums.${enumName}`, values, t('exercises.any'))}
    />
  );
  const filtered = Boolean(
    library.query.search || library.query.category || library.query.muscle || library.query.equipment,
  );
  const empty =
    library.query.tab === 'mine' && !filtered
      ? t('exercises.noMine')
      : library.query.tab === 'favorites' && !filtered
        ? t('exercises.noFavorites')
        : t('exercises.noResults');

  return (
    <>
      <PageHeader
        title={t('exercises.title')}
        subtitle={library.librarySize ? t('exercises.subtitle', { count: library.librarySize }) : undefined}
        actions={
          <Button variant="primary" icon={<Plus size={18} />} onClick={() => setForm({ editing: null })}>
            {t('exercises.create')}
          </Button>
        }
      />
      <div className="stack">
        <search className="card stack">
          <SearchField
            id="exercise-search"
            label={t('exercises.search')}
            placeholder={t('exercises.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <div className="form-grid">
            {choice(t('exercises.category'), library.query.category, CATEGORIES, 'category', 'category')}
            {choice(t('exercises.muscle'), library.query.muscle, MUSCLES, 'muscle', 'muscle')}
            {choice(t('exercises.equipment'), library.query.equipment, EQUIPMENT, 'equipment', 'equipment')}
          </div>
          <div className="spread">
            <SegmentedTabs
              label={t('exercises.tabs')}
              value={library.query.tab}
              options={tabs}
              onChange={(tab) => query({ tab })}
            />
            <span className="muted" aria-live="polite">
              {t('exercises.results', { count: library.total })}
            </span>
          </div>
        </search>

        {library.failed && <p className="field-error">{t('exercises.loadFailed')}</p>}
        {library.page === 0 && !library.failed && <Spinner />}
        {library.page > 0 && library.results.length === 0 && !library.loading && (
          <div className="card">
            <EmptyState>
              <p>{empty}</p>
            </EmptyState>
          </div>
        )}
        <div className="grid" data-testid="exercise-results">
          {library.results.map((exercise) => (
            <ExerciseCard
              key={exercise.id}
              exercise={exercise as Exercise}
              onOpen={() => setOpen(exercise as Exercise)}
              onFavorite={() => toggleFavorite(exercise as Exercise)}
            />
          ))}
        </div>
        {library.page > 0 && library.page < library.lastPage && (
          <Button
            busy={loadingMore}
            onClick={async () => {
              setLoadingMore(true);
              try {
                await store.loadMore();
              } finally {
                setLoadingMore(false);
              }
            }}
            block
          >
            {t('exercises.showMore')}
          </Button>
        )}
      </div>

      <ExerciseDetailsDialog
        exercise={open}
        onClose={() => setOpen(null)}
        onFavorite={toggleFavorite}
        onStart={startWorkout}
        onEdit={(exercise) => {
          setOpen(null);
          setForm({ editing: exercise });
        }}
        onDelete={(exercise) => setDeleting(exercise)}
      />
      <ExerciseFormDialog
        library={store}
        open={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('exercises.deleteTitle', { name: deleting?.name })}
        body={t('exercises.deleteBody')}
        confirmLabel={t('confirm.delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {startWithExercise.dialog}
    </>
  );
}
