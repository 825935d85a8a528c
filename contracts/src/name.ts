import { Type } from 'typebox';
import { MAX_NAME_LENGTH, NAME_PATTERN } from './name-pattern.ts';

/** A name field of a request body; `what` starts its message ("The workout name"). */
export const NameField = (what: string, maxLength = MAX_NAME_LENGTH) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: NAME_PATTERN,
    errorMessage: `${what} must be 1 to ${maxLength} characters on one line, without control characters.`,
  });
