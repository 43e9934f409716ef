import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { navigate } from '../../lib/router';
import { inbox, refreshInboxSummary } from './inbox-store';

/** The header's way to the inbox, with how many entries are unread. */
export function InboxLink({ userId }: { userId: number }) {
  const { summary } = useSnapshot(inbox);
  useEffect(() => void refreshInboxSummary(), [userId]);
  const unread = summary?.unread ?? 0;
  return (
    <a
      className="ad-inbox-link"
      href="/inbox"
      aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
      onClick={(event) => (event.preventDefault(), navigate('/inbox'))}
    >
      Inbox{' '}
      {unread > 0 && (
        <span className="ad-badge" aria-hidden="true">
          {unread}
        </span>
      )}
    </a>
  );
}
