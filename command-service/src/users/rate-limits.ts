import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * The rate limiter the account routes share, answering 429 in the API's error shape. Routes opt
 * in with `config.rateLimit`; none is limited otherwise.
 */
export async function registerAccountRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}
