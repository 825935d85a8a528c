import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useForm } from '../../lib/form.ts';
import { useServices } from '../../lib/services.ts';
import type { Units } from '../../lib/units.ts';
import { ChoiceCards } from './ChoiceCards.tsx';
import { StepActions } from './StepActions.tsx';

/** Kilograms and centimetres, or pounds and inches: the next step asks in the chosen ones. */
export function UnitsStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const settings = useSnapshot(services.settings.state);
  const [units, setUnits] = useState<Units>(settings.units);
  const form = useForm({ fallback: t('onboarding.failed'), telling: 'toast' });
  const submit = form.submit(async () => {
    // A setting like any other: it follows the account to its other devices.
    services.settings.update('units', units);
    await services.auth.updateProfile({ onboarding: 'body' });
    onDone();
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <ChoiceCards
        legend={t('onboarding.units.question')}
        value={units}
        onChange={setUnits}
        columns
        options={[
          { value: 'metric', label: t('onboarding.units.metric'), detail: t('onboarding.units.metricDetail') },
          { value: 'imperial', label: t('onboarding.units.imperial'), detail: t('onboarding.units.imperialDetail') },
        ]}
      />
      <StepActions busy={form.busy} />
    </form>
  );
}
