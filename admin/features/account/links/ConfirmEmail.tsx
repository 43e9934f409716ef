import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { refreshUser } from '../../../lib/current-user';
import { RequestFailed } from '../../../lib/request-failed';
import { session } from '../../../lib/session';
import { LinkPage } from './LinkPage';
import { linkTokenFromAddress } from './link-token';

/** Opened from a confirmation mail: confirms the address (or the change to it) at once, signed in or not. */
export function ConfirmEmail() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    // A link works once: the effect must not send it twice.
    if (sent.current) return;
    sent.current = true;
    api<{ email: string }>('POST', '/auth/confirm-email', { token: linkTokenFromAddress() }).then(
      ({ email }) => {
        setOutcome({ ok: true, text: `${email} is confirmed as your address.` });
        if (session.user) void refreshUser().catch(() => undefined);
      },
      (err) => setOutcome({ ok: false, text: err instanceof RequestFailed ? err.message : 'Something went wrong.' }),
    );
  }, []);
  return (
    <LinkPage title="Confirm your e-mail address">
      {!outcome && <p>Confirming…</p>}
      {outcome && (
        <p className={outcome.ok ? undefined : 'ad-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </LinkPage>
  );
}
