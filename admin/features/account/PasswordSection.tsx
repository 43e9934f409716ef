import type { FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextField } from '../../components/TextField';
import { api } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';

export const PASSWORD_CHANGED = 'Your password is changed. Every other session was signed out.';

/** A new password, given the current one; every other session ends, this one stays. */
export function PasswordSection() {
  const { values, setValues, field, alert, attempt } = useForm({ currentPassword: '', newPassword: '' });

  function change(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      await api('POST', '/account/password', values);
      setValues({ currentPassword: '', newPassword: '' });
      toast.success(PASSWORD_CHANGED, { autoClose: 5000 });
    });
  }

  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-password-heading">
      <h2 id="ad-password-heading">Password</h2>
      <form onSubmit={change} noValidate aria-label="Change password">
        <TextField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <button type="submit" className="ad-button">
          Change password
        </button>
      </form>
      {alert}
    </section>
  );
}
