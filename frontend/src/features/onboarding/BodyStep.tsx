import type { UpdateProfileBody } from '@fitness/contracts';
import { GENDERS } from '@fitness/contracts/users/events.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  BodyMeasureFields,
  shownHeight,
  shownWeight,
  typedHeight,
  typedWeight,
} from '../../components/BodyMeasureFields.tsx';
import { TextField } from '../../components/Field.tsx';
import { useForm } from '../../lib/form.ts';
import { localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { ChoiceCards } from './ChoiceCards.tsx';
import { StepActions } from './StepActions.tsx';

type Gender = (typeof GENDERS)[number];
type Draft = { gender: Gender | null; birth_date: string; height: string; weight: string };
const FIELDS = ['gender', 'birth_date', 'height', 'weight'] as const;

/** The day `years` years before today, for the date picker's bounds (the profile takes 13 to 120). */
function yearsAgo(years: number) {
  const today = localToday();
  const day = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
  return `${Number(today.slice(0, 4)) - years}${day}`;
}

/**
 * What the energy estimate needs: gender, birth date (which stays right as the years pass, where
 * an age would not), height and weight, in the units just chosen. The weight is recorded as
 * today's weigh-in, the weight's one source; one already recorded is not recorded again.
 */
export function BodyStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { units } = useSnapshot(services.settings.state);
  const profile = user?.profile;
  const weightShown = shownWeight(profile?.weight, units);
  const [draft, setDraft] = useState<Draft>(() => ({
    gender: (GENDERS as readonly string[]).includes(profile?.gender ?? '') ? (profile?.gender as Gender) : null,
    birth_date: profile?.birth_date ?? '',
    height: shownHeight(profile?.height, units),
    weight: weightShown,
  }));
  const form = useForm({ fallback: t('onboarding.failed'), telling: 'toast', fields: FIELDS });
  const height = typedHeight(draft.height, units);
  const weight = typedWeight(draft.weight, units);

  const missing = (field: (typeof FIELDS)[number]) => {
    if (field === 'gender') return draft.gender === null;
    if (field === 'birth_date') return draft.birth_date === '';
    return !Number.isFinite(field === 'height' ? height : weight);
  };

  const submit = form.submit(
    async () => {
      await services.auth.updateProfile({
        gender: draft.gender as UpdateProfileBody['gender'],
        birth_date: draft.birth_date,
        height,
        ...(draft.weight !== weightShown && weight !== null && { weight, weighed_on: localToday() }),
        onboarding: 'goal',
      });
      onDone();
    },
    () => Object.fromEntries(FIELDS.filter(missing).map((field) => [field, [t(`onboarding.body.missing.${field}`)]])),
  );

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <ChoiceCards
        legend={t('profile.gender')}
        value={draft.gender}
        onChange={(gender) => setDraft({ ...draft, gender })}
        columns
        options={GENDERS.map((gender) => ({ value: gender, label: t(`profile.genders.${gender}`) }))}
        error={form.fieldError('gender')}
      />
      <div className="form-grid">
        <TextField
          label={t('profile.birthDate')}
          type="date"
          max={yearsAgo(13)}
          min={yearsAgo(120)}
          value={draft.birth_date}
          onChange={(event) => setDraft({ ...draft, birth_date: event.target.value })}
          error={form.fieldError('birth_date')}
        />
        <BodyMeasureFields
          height={draft.height}
          weight={draft.weight}
          units={units}
          onChange={(measure, text) => setDraft({ ...draft, [measure]: text })}
          weightHint={t('onboarding.body.weightHint')}
          errorOf={form.fieldError}
        />
      </div>
      <StepActions busy={form.busy} onBack={onBack} />
    </form>
  );
}
