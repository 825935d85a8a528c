import { type Static, Type } from 'typebox';

/** Bounds of one upload: a few years of daily training fits; one request stays well under a minute. */
export const MAX_EXPORT_MEGABYTES = 5;
export const MAX_EXPORT_ROWS = 20_000;

/**
 * POST /imports/workouts. The file travels as a string inside JSON rather than as
 * multipart/form-data: the web client reads it with `File.text()` and posts it like every other
 * call (JSON, the same validation, error shape and API client), and the server needs no
 * multipart parser. The price is JSON's escaping, which at worst doubles the size (a file of
 * nothing but quotes), hence the route's body limit.
 */
export const ImportWorkoutsBody = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('strong'), Type.Literal('hevy')], {
        errorMessage: 'The format must be strong or hevy (or left out to detect it).',
      }),
    ),
    weight_unit: Type.Optional(
      Type.Union([Type.Literal('kg'), Type.Literal('lb')], { errorMessage: 'The weight unit must be kg or lb.' }),
    ),
    // Some visible character rather than minLength 1: ajv works out a string's length in code
    // points, a pass over all 5 MB that holds up every other request meanwhile.
    csv: Type.String({ pattern: '\\S', errorMessage: 'The csv field must hold the text of the exported CSV file.' }),
  },
  { additionalProperties: false },
);
export type ImportWorkoutsBody = Static<typeof ImportWorkoutsBody>;
export type ImportFormat = NonNullable<ImportWorkoutsBody['format']>;
export type WeightUnit = NonNullable<ImportWorkoutsBody['weight_unit']>;

/** What an import answers: what was imported, what was there already, and the rows left out with the reason. */
export const ImportReport = Type.Object({
  workouts_imported: Type.Integer(),
  /** Workouts of the file that were there already (imported before) or that the user deleted. */
  workouts_skipped_existing: Type.Integer(),
  sets_imported: Type.Integer(),
  /** Custom exercises made for names the library does not know. */
  exercises_created: Type.Integer(),
  /** Rows left out, by line number of the file, with the reason. */
  rows_rejected: Type.Array(Type.Object({ row: Type.Integer(), reason: Type.String() })),
});
export type ImportReport = Static<typeof ImportReport>;
export type RejectedRow = ImportReport['rows_rejected'][number];
