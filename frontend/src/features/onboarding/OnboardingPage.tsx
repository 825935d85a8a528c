import {
  FIRST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  type OnboardingStep,
  onboardingUnderWay,
} from '@fitness/contracts/users/onboarding.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { useForm } from '../../lib/form.ts';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { BodyStep } from './BodyStep.tsx';
import { GoalStep } from './GoalStep.tsx';
import { markOffered } from './offered.ts';
import { TargetsDone } from './TargetsDone.tsx';
import { UnitsStep } from './UnitsStep.tsx';
import './onboarding.css';

type Shown = OnboardingStep | 'done';

/**
 * The first day: units, body metrics and goal, which set the nutrition targets (the server works
 * them out from the profile). Each step's answers are saved with the step reached, on the
 * account, so leaving and coming back (here or on another device) resumes there. Skip ends it
 * for good; the profile opens it again from the start.
 */
export function OnboardingPage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const [shown, setShown] = useState<Shown>(() =>
    onboardingUnderWay(user?.onboarding) ? user.onboarding : FIRST_ONBOARDING_STEP,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const skipping = useForm({ fallback: t('onboarding.failed'), telling: 'toast' });
  const userId = user?.id;

  useEffect(() => {
    if (userId) markOffered(userId);
  }, [userId]);

  if (!user) return null;
  const skip = skipping.submit(async () => {
    await services.auth.updateProfile({ onboarding: 'skipped' });
    navigate('/dashboard');
  });
  /** To another step, read from its heading as a new page would be (once React has shown it). */
  const go = (next: Shown) => {
    setShown(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const index = shown === 'done' ? ONBOARDING_STEPS.length : ONBOARDING_STEPS.indexOf(shown);
  const count = (n: number) => formatNumber(n, i18n.language, 0);

  return (
    <div className="onboarding">
      <PageHeader
        title={t('onboarding.title')}
        subtitle={t('onboarding.subtitle')}
        actions={
          shown !== 'done' && (
            <Button variant="ghost" onClick={() => void skip()} busy={skipping.busy}>
              {t('onboarding.skip')}
            </Button>
          )
        }
      />
      {shown !== 'done' && (
        <ol
          className="onboarding-steps"
          aria-label={t('onboarding.progress', { n: count(index + 1), of: count(ONBOARDING_STEPS.length) })}
        >
          {ONBOARDING_STEPS.map((step, i) => (
            <li
              key={step}
              className={i <= index ? 'reached' : undefined}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className="visually-hidden">{t(`onboarding.${step}.title`)}</span>
            </li>
          ))}
        </ol>
      )}
      <section className="card onboarding-card stack" aria-labelledby="onboarding-step">
        <h2 id="onboarding-step" ref={heading} tabIndex={-1}>
          {shown === 'done' ? t('onboarding.done.title') : t(`onboarding.${shown}.title`)}
        </h2>
        {shown === 'units' && <UnitsStep onDone={() => go('body')} />}
        {shown === 'body' && <BodyStep onDone={() => go('goal')} onBack={() => go('units')} />}
        {shown === 'goal' && <GoalStep onDone={() => go('done')} onBack={() => go('body')} />}
        {shown === 'done' && <TargetsDone />}
      </section>
    </div>
  );
}
