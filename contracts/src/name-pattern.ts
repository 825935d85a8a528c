/**
 * What a name may hold: some visible character, and no control characters (NUL, line breaks,
 * tabs, C1 codes) or broken unicode (a lone surrogate, which no encoding can store). Names show
 * on one line in lists, exports and mails; notes are where line breaks belong. ajv compiles
 * patterns with the `u` flag, in which `[\uD800-\uDFFF]` matches only an unpaired surrogate.
 * Apart from the schema (name.ts), without typebox: the import's parse thread reads names
 * through this, and loading typebox took about a third of that thread's start.
 */
export const NAME_PATTERN = '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';

/** The most characters a name has unless its field says otherwise (a user's, a workout's, an exercise's, a food's). */
export const MAX_NAME_LENGTH = 120;

const namePattern = new RegExp(NAME_PATTERN, 'u');

/** Whether a name read from elsewhere (an import) is one the API would accept, length aside. */
export const isFitName = (text: string) => namePattern.test(text);
