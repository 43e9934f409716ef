import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { User } from '../api/schema/user';
import { api } from './api-client';
import { RequestFailed } from './request-failed';
import { CelebrationModal } from './pages/CelebrationModal';
import { Dashboard } from './pages/Dashboard';
import { Editor } from './pages/Editor';
import { Landing } from './pages/Landing';
import { LoadingBar } from './pages/LoadingBar';
import { NotFound } from './pages/NotFound';
import { Toasts } from './pages/Toasts';
import { navigate, usePath } from './router';
import { session, setUser } from './session';
import adminCss from './styles/admin.css';

/** SPEC.md §2: a 401 from the status check resets the user and returns to /. */
function useStatusCheck(): void {
  useEffect(() => {
    if (!session.user) return;
    api<User>('GET', '/status/user').then(
      (user) => setUser({ ...user, token: session.user!.token }),
      (err) => {
        if (!(err instanceof RequestFailed) || err.status !== 401) return;
        setUser(null);
        navigate('/');
      },
    );
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
