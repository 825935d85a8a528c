import type { WorkoutList, WorkoutSummary } from '@fitness/contracts';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { Workouts } from './workouts.ts';

/**
 * The workout in progress, asked of the server at the moment a new one would start: one started
 * on another device a moment ago counts, whatever this tab's lists hold. One workout at a time is
 * the app's rule, not the API's, so imports and scripts that write workouts keep working. The
 * answer is taken as this tab shows it with what waits in the outbox (a workout started or ended
 * offline is not on the server yet); without an answer (offline), the one this tab shows counts.
 */
export function createInProgress(api: ApiClient, workouts: Pick<Workouts, 'inProgress'>) {
  return {
    /** The newest workout in progress (should there be several), or null. */
    async find(): Promise<WorkoutSummary | null> {
      try {
        const { data } = await api.get<WorkoutList>('/workouts', { query: { status: 'in_progress', per_page: 1 } });
        return workouts.inProgress(data[0] ?? null);
      } catch (error) {
        if (error instanceof ApiError && error.status === null) return workouts.inProgress();
        throw error;
      }
    },
  };
}

export type InProgress = ReturnType<typeof createInProgress>;
