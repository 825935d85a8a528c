import type { FieldErrors } from '@fitness/contracts';
import { Ajv, type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two validators, as Fastify's docs suggest for differing HTTP parts: JSON bodies are checked
 * strictly (a number must arrive as a number, so "" never silently becomes 0), while query
 * strings and path parameters, which are always text, are coerced to the schema's types.
 * ajv-errors lets a schema carry the message users see (`errorMessage`).
 */
function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  ajvFormats.default(ajv);
  ajvErrors.default(ajv);
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

/**
 * At most this many fields are told what is wrong with them, so an answer stays a few KB
 * whatever was sent (a body has at most 200 values: json-body.ts).
 */
export const MAX_REPORTED_FIELDS = 20;

/** Turns ajv errors into Laravel-style field errors: `{ "reps": ["Please enter ..."] }`. */
export function toFieldErrors(errors: ErrorObject[], part: string): FieldErrors {
  const fieldErrors: FieldErrors = {};
  let fields = 0;
  for (const error of errors) {
    const [field, message] = describe(error, part);
    const list = fieldErrors[field];
    if (list === undefined) {
      if (fields === MAX_REPORTED_FIELDS) break;
      fields += 1;
    }
    if (!list?.includes(message)) fieldErrors[field] = [...(list ?? []), message];
  }
  return fieldErrors;
}

function describe(error: ErrorObject, part: string): [string, string] {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const field = path || part;
  const label = (name: string) => `The ${name.replaceAll('_', ' ').replaceAll('.', ' ')}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'errorMessage': {
      // A custom message for a missing property is reported on the object; name the property.
      const replaced = (params.errors as ErrorObject[] | undefined)?.[0];
      const missing = replaced?.keyword === 'required' ? String(replaced.params.missingProperty) : null;
      return [missing ? (path ? `${path}.${missing}` : missing) : field, error.message ?? 'Invalid value.'];
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const name = path ? `${path}.${missing}` : missing;
      return [name, `${label(missing)} field is required.`];
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      return [path ? `${path}.${extra}` : extra, `${label(extra)} field is not allowed here.`];
    }
    case 'type':
      return [field, `${label(field)} field must be ${article(String(params.type))}.`];
    case 'minProperties':
      return [field, 'Send at least one field to change.'];
    default:
      return [field, `${label(field)} field ${error.message ?? 'is invalid'}.`];
  }
}

function article(type: string) {
  const names: Record<string, string> = {
    object: 'an object',
    array: 'a list',
    string: 'text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join(' or ');
}
