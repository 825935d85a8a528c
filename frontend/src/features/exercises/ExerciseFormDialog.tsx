import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useForm } from '../../lib/form.ts';
import { choiceOptions } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import type { Exercises } from './store.ts';
import { CATEGORIES, DIFFICULTIES, EQUIPMENT, type Exercise, type ExerciseBody, MUSCLES, UNITS } from './types.ts';

type Draft = Required<Omit<ExerciseBody, 'instructions' | 'tips'>> & { instructions: string; tips: string };

const blank: Draft = {
  name: '',
  category: 'strength',
  primary_muscle: 'chest',
  equipment: 'bodyweight',
  difficulty: 'beginner',
  unit: 'reps',
  instructions: '',
  tips: '',
};

/** The form's closed choices: the draft field, its label key, its enum and its values. */
const CHOICES = [
  ['category', 'category', 'category', CATEGORIES],
  ['primary_muscle', 'muscle', 'muscle', MUSCLES],
  ['equipment', 'equipment', 'equipment', EQUIPMENT],
  ['difficulty', 'difficulty', 'difficulty', DIFFICULTIES],
  ['unit', 'unit', 'unit', UNITS],
] as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Creates a custom exercise, or edits one (`editing`). Duplicate names get the spec's message. */
export function ExerciseFormDialog({
  library,
  open,
  editing,
  onClose,
}: {
  library: Exercises;
  open: boolean;
  editing: Exercise | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const [draft, setDraft] = useState<Draft>(blank);
  const form = useForm({
    fallback: editing ? t('exercises.failedToUpdate') : t('exercises.failedToCreate'),
    telling: 'toast',
  });

  const reset = () => {
    form.reset();
    setDraft(
      editing
        ? {
            name: editing.name,
            category: editing.category,
            primary_muscle: editing.primary_muscle,
            equipment: editing.equipment,
            difficulty: editing.difficulty,
            unit: editing.unit,
            instructions: editing.instructions.join('\n'),
            tips: editing.tips.join('\n'),
          }
        : blank,
    );
  };

  const set =
    <K extends keyof Draft>(key: K) =>
    (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value });
  const options = (values: readonly string[], enumName: string) => choiceOptions(t, `enums.${enumName}`, values);

  const submit = form.submit(
    async () => {
      const body: ExerciseBody = { ...draft, instructions: lines(draft.instructions), tips: lines(draft.tips) };
      if (editing) await library.update(editing.id, body);
      else await library.create(body);
      toasts.success(editing ? t('exercises.updated') : t('exercises.created'), draft.name.trim());
      onClose();
    },
    () => ({ ...(!draft.name.trim() && { name: [t('exercises.nameRequired')] }) }),
  );

  return (
    <FormDialog
      open={open}
      onShow={reset}
      onClose={onClose}
      titleId="exercise-form-title"
      title={editing ? t('exercises.editTitle') : t('exercises.createTitle')}
      wide
      noValidate
      onSubmit={submit}
      busy={form.busy}
      submitLabel={t('exercises.save')}
    >
      <TextField
        label={t('exercises.name')}
        value={draft.name}
        maxLength={120}
        onChange={set('name')}
        error={form.fieldError('name')}
        autoFocus
      />
      <div className="form-grid">
        {CHOICES.map(([field, label, enumName, values]) => (
          <SelectField
            key={field}
            label={t(`exercises.${label}`)}
            value={draft[field]}
            onChange={set(field)}
            options={options(values, enumName)}
          />
        ))}
      </div>
      <TextAreaField
        label={t('exercises.instructions')}
        hint={t('exercises.instructionsHint')}
        error={form.fieldError('instructions')}
        value={draft.instructions}
        onChange={set('instructions')}
      />
      <TextAreaField
        label={t('exercises.tips')}
        hint={t('exercises.tipsHint')}
        error={form.fieldError('tips')}
        value={draft.tips}
        onChange={set('tips')}
      />
    </FormDialog>
  );
}
