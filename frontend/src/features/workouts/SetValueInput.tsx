import { type Ref, useRef, useState } from 'react';

type Props = {
  value: string;
  label: string;
  mode: 'numeric' | 'decimal';
  placeholder?: string;
  invalid?: boolean;
  /** Each keystroke, for a row not logged yet (its draft keeps it). */
  onType?: (text: string) => void;
  /** The value kept: on Enter or on leaving the field, when it changed. */
  onKeep?: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A set's value edited where it is shown: a tap selects it for typing over, Enter or leaving the
 * field keeps it, Escape puts back what was there. While it is being typed into, a change pushed
 * from elsewhere does not overwrite the typing.
 */
export function SetValueInput({ value, label, mode, placeholder, invalid, onType, onKeep, inputRef }: Props) {
  const [typing, setTyping] = useState<string | null>(null);
  const before = useRef(value);
  const cancelled = useRef(false);

  return (
    <input
      ref={inputRef}
      className="set-value"
      inputMode={mode}
      enterKeyHint="done"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder={placeholder}
      value={typing ?? value}
      onFocus={(event) => {
        before.current = value;
        cancelled.current = false;
        setTyping(value);
        event.currentTarget.select();
      }}
      onChange={(event) => {
        setTyping(event.target.value);
        onType?.(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          // Escape belongs to this field: a dialog or menu around it stays open.
          event.stopPropagation();
          cancelled.current = true;
          onType?.(before.current);
          event.currentTarget.blur();
        }
      }}
      onBlur={() => {
        const kept = typing ?? value;
        setTyping(null);
        if (!cancelled.current && kept !== before.current) onKeep?.(kept);
      }}
    />
  );
}
