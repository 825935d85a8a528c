import { type Static, Type } from 'typebox';

/** The spec's weather entity, in metric units (°C, km/h); the client converts for imperial users. */
export const WeatherSchema = Type.Object({
  location: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  temperature: Type.Number(),
  feels_like: Type.Number(),
  /** A WMO weather-code family, translated by the client. */
  condition: Type.String(),
  humidity: Type.Number(),
  wind_speed: Type.Number(),
  uv_index: Type.Union([Type.Number(), Type.Null()]),
  /** When the provider observed it (ISO 8601, UTC). */
  observed_at: Type.String(),
});
export type Weather = Static<typeof WeatherSchema>;

/**
 * Weather is a convenience, never a failure the user must deal with: when there is no location or
 * the provider cannot be reached, the answer says so (200) instead of an error the client would
 * toast. It never carries invented figures.
 */
export const WeatherResponse = Type.Union([
  Type.Object({ available: Type.Literal(true), weather: WeatherSchema }),
  Type.Object({
    available: Type.Literal(false),
    reason: Type.Union([Type.Literal('no-location'), Type.Literal('unreachable')]),
  }),
]);
export type WeatherResponse = Static<typeof WeatherResponse>;

export const WeatherQuery = Type.Object({
  latitude: Type.Optional(
    Type.Number({ minimum: -90, maximum: 90, errorMessage: 'The latitude must be a number from -90 to 90.' }),
  ),
  longitude: Type.Optional(
    Type.Number({ minimum: -180, maximum: 180, errorMessage: 'The longitude must be a number from -180 to 180.' }),
  ),
});

/** A place to ask about; `name` is what the user sees (coordinates when the place has no name). */
export type WeatherLocation = { latitude: number; longitude: number; name: string };

/** Families of WMO weather codes (WMO 4677, as Open-Meteo documents them). */
export function conditionOf(code: number): string {
  if (code === 0) return 'clear';
  if (code <= 2) return 'partly-cloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunderstorm';
  return 'unknown';
}
