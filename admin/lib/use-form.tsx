import { useState, type ReactNode } from 'react';
import { refusalOf, type FieldErrors } from './field-errors';

export interface Form<T extends Record<string, string>> {
  values: T;
  setValues: (values: T) => void;
  /** What a TextField of this form needs: `<TextField label="…" {...field('email')} />`. */
  field: (name: keyof T & string) => { name: string; value: string; onValue: (value: string) => void; error: string | undefined };
  /** A refusal that names no field, to render in the form. */
  alert: ReactNode;
  /** Runs the form's request, keeping what a refusal says under its fields or as `alert`. */
  attempt: (action: () => Promise<void>) => Promise<void>;
  /** Refusals found before asking the server. */
  refuse: (errors: FieldErrors) => void;
}

/** A form's values and its refusals, per field or for the whole form. */
export function useForm<T extends Record<string, string>>(initial: T): Form<T> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  async function attempt(action: () => Promise<void>) {
    setErrors({});
    setMessage('');
    try {
      await action();
    } catch (err) {
      const refusal = refusalOf(err);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  }
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onValue: (value: string) => setValues((before) => ({ ...before, [name]: value })),
    error: errors[name],
  });
  const alert = message && (
    <p className="ad-error" role="alert">
      {message}
    </p>
  );
  return { values, setValues, field, alert, attempt, refuse: setErrors };
}
