import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { PRO_PLUS } from '../../api/schema/user';
import { startUpgrade } from '../features/billing/upgrade';
import { SAVE_WORK, SaveWorkModal } from '../features/guest/SaveWorkModal';
import { InboxLink } from '../features/inbox/InboxLink';
import { navigate } from '../lib/router';
import { session } from '../lib/session';
import { SITE_NAME } from '../lib/site-name';
import { UserMenu } from './UserMenu';

/**
 * The 56 px page header: brand (to the dashboard), the page's own controls, the inbox with its unread count, the
 * Pro Plus upgrade or paid marker (for a guest, the way to an account instead: Pro Plus needs one), the user menu.
 */
export function Header({ children }: { children?: React.ReactNode }) {
  const { user } = useSnapshot(session);
  const [savingWork, setSavingWork] = useState(false);
  return (
    <header className="ad-header">
      <a
        className="ad-brand ad-tooltip ad-tooltip--right"
        data-tooltip="Dashboard"
        aria-label={`${SITE_NAME} dashboard`}
        href="/dashboard"
        onClick={(event) => (event.preventDefault(), navigate('/dashboard'))}
      >
        {SITE_NAME}
      </a>
      <div className="ad-header__middle">{children}</div>
      {user && (
        <div className="ad-user">
          <InboxLink userId={user.id} />
          {user.type === 'guest' ? (
            <button type="button" className="ad-button ad-button--upgrade" onClick={() => setSavingWork(true)}>
              {SAVE_WORK}
            </button>
          ) : user.type === PRO_PLUS ? (
            <span className="ad-paid" title="Your account is on Pro Plus">
              Pro Plus
            </span>
          ) : (
            <button type="button" className="ad-button ad-button--upgrade" onClick={startUpgrade}>
              Upgrade to Pro Plus
            </button>
          )}
          <UserMenu user={user} onSaveWork={() => setSavingWork(true)} />
        </div>
      )}
      {savingWork && <SaveWorkModal onClose={() => setSavingWork(false)} />}
    </header>
  );
}
