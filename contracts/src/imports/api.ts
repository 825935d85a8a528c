import { type Static, Type } from 'typebox';

/** Bounds of one upload: a few years of daily training fits; one request stays well under a minute. */
export const MAX_EXPORT_MEGABYTES = 5;
export const MAX_EXPORT_ROWS = 20_000;

/** What the `csv` field says when the file holds nothing to read. */
export const EMPTY_CSV_MESSAGE = 'The csv field must hold the text of the exported CSV file.';

/**
 * POST /imports/workouts, as JSON: the file as a string beside its options. JSON's escaping at
 * worst doubles the size (a file of nothing but quotes), hence the route's body limit. The same
 * route takes the file as it is (`Content-Type: text/csv`, the options in the query, see
 * ImportWorkoutsQuery), which the web client sends: no escaping, and no 10 MB of JSON to parse
 * on the thread that answers everyone.
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
    csv: Type.String({ pattern: '\\S', errorMessage: EMPTY_CSV_MESSAGE }),
  },
  { additionalProperties: false },
);
export type ImportWorkoutsBody = Static<typeof ImportWorkoutsBody>;

/** The options of a `text/csv` upload (the body is the file). */
export const ImportWorkoutsQuery = Type.Object(
  {
    format: ImportWorkoutsBody.properties.format,
    weight_unit: ImportWorkoutsBody.properties.weight_unit,
  },
  { additionalProperties: false },
);
export type ImportWorkoutsQuery = Static<typeof ImportWorkoutsQuery>;

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
