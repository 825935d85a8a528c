import { nutritionTargets } from '@fitness/contracts/nutrition/targets.ts';
import { LayoutDashboard, Utensils } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatGrams, formatNumber, formatWater } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/** The daily targets the profile now makes: what the dashboard and the meals page show from here on. */
export function TargetsDone() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { units } = useSnapshot(services.settings.state);
  if (!user) return null;
  const targets = nutritionTargets({ ...user.profile, goals: [...user.profile.goals] });
  const locale = i18n.language;
  const facts = [
    { label: t('onboarding.done.energy'), value: t('units.kcal', { value: formatNumber(targets.kcal, locale, 0) }) },
    { label: t('meals.proteinShort'), value: formatGrams(targets.protein, locale) },
    { label: t('meals.carbsShort'), value: formatGrams(targets.carbs, locale) },
    { label: t('meals.fatShort'), value: formatGrams(targets.fat, locale) },
    { label: t('meals.water'), value: formatWater(targets.water_ml, units, locale) },
  ];

  return (
    <div className="stack">
      <p>{t('onboarding.done.body')}</p>
      <dl className="onboarding-targets" data-testid="onboarding-targets">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('onboarding.done.later')}</p>
      <div className="onboarding-actions">
        <ButtonLink href="/meals" icon={<Utensils size={18} aria-hidden />}>
          {t('onboarding.done.meals')}
        </ButtonLink>
        <ButtonLink href="/dashboard" variant="primary" icon={<LayoutDashboard size={18} aria-hidden />}>
          {t('onboarding.done.dashboard')}
        </ButtonLink>
      </div>
    </div>
  );
}
