import { weighedIn } from '@fitness/contracts/users/profile-weight.ts';
import { Scale } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import { useForm } from '../../lib/form.ts';
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
  const [typo, setTypo] = useState(false);
  const form = useForm({ fallback: t('profile.weightHistory.failed'), telling: 'toast', fields: ['weight'] });
  const unit = unitLabel(weightUnit(units), i18n.language);
  // The server's range (20 to 500 kg), said in the user's own unit.
  const invalid = t('profile.weightHistory.invalid', {
    min: formatNumber(displayWeight(20, units), i18n.language, 0),
    max: formatNumber(displayWeight(500, units), i18n.language, 0),
    unit,
  });

  useStoreWhileMounted(store);

  const save = form.submit(async () => {
    const weighIn = await store.record(weightToKg(parseDecimal(draft), units));
    // The latest weigh-in is the profile's weight (the server's users model says the same).
    const user = services.auth.state.user;
    if (user) services.auth.updateUser({ ...user, profile: weighedIn(user.profile, weighIn) });
    setDraft('');
    // Offline it waits on this device: "saved" would say more than is true yet.
    services.toasts.success(
      t(services.offline.state.online ? 'profile.weightHistory.saved' : 'profile.weightHistory.keptOffline'),
    );
  });

  function record(event: FormEvent) {
    event.preventDefault();
    const typed = draft.trim() !== '' && Number.isFinite(parseDecimal(draft));
    setTypo(!typed);
    if (typed) void save();
  }
  // The server's refusal is its range, which `invalid` says in the user's unit.
  const error = typo || form.fieldError('weight') ? invalid : null;

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
        <Button type="submit" size="sm" busy={form.busy}>
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
