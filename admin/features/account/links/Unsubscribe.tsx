import { useState } from 'react';
import type { UnsubscribeTarget } from '../../../../api/schema/account';
import { MAIL_KIND_LABELS } from '../../../../api/schema/notifications';
import { api } from '../../../lib/api-client';
import { RequestFailed } from '../../../lib/request-failed';
import { LinkPage } from './LinkPage';
import { linkTokenFromAddress } from './link-token';

/**
 * Opened from a notification mail, without signing in. It asks first: programs that scan links in mails open them
 * too, and must not unsubscribe anyone.
 */
export function Unsubscribe() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function stop() {
    try {
      const { kind } = await api<UnsubscribeTarget>('POST', '/account/unsubscribe', { token: linkTokenFromAddress() });
      setOutcome({
        ok: true,
        text:
          kind === 'weekly'
            ? 'You will get no more weekly summaries. Your account page can turn them on again.'
            : `You will get no more e-mails about ${MAIL_KIND_LABELS[kind].toLowerCase()}. Your inbox still lists them, and your account page can turn the e-mails on again.`,
      });
    } catch (err) {
      setOutcome({ ok: false, text: err instanceof RequestFailed ? err.message : 'Something went wrong.' });
    }
  }

  return (
    <LinkPage title="Stop these e-mails">
      {outcome ? (
        <p className={outcome.ok ? undefined : 'ad-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : (
        <>
          <p>Stop e-mails of the kind this one was? Your inbox keeps listing what happens.</p>
          <button type="button" className="ad-button" onClick={() => void stop()}>
            Unsubscribe
          </button>
        </>
      )}
    </LinkPage>
  );
}
