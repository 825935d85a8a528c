import { Scale } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay, formatNumber, formatWeightIn, unitLabel } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { displayWeight, parseDecimal, weightToKg, weightUnit } from '../../lib/units.ts';
import type { WeighIns } from './store.ts';

// recharts loads with the chart, not with the app.
const WeightChart = lazy(() => import('./WeightChart.tsx').then((module) => ({ default: module.WeightChart })));

/** The last year of weigh-ins as a chart, and today's weigh-in; follows other devices live. */
export function WeightHistory({ weighIns: store }: { weighIns: WeighIns }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { units } = useSnapshot(services.settings.state);
  const { weighIns } = useSnapshot(store.state);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unit = unitLabel(weightUnit(units), i18n.language);
  // The server's range (20 to 500 kg), said in the user's own unit.
  const invalid = t('profile.weightHistory.invalid', {
    min: formatNumber(displayWeight(20, units), i18n.language, 0),
    max: formatNumber(displayWeight(500, units), i18n.language, 0),
    unit,
  });

  useStoreWhileMounted(store);

  async function record(event: FormEvent) {
    event.preventDefault();
    const value = parseDecimal(draft);
    if (draft.trim() === '' || !Number.isFinite(value)) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const kg = weightToKg(value, units);
      // Today's weigh-in is the current weight, which the targets and BMI use.
      await services.auth.updateProfile({ weight: Math.round(kg * 100) / 100 });
      await store.record(kg);
      setDraft('');
      services.toasts.success(t('profile.weightHistory.saved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setError(invalid);
      } else {
        services.toasts.error(t('profile.weightHistory.failed'));
      }
    } finally {
      setBusy(false);
    }
  }

  const points = (weighIns ?? []).map(({ date, weight }) => ({ date, weight: displayWeight(weight, units) }));
  const latest = points.at(-1);
  return (
    <section className="card stack-sm" aria-labelledby="weight-history-title" data-testid="weight-history">
      <h2 id="weight-history-title" className="row" style={{ gap: 'var(--space-2)' }}>
        <Scale size={20} aria-hidden />
        {t('profile.weightHistory.title')}
      </h2>
      {weighIns === null && <Spinner />}
      {weighIns !== null && points.length === 0 && <p className="muted">{t('profile.weightHistory.empty')}</p>}
      {latest && (
        <p className="muted">
          {t('profile.weightHistory.latest', {
            weight: formatWeightIn(latest.weight, weightUnit(units), i18n.language),
            date: formatDay(latest.date, i18n.language),
          })}
        </p>
      )}
      {points.length > 1 && (
        <Suspense fallback={<Spinner />}>
          <WeightChart points={points} unit={unit} />
        </Suspense>
      )}
      <form className="row" onSubmit={record} noValidate style={{ gap: 'var(--space-2)', flexWrap: 'nowrap' }}>
        <label htmlFor="weigh-in" className="visually-hidden">
          {t('profile.weightHistory.today', { unit })}
        </label>
        <input
          id="weigh-in"
          className="input"
          inputMode="decimal"
          placeholder={t('profile.weightHistory.today', { unit })}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'weigh-in-error' : undefined}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {t('profile.weightHistory.record')}
        </Button>
      </form>
      {error && (
        <p id="weigh-in-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
