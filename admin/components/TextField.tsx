import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The sentence under the field saying what to change; the field is marked invalid while there is one. */
  error?: string;
  /** Names the error's element, so the input can point at it. */
  name: string;
}

/** A labelled input with its refusal under it. */
export function TextField({ label, value, onValue, error, name, ...input }: TextFieldProps) {
  const errorId = `ad-field-${name}-error`;
  return (
    <label className="ad-field">
      <span>{label}</span>
      <input
        {...input}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <span className="ad-error" id={errorId}>
          {error}
        </span>
      )}
    </label>
  );
}
