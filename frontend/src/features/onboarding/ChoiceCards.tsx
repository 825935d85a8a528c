import { useId } from 'react';

export type Choice<T extends string> = { value: T; label: string; detail?: string };

/**
 * One choice out of a few, as cards big enough for a thumb: native radio buttons in a
 * fieldset, so keyboards (arrow keys) and screen readers treat them as the one choice they are.
 */
export function ChoiceCards<T extends string>({
  legend,
  value,
  options,
  onChange,
  error,
  columns,
}: {
  legend: string;
  value: T | null;
  options: Choice<T>[];
  onChange: (value: T) => void;
  error?: string;
  /** Side by side on every screen (short labels such as units), instead of a list on a phone. */
  columns?: boolean;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={`choice-cards${columns ? ' choice-cards-columns' : ''}`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-card">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className="choice-card-text">
            <span className="choice-card-label">{option.label}</span>
            {option.detail && <span className="choice-card-detail">{option.detail}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
