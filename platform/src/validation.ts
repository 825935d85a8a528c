import type { FieldErrors } from '@fitness/contracts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two kinds of validators, as Fastify's docs suggest for differing HTTP parts: JSON bodies are
 * checked strictly (a number must arrive as a number, so "" never silently becomes 0), while
 * query strings and path parameters, which are always text, are coerced to the schema's types.
 * ajv-errors lets a schema carry the message users see (`errorMessage`); it needs every error
 * collected (`allErrors`), which costs a pass over the whole input.
 */
function createAjv(coerceTypes: boolean, allErrors: boolean) {
  const ajv = new Ajv({ allErrors, coerceTypes, useDefaults: true, removeAdditional: false, strict: false });
  ajvFormats.default(ajv);
  if (allErrors) ajvErrors.default(ajv);
  return ajv;
}

const ajvs = {
  body: { first: createAjv(false, false), every: createAjv(false, true) },
  text: { first: createAjv(true, false), every: createAjv(true, true) },
};

/** At most this many errors are reported, so an answer stays a few KB whatever was sent. */
export const MAX_REPORTED_ERRORS = 20;

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Valid input passes one check that stops at the first error; invalid input is checked again
 * collecting every error, with the schema's own messages, at most MAX_REPORTED_ERRORS of them.
 * The work is bounded by the schema and the body's bounds (json-body.ts: at most 200 values),
 * not by how much an attacker sends.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const { first, every } = httpPart === 'body' ? ajvs.body : ajvs.text;
  const firstError = first.compile(schema as object);
  // Compiled when first needed: most schemas never see invalid input, and servers start sooner.
  let everyError: ValidateFunction | undefined;
  const validate: Validate = (data) => {
    if (firstError(data)) return true;
    everyError ??= every.compile(schema as object);
    everyError(data);
    validate.errors = everyError.errors?.slice(0, MAX_REPORTED_ERRORS) ?? firstError.errors;
    return false;
  };
  return validate;
};

/** Turns ajv errors into Laravel-style field errors: `{ "reps": ["Please enter ..."] }`. */
export function toFieldErrors(errors: ErrorObject[], part: string): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const error of errors) {
    const [field, message] = describe(error, part);
    const list = fieldErrors[field] ?? [];
    if (!list.includes(message)) fieldErrors[field] = [...list, message];
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
