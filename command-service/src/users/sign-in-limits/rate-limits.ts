import rateLimit from '@fastify/rate-limit';
import { SMALL_BODY_LIMIT } from '@fitness/platform/http-app.ts';
import type { CounterStore } from '@fitness/stores';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

type AnyProviderApp<Provider extends FastifyTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  Provider
>;

/**
 * The rate limiter the account routes share, answering 429 in the API's error shape. Routes opt
 * in with `config.rateLimit`; none is limited otherwise. The attempts are counted in `counters`,
 * which every command service instance shares, so running more of them does not multiply a
 * client's allowance. Any type provider's instance will do: the options it registers are typed
 * by the plugin, not by the routes' schemas.
 */
export async function registerAccountRateLimits<Provider extends FastifyTypeProvider>(
  app: AnyProviderApp<Provider>,
  counters: CounterStore,
) {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

/**
 * What a group of account routes sets up in its plugin: the shared rate limiter registered on it
 * (registerAccountRateLimits), and the route options of signing in, registering, the password
 * routes and closing the account, which it returns: a guest's few short fields, under the sign-in
 * rate limit (AUTH_RATE_LIMIT a minute) and a small body limit.
 */
export async function signInLimits<Provider extends FastifyTypeProvider>(
  app: AnyProviderApp<Provider>,
  services: { counters: CounterStore; authRateLimit: number },
) {
  await registerAccountRateLimits(app, services.counters);
  return {
    config: { rateLimit: { max: services.authRateLimit, timeWindow: '1 minute' } },
    bodyLimit: SMALL_BODY_LIMIT,
  };
}
