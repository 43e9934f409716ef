import { useSnapshot } from 'valtio';
import { navigate } from '../router';
import { session, setUser } from '../session';

export function Header({ children }: { children?: React.ReactNode }) {
  const { user } = useSnapshot(session);
  return (
    <header className="ad-header">
      <a className="ad-brand" href="/dashboard" onClick={(event) => (event.preventDefault(), navigate('/dashboard'))}>
        Tour Platform
      </a>
      <div className="ad-header__middle">{children}</div>
      {user && (
        <div className="ad-user">
          {user.type === 2 ? <span className="ad-paid">Pro Plus</span> : null}
          <span>{user.name}</span>
          <button
            type="button"
            className="ad-link"
            onClick={() => {
              setUser(null);
              navigate('/');
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </header>
  );
}
