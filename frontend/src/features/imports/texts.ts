import { useTranslation } from 'react-i18next';

/**
 * The English texts of the import screens, under `imports.<key>` in the locale files. They are
 * passed as i18next's default value, so the screens read in English wherever a locale file does
 * not have a key yet; once every locale has them this table only documents them.
 */
export const IMPORT_TEXTS = {
  open: 'Import',
  title: 'Import workouts',
  intro:
    'Bring your training history from Strong or Hevy: export your workouts as a CSV file in that app and choose it here. Importing the same file again adds nothing twice.',
  file: 'CSV file',
  format: 'Format',
  formatAuto: 'Detect automatically',
  formatStrong: 'Strong',
  formatHevy: 'Hevy',
  weightUnit: 'Weights in the file',
  weightUnitHint: 'Strong exports weights in the unit its settings use. Hevy files name their unit themselves.',
  unitKg: 'Kilograms (kg)',
  unitLb: 'Pounds (lb)',
  submit: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose the CSV file to import.',
  tooLarge: 'The file is larger than 5 MB. Export a shorter period and import it in parts.',
  interrupted:
    'The import did not finish in time and may still be running. Import the same file again in a minute: nothing is added twice.',
  failed: 'The import failed. Please try again.',
  reportTitle: 'Import finished',
  workoutsImported: 'Workouts imported',
  workoutsSkipped: 'Already imported',
  setsImported: 'Sets imported',
  exercisesCreated: 'Custom exercises created',
  rowsRejected: 'Rows left out',
  rejectedTitle: 'Rows left out, and why',
  rejectedRow: 'Row {{row}}: {{reason}}',
  moreRejected: '…and {{count}} more.',
  again: 'Import another file',
} as const;

export type ImportTextKey = keyof typeof IMPORT_TEXTS;

/** `t` for the import screens: `imports.<key>`, falling back to the English text above. */
export function useImportText() {
  const { t, i18n } = useTranslation();
  const text = (key: ImportTextKey, values: Record<string, string | number> = {}) =>
    t(`imports.${key}`, { ...values, defaultValue: IMPORT_TEXTS[key] });
  return { text, language: i18n.language };
}
