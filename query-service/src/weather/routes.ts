import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, type WeatherLocation, WeatherQuery, WeatherResponse } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/admission.ts';
import type { QueryServices } from '../services.ts';

/**
 * The current weather where the browser says the user is (latitude and longitude in the query),
 * else at the configured place. Not a read model: it comes from the weather provider port.
 */
export const weatherQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const { weather } = services;

  app.get(
    '',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Current weather at the given position or the configured place; says so when unavailable',
        querystring: WeatherQuery,
        response: { 200: WeatherResponse, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      const place: WeatherLocation | null =
        latitude !== undefined && longitude !== undefined
          ? { latitude, longitude, name: `${latitude.toFixed(2)}, ${longitude.toFixed(2)}` }
          : weather.defaultLocation;
      if (!place) return { available: false as const, reason: 'no-location' as const };
      try {
        return { available: true as const, weather: await weather.provider.current(place) };
      } catch (error) {
        request.log.warn({ err: error }, 'weather unavailable');
        return { available: false as const, reason: 'unreachable' as const };
      }
    },
  );
};
