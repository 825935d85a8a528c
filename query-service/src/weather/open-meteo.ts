import { conditionOf, type Weather, type WeatherLocation } from '@fitness/contracts';
import { type WeatherProvider, WeatherUnavailable } from './weather-provider.ts';

const CURRENT = [
  'temperature_2m',
  'relative_humidity_2m',
  'apparent_temperature',
  'weather_code',
  'wind_speed_10m',
  'uv_index',
] as const;

type OpenMeteoCurrent = Partial<Record<(typeof CURRENT)[number], number | null>> & { time?: string };

/**
 * Open-Meteo's forecast API (https://open-meteo.com/en/docs): free, no key. Asks for the current
 * conditions in metric units with times in UTC, and gives up after `timeoutMs` so a slow provider
 * never holds a dashboard up.
 */
export function openMeteo(options: { apiUrl: string; timeoutMs: number }): WeatherProvider {
  return {
    async current(location: WeatherLocation): Promise<Weather> {
      const url = new URL('/v1/forecast', options.apiUrl);
      url.searchParams.set('latitude', String(location.latitude));
      url.searchParams.set('longitude', String(location.longitude));
      url.searchParams.set('current', CURRENT.join(','));
      url.searchParams.set('temperature_unit', 'celsius');
      url.searchParams.set('wind_speed_unit', 'kmh');
      url.searchParams.set('timezone', 'GMT');

      let body: { current?: OpenMeteoCurrent };
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) throw new WeatherUnavailable(`Open-Meteo answered ${response.status}`);
        body = (await response.json()) as typeof body;
      } catch (error) {
        if (error instanceof WeatherUnavailable) throw error;
        throw new WeatherUnavailable(`Open-Meteo could not be reached: ${(error as Error).message}`);
      }

      const current = body?.current;
      const number = (name: (typeof CURRENT)[number]) => {
        const value = current?.[name];
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          throw new WeatherUnavailable(`Open-Meteo's answer has no ${name}`);
        }
        return value;
      };
      const uv = current?.uv_index;
      // Open-Meteo gives "2026-11-21T14:15" in the requested zone (GMT here).
      const observed = new Date(`${current?.time ?? ''}Z`);
      if (Number.isNaN(observed.getTime())) throw new WeatherUnavailable("Open-Meteo's answer has no time");
      return {
        location: location.name,
        latitude: location.latitude,
        longitude: location.longitude,
        temperature: number('temperature_2m'),
        feels_like: number('apparent_temperature'),
        condition: conditionOf(number('weather_code')),
        humidity: number('relative_humidity_2m'),
        wind_speed: number('wind_speed_10m'),
        uv_index: typeof uv === 'number' && Number.isFinite(uv) ? uv : null,
        observed_at: observed.toISOString(),
      };
    },
  };
}
