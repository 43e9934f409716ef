import { toast } from 'react-toastify/unstyled';
import type { AccountSettings } from '../../../api/schema/account';
import { MAIL_KIND_LABELS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type MailKind } from '../../../api/schema/notifications';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';

/** Which kinds of notification are also mailed (the inbox lists every kind either way), and the weekly summary. Saved on each change. */
export function MailSettingsSection({ settings, onSettings }: { settings: AccountSettings; onSettings: (settings: AccountSettings) => void }) {
  async function toggle(kind: MailKind, on: boolean) {
    try {
      onSettings(await api<AccountSettings>('PUT', '/account/notifications', { mailed: { [kind]: on } }));
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'Your settings could not be saved.');
    }
  }
  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-mail-heading">
      <h2 id="ad-mail-heading">E-mail notifications</h2>
      {!settings.mailSetUp && (
        <p className="ad-banner ad-banner--info" role="note">
          This server sends no e-mail (mail is not set up): everything below reaches your inbox only, until the server&apos;s operator sets up mail.
        </p>
      )}
      <p>Your inbox lists all of these. Choose which are also sent to {settings.email}:</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <label key={kind} className="ad-check">
          <input type="checkbox" checked={settings.mailed[kind]} onChange={(event) => void toggle(kind, event.target.checked)} />{' '}
          {NOTIFICATION_KIND_LABELS[kind]}
        </label>
      ))}
      <p>Not in your inbox, only by e-mail, on Mondays:</p>
      <label className="ad-check">
        <input type="checkbox" checked={settings.mailed.weekly} onChange={(event) => void toggle('weekly', event.target.checked)} /> {MAIL_KIND_LABELS.weekly}:
        last week&apos;s views and leads of each of your tours
      </label>
    </section>
  );
}
