import { useState, type FormEvent } from 'react';
import { passwordResetRequestSchema } from '../../../api/schema/account';
import { TextField } from '../../components/TextField';
import { api } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';

/** Asks for a password reset link. The answer is the same whether or not the address has an account. */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { values, field, alert, attempt, refuse } = useForm({ email: '' });
  const [sentTo, setSentTo] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = passwordResetRequestSchema.safeParse(values);
    if (!checked.success) return refuse({ email: checked.error.issues[0].message });
    await attempt(async () => {
      await api('POST', '/auth/password-reset', values);
      setSentTo(values.email);
    });
  }

  return (
    <form className="ad-card" onSubmit={submit} noValidate aria-label="Reset password">
      <h2>Reset your password</h2>
      {sentTo ? (
        <p role="status">If an account uses {sentTo}, we sent it a link to choose a new password. The link works once, for an hour.</p>
      ) : (
        <>
          <p>Enter the address you signed up with and we will mail you a link to choose a new password.</p>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          {alert}
          <button type="submit" className="ad-button">
            Send the link
          </button>
        </>
      )}
      <button type="button" className="ad-link" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
