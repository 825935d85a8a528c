import { Type } from 'typebox';

/** A string that is one of `values`, refused with `message` otherwise. */
export const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { errorMessage: message },
    ),
  );

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
