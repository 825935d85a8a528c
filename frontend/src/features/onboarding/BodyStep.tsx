import type { UpdateProfileBody } from '@fitness/contracts';
import { GENDERS } from '@fitness/contracts/users/events.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TextField } from '../../components/Field.tsx';
import { useForm } from '../../lib/form.ts';
import { localToday, unitLabel } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import {
  displayHeight,
  displayWeight,
  heightToCm,
  heightUnit,
  parseDecimal,
  weightToKg,
  weightUnit,
} from '../../lib/units.ts';
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
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { units } = useSnapshot(services.settings.state);
  const profile = user?.profile;
  const shownWeight = profile?.weight ? String(displayWeight(profile.weight, units)) : '';
  const [draft, setDraft] = useState<Draft>(() => ({
    gender: (GENDERS as readonly string[]).includes(profile?.gender ?? '') ? (profile?.gender as Gender) : null,
    birth_date: profile?.birth_date ?? '',
    height: profile?.height ? String(displayHeight(profile.height, units)) : '',
    weight: shownWeight,
  }));
  const form = useForm({ fallback: t('onboarding.failed'), telling: 'toast', fields: FIELDS });
  const number = (text: string) => (text.trim() === '' ? Number.NaN : parseDecimal(text));

  const save = form.submit(async () => {
    const weight = weightToKg(number(draft.weight), units);
    await services.auth.updateProfile({
      gender: draft.gender as UpdateProfileBody['gender'],
      birth_date: draft.birth_date,
      height: Math.round(heightToCm(number(draft.height), units) * 10) / 10,
      ...(draft.weight !== shownWeight && { weight: Math.round(weight * 100) / 100, weighed_on: localToday() }),
      onboarding: 'goal',
    });
    onDone();
  });

  function submit(event: FormEvent) {
    const missing = FIELDS.filter((field) => {
      if (field === 'gender') return draft.gender === null;
      if (field === 'birth_date') return draft.birth_date === '';
      return !Number.isFinite(number(draft[field]));
    });
    if (missing.length > 0) {
      event.preventDefault();
      form.refuse(Object.fromEntries(missing.map((field) => [field, [t(`onboarding.body.missing.${field}`)]])));
      return;
    }
    void save(event);
  }

  const set = (field: 'birth_date' | 'height' | 'weight') => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

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
          onChange={set('birth_date')}
          error={form.fieldError('birth_date')}
        />
        <TextField
          label={t('profile.height', { unit: unitLabel(heightUnit(units), i18n.language) })}
          inputMode="decimal"
          value={draft.height}
          onChange={set('height')}
          error={form.fieldError('height')}
        />
        <TextField
          label={t('profile.weight', { unit: unitLabel(weightUnit(units), i18n.language) })}
          inputMode="decimal"
          value={draft.weight}
          onChange={set('weight')}
          hint={t('onboarding.body.weightHint')}
          error={form.fieldError('weight')}
        />
      </div>
      <StepActions busy={form.busy} onBack={onBack} />
    </form>
  );
}
