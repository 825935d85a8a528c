import { MAX_NOTES_LENGTH } from '@fitness/contracts/workouts/set-limits.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The note as stored (null: none). */
  note: string | null;
  label: string;
  /** Open for typing (the menu's "add note" opens it); closed, a note shows as text to tap. */
  editing: boolean;
  onEditing(editing: boolean): void;
  /** Saves the note (null: removed); false when it could not be (the field stays open). */
  onSave(note: string | null): Promise<boolean>;
};

/**
 * A note of a workout or an exercise, written where it shows: leaving the field or Ctrl+Enter
 * saves it, Escape puts back what was there.
 */
export function NoteField({ note, label, editing, onEditing, onSave }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(note ?? '');
  const field = useRef<HTMLTextAreaElement>(null);
  const cancelled = useRef(false);

  // Only opening the field takes the stored note in: a push meanwhile does not replace the typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the note is read when the field opens
  useEffect(() => {
    if (!editing) return;
    cancelled.current = false;
    setText(note ?? '');
    field.current?.focus();
  }, [editing]);

  if (!editing) {
    if (!note) return null;
    return (
      <button
        type="button"
        className="note-text"
        dir="auto"
        aria-label={`${label}: ${note}`}
        onClick={() => onEditing(true)}
      >
        {note}
      </button>
    );
  }

  async function save() {
    if (cancelled.current) return;
    const kept = text.trim() || null;
    if (kept === (note ?? null) || (await onSave(kept))) onEditing(false);
  }

  return (
    <textarea
      ref={field}
      className="textarea note-input"
      dir="auto"
      aria-label={label}
      placeholder={t('logger.notePlaceholder')}
      maxLength={MAX_NOTES_LENGTH}
      rows={2}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          cancelled.current = true;
          onEditing(false);
        }
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.blur();
      }}
      onBlur={() => void save()}
    />
  );
}
