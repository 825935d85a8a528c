import { Type } from 'typebox';

/**
 * The highest page any list serves. Far beyond any real list, yet small enough that the offset
 * it makes stays a safe integer for every store (1e300 once reached SQLite as a float and failed).
 */
const MAX_PAGE = 100_000;

/** `page` of a paged list: a whole number from 1 to MAX_PAGE. */
export const PageNumber = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  errorMessage: `The page must be a whole number from 1 to ${MAX_PAGE}.`,
});

/** `per_page` of a paged list: a whole number from 1 to `maximum`, `fallback` when absent. */
export function PerPage(maximum: number, fallback?: number) {
  return Type.Integer({
    minimum: 1,
    maximum,
    ...(fallback !== undefined && { default: fallback }),
    errorMessage: `The per page value must be a whole number from 1 to ${maximum}.`,
  });
}

/** A paged list's `meta`, as pageMeta makes it. */
export const PageMeta = Type.Object({
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});

/** A paged list's `meta` (PageMeta): page `page` of `perPage` items out of `total`, one page at least. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Page `page` of `perPage` items out of `all`, and the list's `meta`. */
export function pageOf<T>(all: readonly T[], page: number, perPage: number) {
  return { items: all.slice((page - 1) * perPage, page * perPage), meta: pageMeta(page, perPage, all.length) };
}
