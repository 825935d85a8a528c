import type { ApiClient } from '../../lib/api-client.ts';
import type { Workouts } from '../../lib/stores/workouts.ts';
import type { ImportReport, ImportRequest } from './types.ts';

/** Imports workout history, then lists the workouts again so the imported ones show. */
export function createImports(api: ApiClient, workouts: Workouts) {
  return {
    async importWorkouts({ csv, format, weight_unit }: ImportRequest) {
      // The file as it is: no JSON escaping to double it, and nothing for the server to unescape.
      const report = await api.postText<ImportReport>('/imports/workouts', csv, 'text/csv', { format, weight_unit });
      // The report is the answer; a list that fails to reload shows as the list's own error.
      workouts.loadFirstPage().catch((error) => console.error('Could not reload the workouts after an import', error));
      return report;
    },
  };
}

export type Imports = ReturnType<typeof createImports>;
