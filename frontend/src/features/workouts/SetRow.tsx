import type { WorkoutSet } from '@fitness/contracts';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatSeconds } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { displayDistance, displayWeight, distanceUnit, weightUnit } from '../../lib/units.ts';
import { formatSetLoad } from './setFormat.ts';
import { type Measure, readSetDraft, type SetDraft } from './setInput.ts';

type Props = {
  set: WorkoutSet;
  number: number;
  measure: Measure;
  onSave: (set: WorkoutSet, draft: SetDraft) => Promise<boolean>;
  onRemove: (set: WorkoutSet, number: number) => void;
};

/** One set: read-only, or edited in place. */
export function SetRow({ set, number, measure, onSave, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const { units } = useSnapshot(useServices().settings.state);
  const [draft, setDraft] = useState<SetDraft | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function edit() {
    setInvalid(null);
    setDraft({
      reps: String(set.reps),
      weight: set.weight === null ? '' : String(displayWeight(set.weight, units)),
      rest: set.rest_time === null ? '' : String(set.rest_time),
      type: set.type,
      duration: set.duration === null ? '' : String(set.duration),
      distance: set.distance === null ? '' : String(displayDistance(set.distance, units)),
      notes: set.notes ?? '',
    });
  }

  async function save() {
    if (!draft) return;
    const read = readSetDraft(draft, units, measure);
    setInvalid(read.ok ? null : read.field);
    setBusy(true);
    const saved = await onSave(set, draft);
    setBusy(false);
    if (saved) setDraft(null);
  }

  if (draft) {
    const label = t('workout.setNumber', { number });
    const input = (field: keyof SetDraft, name: string, mode: 'numeric' | 'decimal', placeholder?: string) => (
      <input
        className="input"
        inputMode={mode}
        aria-label={`${label}: ${name}`}
        placeholder={placeholder}
        aria-invalid={invalid === field || undefined}
        value={draft[field]}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
      />
    );
    return (
      <tr>
        <td>{number}</td>
        <td className="hide-narrow">
          <select
            className="select"
            aria-label={`${label}: ${t('workout.type')}`}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as SetDraft['type'] })}
          >
            <option value="working">{t('workout.working')}</option>
            <option value="warmup">{t('workout.warmup')}</option>
          </select>
        </td>
        <td>
          {measure === 'time'
            ? input('duration', t('workout.durationField'), 'numeric')
            : measure === 'distance'
              ? input('distance', t('workout.distanceField', { unit: distanceUnit(units) }), 'decimal')
              : input('weight', t('workout.weight', { unit: weightUnit(units) }), 'decimal', t('workout.bodyweight'))}
        </td>
        <td>{input('reps', t('workout.reps'), 'numeric')}</td>
        <td className="hide-narrow">{input('rest', t('workout.rest'), 'numeric')}</td>
        <td className="actions">
          <Button
            size="sm"
            variant="primary"
            icon={<Check size={16} />}
            label={t('common.save')}
            busy={busy}
            onClick={save}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<X size={16} />}
            label={t('common.cancel')}
            onClick={() => setDraft(null)}
          />
        </td>
      </tr>
    );
  }

  return (
    <tr data-testid="set-row">
      <td>{number}</td>
      <td className="hide-narrow">
        <span className={`badge ${set.type === 'warmup' ? '' : 'badge-progress'}`}>
          {set.type === 'warmup' ? t('workout.warmup') : t('workout.working')}
        </span>
      </td>
      <td>
        {formatSetLoad(set, measure, t, i18n.language, units)}
        {set.notes && <span className="set-note">{set.notes}</span>}
      </td>
      <td data-testid="set-reps">{set.reps}</td>
      <td className="hide-narrow">{set.rest_time === null ? '—' : formatSeconds(set.rest_time, i18n.language)}</td>
      <td className="actions">
        <Button size="sm" variant="ghost" icon={<Pencil size={16} />} label={t('workout.editSet')} onClick={edit} />
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 size={16} />}
          label={t('workout.removeSet')}
          onClick={() => onRemove(set, number)}
        />
      </td>
    </tr>
  );
}
