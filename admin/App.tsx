import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { refreshUser } from './lib/current-user';
import { RequestFailed } from './lib/request-failed';
import { Account } from './features/account/Account';
import { AnalyticsPage } from './features/analytics/AnalyticsPage';
import { ConfirmEmail } from './features/account/links/ConfirmEmail';
import { ResetPassword } from './features/account/links/ResetPassword';
import { Unsubscribe } from './features/account/links/Unsubscribe';
import { Inbox } from './features/inbox/Inbox';
import { CelebrationModal } from './features/celebration/CelebrationModal';
import { Dashboard } from './features/dashboard/Dashboard';
import { Editor } from './features/editor/Editor';
import { Landing } from './features/landing/Landing';
import { TeamsPage } from './features/teams/TeamsPage';
import { LoadingBar } from './components/LoadingBar';
import { NotFound } from './components/NotFound';
import { Toasts } from './components/Toasts';
import { usePath } from './lib/router';
import { session, sessionEnded } from './lib/session';

/**
 * A 401 from the status check ends the session. The address stays: the sign-in form shows on it, says why, and
 * signing in opens the page it names (an editor link, say).
 */
function useStatusCheck(): void {
  useEffect(() => {
    if (!session.user) return;
    refreshUser().catch((err) => {
      if (err instanceof RequestFailed && err.status === 401) sessionEnded();
    });
  }, []);
}

export function App() {
  const path = usePath();
  const { user } = useSnapshot(session);
  useStatusCheck();
  const edit = /^\/tours\/([^/]+)\/edit$/.exec(path);
  let page;
  // Pages mailed links open, signed in or not.
  if (path === '/reset-password') page = <ResetPassword />;
  else if (path === '/confirm-email') page = <ConfirmEmail />;
  else if (path === '/unsubscribe') page = <Unsubscribe />;
  else if (path === '/' || path === '') page = user ? <Dashboard /> : <Landing />;
  else if (!user) page = <Landing />;
  else if (path === '/dashboard') page = <Dashboard />;
  else if (path === '/account') page = <Account />;
  else if (path === '/inbox') page = <Inbox />;
  else if (path === '/teams') page = <TeamsPage />;
  else if (path === '/analytics') page = <AnalyticsPage />;
  else if (edit) page = <Editor shortId={decodeURIComponent(edit[1])} />;
  else page = <NotFound />;
  return (
    <>
      <LoadingBar />
      {page}
      <CelebrationModal />
      <Toasts />
    </>
  );
}
