import fc from 'fast-check';

/** The part of JSON Schema the route schemas use (as they appear in the OpenAPI document). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

/** Dates a calendar check must refuse or take with care: impossible days, years out of range, other shapes. */
export const oddDates = [
  '0000-01-01',
  '2026-02-30',
  '2026-02-29',
  '2024-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '1899-12-31',
  '1900-01-01',
  '2099-12-31',
  '2100-01-01',
  '9999-12-31',
  '-001-01-01',
  '2026-1-1',
  '20260101',
  '2026-11-23T10:00:00Z',
  '2026-11-23 ',
  ' 2026-11-23',
];

/** Numbers that break naive arithmetic, parsing or storage. */
const oddNumbers = [
  0,
  -0,
  -1,
  0.5,
  1e300,
  -1e300,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  2 ** 53 + 1,
  1e-300,
  123456789.123456,
];

/** Text that is not what a field expects: numbers in disguise, control and direction characters, markup, paths. */
const oddStrings = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e300',
  '0x10',
  'null',
  'true',
  'undefined',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  '💪🏽‍♀️',
  'Ω≈ç√∫',
  '\r\n',
  '\t',
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(257),
  'é'.repeat(5000),
  'a'.repeat(20_000),
  ...oddDates,
];

/** Nested arrays deep enough to trip recursive walkers (validators, serializers, deep clones). */
function deeplyNested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Any JSON value a careless or hostile client might send in place of the expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...oddNumbers, ...oddStrings, null, true, false, [], {}),
  fc.constantFrom<unknown>(
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
    deeplyNested(64),
    deeplyNested(3000),
    Array.from({ length: 2000 }, (_, index) => index),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Dates shaped like the API's, real and impossible. */
const dateLike = fc.oneof(
  fc
    .record({
      year: fc.integer({ min: 1890, max: 2110 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
    })
    .map(({ year, month, day }) => `${year}-${pad(month)}-${pad(day)}`),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom(...oddDates),
);

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** A string for the schema: one its pattern matches when fast-check can read the pattern, odd text besides. */
function stringFor(schema: JsonSchema, wild: boolean): fc.Arbitrary<string> {
  if (schema.format === 'date' || schema.pattern?.startsWith('^(19|20)')) return dateLike;
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  // The odd strings that still fit (RTL marks, emoji, markup, numbers in disguise), or all of them when wild.
  const fitting = oddStrings.filter(
    (text) => wild || (text.length >= minLength && text.length <= maxLength && (!pattern || pattern.test(text))),
  );
  let shaped: fc.Arbitrary<string> = fc.string({ minLength, maxLength: Math.min(maxLength, 300), unit: 'grapheme' });
  if (schema.format === 'email') shaped = fc.emailAddress();
  else if (schema.pattern) {
    try {
      shaped = fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= maxLength);
    } catch {
      // A pattern fast-check cannot build from (lookaheads): plain text, which it may or may not match.
    }
  }
  return fitting.length ? fc.oneof({ weight: 3, arbitrary: shaped }, fc.constantFrom(...fitting)) : shaped;
}

function numberFor(schema: JsonSchema, integer: boolean, wild: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  const inRange = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // The edges, and when wild just past them, where off-by-one checks live.
  const edges = wild ? [min, max, min - 1, max + 1] : [schema.exclusiveMinimum === undefined ? min : max, max];
  return fc.oneof({ weight: 3, arbitrary: inRange }, fc.constantFrom(...edges));
}

/**
 * Values of the schema's shape, built from the schema alone. Without `wild` they are what a
 * correct client may send (edges and odd text included); with it, hostile values are mixed in
 * at every level, a required field goes missing now and then, and an unknown one appears.
 */
export function schemaValue(schema: JsonSchema, wild: fc.Arbitrary<unknown> | null, depth = 0): fc.Arbitrary<unknown> {
  const valid = shapedValue(schema, wild, depth);
  return wild ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wild }) : valid;
}

function shapedValue(schema: JsonSchema, wild: fc.Arbitrary<unknown> | null, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => shapedValue(alternative, wild, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, wild !== null);
    case 'integer':
      return numberFor(schema, true, wild !== null);
    case 'number':
      return numberFor(schema, false, wild !== null);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(depth > 4 ? fc.constant(null) : schemaValue(schema.items ?? {}, wild, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 5) + 1,
      });
    case 'object':
      return objectFor(schema, wild, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with its properties, now and then one required missing and one extra unknown. */
function objectFor(schema: JsonSchema, wild: fc.Arbitrary<unknown> | null, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) fields[name] = schemaValue(property, wild, depth + 1);
  const shaped = fc.record(fields, { requiredKeys: required.filter((name) => name in fields) }).map(confirmed);
  if (!wild) return shaped;
  return fc
    .tuple(
      shaped,
      fc.option(fc.constantFrom(...(required.length ? required : ['-'])), { freq: 6 }),
      fc.option(fc.tuple(fc.constantFrom('extra', 'id', 'user_id', 'userId', '__proto__', 'role', ''), wild), {
        freq: 6,
      }),
    )
    .map(([value, missing, extra]) => {
      const object: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (missing !== null) delete object[missing];
      if (extra !== null)
        Object.defineProperty(object, extra[0], { value: extra[1], enumerable: true, writable: true });
      return object;
    });
}

/** A password typed twice, as forms ask: two independent strings would never pass the check. */
function confirmed(value: Record<string, unknown>) {
  if (typeof value.password === 'string' && 'password_confirmation' in value) {
    return { ...value, password_confirmation: value.password };
  }
  return value;
}
