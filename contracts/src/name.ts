import { Type } from 'typebox';

/**
 * What a name may hold: some visible character, and no control characters (NUL, line breaks,
 * tabs, C1 codes) or broken unicode (a lone surrogate, which no encoding can store). Names show
 * on one line in lists, exports and mails; notes are where line breaks belong. ajv compiles
 * patterns with the `u` flag, in which `[\uD800-\uDFFF]` matches only an unpaired surrogate.
 */
const NAME_PATTERN = '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';

const namePattern = new RegExp(NAME_PATTERN, 'u');

/** A name field of a request body; `what` starts its message ("The workout name"). */
export const NameField = (what: string, maxLength = 120) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: NAME_PATTERN,
    errorMessage: `${what} must be 1 to ${maxLength} characters on one line, without control characters.`,
  });

/** Whether a name read from elsewhere (an import) is one the API would accept, length aside. */
export const isFitName = (text: string) => namePattern.test(text);
