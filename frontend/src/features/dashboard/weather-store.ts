import type { WeatherResponse } from '@fitness/contracts/weather/api.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { KeyValueStorage } from '../../lib/storage.ts';

/** The position the user chose to share, kept on this device only. */
const POSITION_KEY = 'weather_position';
const REFRESH_MS = 15 * 60_000;

export type Position = { latitude: number; longitude: number };

function savedPosition(storage: KeyValueStorage): Position | null {
  try {
    const saved = JSON.parse(storage.getItem(POSITION_KEY) ?? 'null');
    return typeof saved?.latitude === 'number' && typeof saved?.longitude === 'number' ? saved : null;
  } catch {
    return null;
  }
}

/**
 * The weather where the user is (when they share their position) or at the server's configured
 * place, refreshed every 15 minutes while a screen shows it. `failed` means the server could not
 * be asked at all; an answer may itself say the weather is unavailable.
 */
export function createWeather(api: ApiClient, storage: KeyValueStorage) {
  const state = proxy({
    answer: null as WeatherResponse | 'failed' | null,
    position: savedPosition(storage),
  });

  const weather = liveResource({
    what: 'the weather',
    fetch: async () => {
      const position = state.position;
      try {
        return await api.get<WeatherResponse>('/weather', {
          query: position ? { latitude: position.latitude, longitude: position.longitude } : {},
        });
      } catch (error) {
        console.error('Failed to load the weather', error);
        return 'failed' as const;
      }
    },
    take: (answer) => {
      state.answer = answer;
    },
  });
  const load = () => weather.load();
  let timer: ReturnType<typeof setInterval> | null = null;

  return {
    state,
    show() {
      const hide = weather.show();
      timer ??= setInterval(load, REFRESH_MS);
      return () => {
        hide();
        if (!weather.shown && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    /** Takes the position the user shared, keeps it on this device, and asks for its weather. */
    async sharePosition(position: Position) {
      storage.setItem(POSITION_KEY, JSON.stringify(position));
      state.position = position;
      await load();
    },
  };
}

export type WeatherStore = ReturnType<typeof createWeather>;
