import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { refreshUser } from './lib/current-user';
import { RequestFailed } from './lib/request-failed';
import { Account } from './features/account/Account';
import { CelebrationModal } from './features/celebration/CelebrationModal';
import { Dashboard } from './features/dashboard/Dashboard';
import { Editor } from './features/editor/Editor';
import { Landing } from './features/landing/Landing';
import { LoadingBar } from './components/LoadingBar';
import { NotFound } from './components/NotFound';
import { Toasts } from './components/Toasts';
import { usePath } from './lib/router';
import { session, setUser } from './lib/session';
import adminCss from './styles/admin.css';

/**
 * A 401 from the status check resets the user. The address stays: the sign-in form shows on it, and signing in
 * opens the page it names (an editor link, say).
 */
function useStatusCheck(): void {
  useEffect(() => {
    if (!session.user) return;
    refreshUser().catch((err) => {
      if (err instanceof RequestFailed && err.status === 401) setUser(null);
    });
  }, []);
}

export function App() {
  const path = usePath();
  const { user } = useSnapshot(session);
  useStatusCheck();
  const edit = /^\/tours\/([^/]+)\/edit$/.exec(path);
  let page;
  if (path === '/' || path === '') page = user ? <Dashboard /> : <Landing />;
  else if (!user) page = <Landing />;
  else if (path === '/dashboard') page = <Dashboard />;
  else if (path === '/account') page = <Account />;
  else if (edit) page = <Editor shortId={decodeURIComponent(edit[1])} />;
  else page = <NotFound />;
  return (
    <>
      <style>{adminCss}</style>
      <LoadingBar />
      {page}
      <CelebrationModal />
      <Toasts />
    </>
  );
}
