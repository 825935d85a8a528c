import { useTranslation } from 'react-i18next';
import { unitLabel } from '../lib/format.ts';
import {
  displayHeight,
  displayWeight,
  heightToCm,
  heightUnit,
  parseDecimal,
  type Units,
  weightToKg,
  weightUnit,
} from '../lib/units.ts';
import { TextField } from './Field.tsx';

/** A profile's height (cm) as its field shows it, in the user's unit; '' when not known. */
export const shownHeight = (cm: number | null | undefined, units: Units) =>
  cm ? String(displayHeight(cm, units)) : '';
/** A profile's weight (kg) as its field shows it, in the user's unit; '' when not known. */
export const shownWeight = (kg: number | null | undefined, units: Units) =>
  kg ? String(displayWeight(kg, units)) : '';

/** A measure as typed, in the API's unit to `decimals`: null when left blank, NaN when not a number. */
function typed(text: string, toMetric: (value: number) => number, decimals: number) {
  if (text.trim() === '') return null;
  const value = parseDecimal(text);
  return Number.isFinite(value) ? Math.round(toMetric(value) * 10 ** decimals) / 10 ** decimals : Number.NaN;
}
/** A typed height in centimetres, to 0.1 cm. */
export const typedHeight = (text: string, units: Units) => typed(text, (value) => heightToCm(value, units), 1);
/** A typed weight in kilograms, to 0.01 kg like every weigh-in, so 165 lb shows again as 165 lb. */
export const typedWeight = (text: string, units: Units) => typed(text, (value) => weightToKg(value, units), 2);

type Measure = 'height' | 'weight';

/**
 * The body's height and weight as the profile and the onboarding ask them: typed in the user's
 * units (see shownHeight and typedHeight), each with its error; the weight's hint is the form's.
 */
export function BodyMeasureFields({
  height,
  weight,
  units,
  onChange,
  weightHint,
  errorOf,
}: {
  height: string;
  weight: string;
  units: Units;
  onChange: (measure: Measure, text: string) => void;
  weightHint: string;
  errorOf: (measure: Measure) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <TextField
        label={t('profile.height', { unit: unitLabel(heightUnit(units), i18n.language) })}
        inputMode="decimal"
        value={height}
        onChange={(event) => onChange('height', event.target.value)}
        error={errorOf('height')}
      />
      <TextField
        label={t('profile.weight', { unit: unitLabel(weightUnit(units), i18n.language) })}
        inputMode="decimal"
        value={weight}
        onChange={(event) => onChange('weight', event.target.value)}
        hint={weightHint}
        error={errorOf('weight')}
      />
    </>
  );
}
