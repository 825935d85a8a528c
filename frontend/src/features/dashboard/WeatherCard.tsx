import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  MapPin,
  Sun,
} from 'lucide-react';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { PENDING } from './pending.ts';
import type { WeatherStore } from './weather-store.ts';

const ICONS: Record<string, typeof Sun> = {
  clear: Sun,
  'partly-cloudy': CloudSun,
  overcast: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  thunderstorm: CloudLightning,
};

/**
 * The weather where the user is (when they share their position) or at the server's configured
 * place. When the provider cannot be reached the card says so; it never shows invented weather.
 */
export const WeatherCard = memo(function WeatherCard({ store }: { store: WeatherStore }) {
  const { t, i18n } = useTranslation();
  const { settings, toasts } = useServices();
  const { units } = useSnapshot(settings.state);
  const { answer, position } = useSnapshot(store.state);
  const [locating, setLocating] = useState(false);
  const n = (value: number, digits = 0) => formatNumber(value, i18n.language, digits);
  useStoreWhileMounted(store);

  function shareLocation() {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        // Two decimals (about a kilometre) is all the weather needs; keep no more than that.
        const shared = {
          latitude: Number(coords.latitude.toFixed(2)),
          longitude: Number(coords.longitude.toFixed(2)),
        };
        setLocating(false);
        void store.sharePosition(shared);
      },
      () => {
        setLocating(false);
        toasts.error(t('weather.locationDenied'));
      },
      { timeout: 10_000, maximumAge: 60 * 60_000 },
    );
  }

  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locateButton = canLocate && (
    <div>
      <Button size="sm" variant="secondary" icon={<MapPin size={16} />} onClick={shareLocation} disabled={locating}>
        {t('weather.useMyLocation')}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (answer !== null && (answer === 'failed' || !answer.available)) {
    const reason = answer !== 'failed' && !answer.available ? answer.reason : 'unreachable';
    body = (
      <>
        <p className="muted" data-testid="weather-unavailable">
          {reason === 'no-location' ? t('weather.noLocation') : t('weather.unavailable')}
        </p>
        {locateButton}
      </>
    );
  } else {
    // Before the answer, the same layout with dashes: the card keeps its size when the weather comes.
    const weather = answer?.weather ?? null;
    const Icon = (weather && ICONS[weather.condition]) ?? Cloud;
    const temperature = (celsius: number | undefined) => {
      if (celsius === undefined) return PENDING;
      return units === 'imperial' ? `${n((celsius * 9) / 5 + 32)} °F` : `${n(celsius)} °C`;
    };
    const wind = !weather
      ? PENDING
      : units === 'imperial'
        ? `${n(weather.wind_speed / 1.609344)} mph`
        : `${n(weather.wind_speed)} km/h`;
    body = (
      <>
        <div className="row" style={{ gap: 'var(--space-3)' }}>
          <Icon size={36} aria-hidden className={weather ? undefined : 'muted'} />
          <div>
            <span className="stat-value" data-testid={weather ? 'weather-temperature' : undefined}>
              {temperature(weather?.temperature)}
            </span>
            <p className="muted">
              {weather
                ? t(`weather.conditions.${weather.condition}`, { defaultValue: weather.condition })
                : t('app.loading')}
            </p>
          </div>
        </div>
        <dl className="facts">
          <div>
            <dt>{t('weather.feelsLike')}</dt>
            <dd>{temperature(weather?.feels_like)}</dd>
          </div>
          <div>
            <dt>{t('weather.humidity')}</dt>
            <dd>{weather ? `${n(weather.humidity)} %` : PENDING}</dd>
          </div>
          <div>
            <dt>{t('weather.wind')}</dt>
            <dd>{wind}</dd>
          </div>
          {weather?.uv_index !== null && (
            <div>
              <dt>{t('weather.uvIndex')}</dt>
              <dd>{weather ? n(weather.uv_index, 1) : PENDING}</dd>
            </div>
          )}
        </dl>
        <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
          <bdi>{weather?.location ?? PENDING}</bdi>
        </p>
        {!position && locateButton}
      </>
    );
  }

  return (
    <section
      className="card stack-sm weather-card"
      aria-labelledby="weather-title"
      aria-busy={answer === null}
      data-testid="weather-card"
    >
      <h2 id="weather-title">{t('weather.title')}</h2>
      {body}
    </section>
  );
});
