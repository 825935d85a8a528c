import type { WorkoutList, WorkoutSummary } from '@fitness/contracts';
import type { ApiClient } from '../api-client.ts';

/**
 * The workout in progress, asked of the server at the moment a new one would start: one started
 * on another device a moment ago counts, whatever this tab's lists hold. One workout at a time is
 * the app's rule, not the API's, so imports and scripts that write workouts keep working.
 */
export function createInProgress(api: ApiClient) {
  return {
    /** The newest workout in progress (should there be several), or null. */
    async find(): Promise<WorkoutSummary | null> {
      const { data } = await api.get<WorkoutList>('/workouts', { query: { status: 'in_progress', per_page: 1 } });
      return data[0] ?? null;
    },
  };
}

export type InProgress = ReturnType<typeof createInProgress>;
