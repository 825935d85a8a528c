import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { services } from '../../app/services.ts';
import type { Workout } from './types.ts';

/** The user's workouts from the store, loading the first page once; live changes keep it current. */
export function useWorkoutList() {
  const { t } = useTranslation();
  const snapshot = useSnapshot(services.workouts.state);
  useEffect(() => {
    if (!services.workouts.state.listLoaded) {
      services.workouts.loadFirstPage().catch((error) => console.error(t('workouts.loadFailed'), error));
    }
  }, [t]);
  const workouts = snapshot.list.map((id) => snapshot.byId[id]).filter(Boolean) as Workout[];
  return {
    workouts,
    loaded: snapshot.listLoaded,
    failed: snapshot.listError,
    hasMore: snapshot.page < snapshot.lastPage,
    current: workouts.find((workout) => workout.status === 'in_progress') ?? null,
  };
}

export const setCount = (workout: Workout) =>
  workout.exercises.reduce((sum, exercise) => sum + exercise.sets.length, 0);
