import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type Owned, realPathValue } from './fuzz-fixtures.ts';
import { hostileValue, type JsonSchema, oddDates, schemaValue } from './schema-arbitrary.ts';
import { STRONG_HEADER } from './strong-export.ts';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };
export type Operation = {
  method: string;
  /** The path under /api/v1, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};
export type FuzzRequest = {
  path: string;
  query: string;
  body: { json: unknown } | { raw: string } | null;
  auth: 'owner' | 'none' | 'garbage';
  headers: Record<string, string>;
};

/** The operations of an OpenAPI document, paths under /api/v1. */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      };
      return {
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ''),
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      };
    }),
  );
}

export function key(operation: Operation) {
  return `${operation.method} ${operation.path}`;
}

/** Path values that name nothing real, or something outside the path's reach. */
const garbagePathValue: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1e300',
    'NaN',
    'null',
    'undefined',
    '..',
    '.',
    '%',
    '%zz',
    '%00',
    '%2F',
    '%E2%80%AE',
    encodeURIComponent('\u0000'),
    encodeURIComponent('<script>'),
    encodeURIComponent("' OR 1=1 --"),
    'a'.repeat(300),
    '9007199254740993',
    ...oddDates,
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

/** The request headers the API reads, with values a client may get wrong (header-safe text only). */
const oddHeaderValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e300',
    'NaN',
    '9007199254740993',
    '99999999999',
    'x'.repeat(300),
    'de-DE,de;q=0.9',
    '*;q=x',
    '2026-02-30T10:00:00Z',
    '2026-11-27T10:00:00+25:00',
    '9999-12-31T23:59:59Z',
  ),
  fc.uuid().map(String),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((text) => text.trim()),
);
const extraHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom(
        'idempotency-key',
        'x-client-time',
        'x-min-position',
        'accept-language',
        'x-request-id',
        'x-forwarded-for',
      ),
      oddHeaderValue,
      { maxKeys: 3 },
    ),
  },
);

/** A query value as a client would write it: numbers and text as they are, anything else as JSON. */
function queryText(value: unknown) {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80';
}

/** The real values for an operation's path as one account would send them, from its fixtures. */
function realPath(operation: Operation, account: Owned) {
  const values = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => realPathValue(operation.path, parameter.name, account));
  return values.every((value) => value !== undefined) ? (values as string[]) : null;
}

/**
 * Requests for one operation: path parameters from the accounts' real things (each account's own
 * set, or mixed across accounts) or garbage; a query and a body of the schema's shape, valid or
 * with `wild` values mixed in; now and then no token, a broken one, or odd headers.
 */
export function requestArbitrary(
  operation: Operation,
  accounts: Owned[],
  wild: fc.Arbitrary<unknown>,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const fromSchema = fc.tuple(
    ...pathParameters.map((parameter) =>
      fc.oneof(
        garbagePathValue,
        schemaValue(parameter.schema, wild).map((value) => queryText(value) || 'x'),
      ),
    ),
  );
  const tuples = accounts.map((account) => realPath(operation, account)).filter((values) => values !== null);
  const pathValues: fc.Arbitrary<string[]> =
    pathParameters.length === 0
      ? fc.constant([])
      : fc.oneof(
          { weight: 2, arbitrary: fromSchema },
          ...tuples.map((values) => ({ weight: 2, arbitrary: fc.constant(values) })),
          // Real values, each from a different account or made up: a set under another's workout.
          {
            weight: 1,
            arbitrary: fc.tuple(
              ...pathParameters.map((parameter) =>
                fc.constantFrom(
                  ...accounts.flatMap((account) => realPathValue(operation.path, parameter.name, account) ?? []),
                  randomUUID(),
                ),
              ),
            ),
          },
        );

  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const queryOf = (mixedIn: fc.Arbitrary<unknown> | null, repeats: number) =>
    fc
      .tuple(
        ...queryParameters.map((parameter) =>
          fc.option(
            fc
              .array(schemaValue(parameter.schema, mixedIn), { minLength: 1, maxLength: repeats })
              // Repeated keys when wild: ?page=1&page=2.
              .map((list) =>
                list.map((value) => `${encodeURIComponent(parameter.name)}=${queryText(value)}`).join('&'),
              ),
            { freq: 3 },
          ),
        ),
        repeats > 1
          ? fc.option(fc.constantFrom('unknown=1', 'page[]=1', '__proto__[x]=1', 'a=%', '=', '&&'), { freq: 4 })
          : fc.constant(null),
      )
      .map((parts) => parts.filter((part) => part !== null).join('&'));
  const query = fc.oneof(queryOf(null, 1), queryOf(wild, 3));

  const body: fc.Arbitrary<FuzzRequest['body']> = operation.body
    ? fc.oneof(
        { weight: 6, arbitrary: validBody(operation).map((json) => ({ json })) },
        { weight: 6, arbitrary: schemaValue(operation.body, wild).map((json) => ({ json })) },
        { weight: 1, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"a":', '', 'null', '[]', '"x"', '{"a":1,"a":2}').map((raw) => ({ raw })),
        },
      )
    : operation.method === 'GET'
      ? fc.constant(null)
      : fc.option(
          hostileValue.map((json) => ({ json })),
          { freq: 6 },
        );

  return fc.record({
    path: pathValues.map((values) =>
      pathParameters.reduce(
        (path, parameter, index) => path.replace(`{${parameter.name}}`, values[index] ?? ''),
        operation.path,
      ),
    ),
    query,
    body,
    auth: fc.constantFrom<FuzzRequest['auth']>(...Array<'owner'>(10).fill('owner'), 'none', 'garbage'),
    headers: extraHeaders,
  });
}

/** Exports as Strong and Hevy write them: the header, then a row whose cells are kept or made odd. */
const EXPORTS = [
  {
    header: STRONG_HEADER,
    row: ['2026-11-21 07:30:00', 'Push Day', '1h 5m', 'Bench Press (Barbell)', '1', '60', '8', '0', '0', '', '', '8'],
  },
  {
    header:
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
    row: [
      'Pull',
      '24 Nov 2026, 19:00',
      '24 Nov 2026, 19:50',
      '',
      'Lat Pulldown (Cable)',
      '',
      '',
      '0',
      'normal',
      '55',
      '10',
      '',
      '',
      '',
    ],
  },
];

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Cell values an importer reads loosely at its peril. */
const oddCsvCells = [
  '-1',
  '1e300',
  '0x10',
  'NaN',
  '-0',
  '99999999',
  '0000-01-01 00:00:00',
  '2026-02-30 10:00:00',
  '',
  ' ',
  '\u0000',
  '\u202E',
  '1,5',
  '""',
];

/** A CSV export close enough to a real one to pass the format check, with odd cells: the importer's input. */
const csvExport = fc
  .tuple(
    fc.constantFrom(...EXPORTS),
    fc.array(
      fc.array(fc.option(fc.oneof(fc.constantFrom(...oddCsvCells), fc.string({ maxLength: 12 })), { freq: 3 }), {
        minLength: 14,
        maxLength: 14,
      }),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([format, rows]) =>
    [
      format.header,
      ...rows.map((cells) => format.row.map((cell, index) => csvCell(cells[index] ?? cell)).join(',')),
    ].join('\n'),
  );

/** A body a correct client may send; for the import, a CSV export rather than any text. */
function validBody(operation: Operation) {
  const schema = operation.body ?? {};
  if (!schema.properties?.csv) return schemaValue(schema, null);
  return fc.record({ csv: csvExport, weight_unit: fc.constantFrom('kg', 'lb') }, { requiredKeys: ['csv'] });
}
