import type { FastifyInstance } from 'fastify';
import { parse as secureJsonParse } from 'secure-json-parse';

/**
 * How much structure a JSON body may have. No form or command of the API comes near either
 * bound (the largest, an exercise with its twenty steps of instructions and ten tips, has about
 * forty values, three levels deep); a body past them is refused before it is parsed or
 * validated, which would otherwise work through every value of it. (At 1,000 values, bursts of
 * bodies of 800 unknown keys still doubled another user's p99; refused in the scan, they cost
 * no more than any small request.)
 */
export const JSON_BODY_BOUNDS = { maxValues: 200, maxDepth: 16 } as const;

/** What a body past JSON_BODY_BOUNDS is answered (413). */
export const BODY_TOO_COMPLEX = 'FITNESS_BODY_TOO_COMPLEX';

/**
 * Fastify's own JSON parser (secure-json-parse, refusing __proto__ and constructor keys), after
 * one pass over the text that refuses a body past JSON_BODY_BOUNDS, stopping where it passes them:
 * a 48 KB body of 4,900 keys is refused after its first 200, where parsing it alone took 2 ms.
 * (`readBoundedJson`, which the import's parse thread reads its bodies with too.)
 */
export function installBoundedJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const reading = readBoundedJson(body as string);
    if ('value' in reading) done(null, reading.value);
    else done(jsonBodyRefusal(reading.refused), undefined);
  });
}

/** Why a JSON body is refused, by the codes the error handler answers (422 empty or not JSON, 413 too complex). */
export type JsonBodyRefusal = 'FST_ERR_CTP_EMPTY_JSON_BODY' | 'FST_ERR_CTP_INVALID_JSON_BODY' | typeof BODY_TOO_COMPLEX;

/**
 * A JSON body read with the bounds and Fastify's parser with its options, without Fastify: on
 * the request thread (installBoundedJsonParser), or on a thread of its own, which a body of
 * megabytes (an import) would otherwise hold the request thread for as one block.
 */
export function readBoundedJson(text: string): { value: unknown } | { refused: JsonBodyRefusal } {
  if (text.length === 0) return { refused: 'FST_ERR_CTP_EMPTY_JSON_BODY' };
  if (!textWithinBounds(text)) return { refused: BODY_TOO_COMPLEX };
  try {
    return { value: secureJsonParse(text, null, { protoAction: 'error', constructorAction: 'error' }) };
  } catch {
    return { refused: 'FST_ERR_CTP_INVALID_JSON_BODY' };
  }
}

/** How each refusal is raised: its status, and a message as Fastify's parser (or the bound above) gives one (the error handler answers by the code). */
const REFUSALS: Record<JsonBodyRefusal, { statusCode: number; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'The request body is not valid JSON.' },
  [BODY_TOO_COMPLEX]: { statusCode: 413, message: 'The request body has too many values or levels.' },
};

/** The error a refused JSON body raises, which the error handler answers by its code. */
export function jsonBodyRefusal(refused: JsonBodyRefusal) {
  const { statusCode, message } = REFUSALS[refused];
  return Object.assign(new Error(message), { statusCode, code: refused });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text stays within the bounds, read without parsing it: each object or array
 * opened outside a string is a level, and it and each comma between members count as values
 * (an object of n keys has n - 1 commas), so the count is at least the members there are.
 * Malformed text is left to the parser to refuse.
 */
export function textWithinBounds(text: string, bounds: { maxValues: number; maxDepth: number } = JSON_BODY_BOUNDS) {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === COMMA) {
      if (++values > bounds.maxValues) return false;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > bounds.maxDepth || ++values > bounds.maxValues) return false;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return true;
}
