import { type Static, Type } from 'typebox';

/**
 * The one error shape of the API (Laravel-style, which the front end's catalogue expects):
 * a human message and, for 422, messages per field.
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type ErrorBody = Static<typeof ErrorBody>;

export type FieldErrors = Record<string, string[]>;
