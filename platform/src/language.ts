import { LANGUAGES, type Language } from '@fitness/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The language a client reads in: the first of en, de and ar its Accept-Language names (the
 * web app sends its locale), English otherwise.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  const tags = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase().split('-')[0])
    .filter((tag): tag is string => Boolean(tag));
  return (tags.find((tag) => (LANGUAGES as readonly string[]).includes(tag)) as Language | undefined) ?? 'en';
}
