/** The body of POST /api/v1/imports/workouts (command-service/src/imports/routes.ts). */
export type ImportRequest = { format?: 'strong' | 'hevy'; weight_unit: 'kg' | 'lb'; csv: string };

/** Its answer: what was imported, what was there already, and the rows left out with the reason. */
export type ImportReport = {
  workouts_imported: number;
  workouts_skipped_existing: number;
  sets_imported: number;
  exercises_created: number;
  rows_rejected: { row: number; reason: string }[];
};

/** The server refuses larger files; checking first spares uploading one for nothing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
