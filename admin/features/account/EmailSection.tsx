import type { FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { AccountSettings } from '../../../api/schema/account';
import { TextField } from '../../components/TextField';
import { api } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';

/** The address, whether it is confirmed, and a change to another, which takes effect when its link is opened. */
export function EmailSection({ settings, onSettings }: { settings: AccountSettings; onSettings: (settings: AccountSettings) => void }) {
  const { values, setValues, field, alert, attempt } = useForm({ email: '', password: '' });

  function change(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      onSettings(await api<AccountSettings>('POST', '/account/email', values));
      setValues({ email: '', password: '' });
    });
  }

  function sendAgain() {
    void attempt(async () => {
      await api('POST', '/account/email/confirmation');
      toast.success(`We sent a new link to ${settings.email}.`);
    });
  }

  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-email-heading">
      <h2 id="ad-email-heading">E-mail address</h2>
      <p>
        <strong>{settings.email}</strong>{' '}
        {settings.emailConfirmed ? (
          <span className="ad-badge">Confirmed</span>
        ) : (
          <>
            <span className="ad-badge ad-badge--warn">Not confirmed</span>{' '}
            {settings.mailSetUp ? (
              <>
                Open the link we mailed to it; until then nobody can invite you to a team.{' '}
                <button type="button" className="ad-link" onClick={sendAgain}>
                  Send the link again
                </button>
              </>
            ) : (
              <>
                This server sends no e-mail, so no link can reach you: ask its operator to confirm your address, or join a team from an invitation link its
                admin copies for you.
              </>
            )}
          </>
        )}
      </p>
      {settings.pendingEmail && (
        <p role="status">
          We sent a link to {settings.pendingEmail}. Your address changes to it when you open that link; until then it stays {settings.email}.
        </p>
      )}
      <form onSubmit={change} noValidate aria-label="Change e-mail address">
        <TextField label="New e-mail address" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Your password" type="password" autoComplete="current-password" {...field('password')} />
        <button type="submit" className="ad-button">
          Send a confirmation link
        </button>
      </form>
      {alert}
    </section>
  );
}
