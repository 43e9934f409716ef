import type { FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { User } from '../../../../api/schema/user';
import { signupSchema } from '../../../../api/schema/auth-requests';
import { TextField } from '../../../components/TextField';
import { api } from '../../../lib/api-client';
import { navigate } from '../../../lib/router';
import { setUser } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { LinkPage } from './LinkPage';
import { linkTokenFromAddress } from './link-token';

export const PASSWORD_RESET_DONE = 'Your new password is set. Every other session was signed out.';

/** Opened from the reset mail: a new password, then the owner is signed in here and nowhere else. */
export function ResetPassword() {
  const { values, field, alert, attempt, refuse } = useForm({ password: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = signupSchema.shape.password.safeParse(values.password);
    if (!checked.success) return refuse({ password: checked.error.issues[0].message });
    await attempt(async () => {
      const { user } = await api<{ user: User }>('POST', '/auth/password-reset/confirm', { token: linkTokenFromAddress(), password: values.password });
      setUser(user);
      toast.success(PASSWORD_RESET_DONE, { autoClose: 5000 });
      navigate('/dashboard');
    });
  }

  return (
    <LinkPage title="Choose a new password">
      <form onSubmit={submit} noValidate aria-label="Set a new password">
        <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
        {alert}
        <button type="submit" className="ad-button">
          Set password and sign in
        </button>
      </form>
    </LinkPage>
  );
}
