import type { ImportWorkoutsBody } from '@fitness/contracts';

export type { ImportReport } from '@fitness/contracts';

/** The body of POST /api/v1/imports/workouts, as the dialog always sends it (with a weight unit). */
export type ImportRequest = ImportWorkoutsBody & { weight_unit: NonNullable<ImportWorkoutsBody['weight_unit']> };

/** The server refuses larger files; checking first spares uploading one for nothing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
