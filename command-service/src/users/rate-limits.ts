import rateLimit from '@fastify/rate-limit';
import type { CounterStore } from '@fitness/stores';
import type { FastifyInstance } from 'fastify';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

/**
 * The rate limiter the account routes share, answering 429 in the API's error shape. Routes opt
 * in with `config.rateLimit`; none is limited otherwise. The attempts are counted in `counters`,
 * which every command service instance shares, so running more of them does not multiply a
 * client's allowance.
 */
export async function registerAccountRateLimits(app: FastifyInstance, counters: CounterStore) {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}
