import { useState, type FormEvent } from 'react';
import { MESSAGES, type ErrorBody } from '../../../api/schema/errors';
import type { User } from '../../../api/schema/user';
import { RequestFailed } from '../../lib/request-failed';
import { session, setUser } from '../../lib/session';

/**
 * Sent without the Authorization header on purpose: the server answers 401 to any request carrying the gone
 * token, the login itself included, so going through api() here could never succeed.
 */
async function logIn(email: string, password: string): Promise<User> {
  let response: Response;
  try {
    response = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  } catch {
    throw new RequestFailed(0, 'NetworkError', MESSAGES.notConnected);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody> & { user?: User };
  if (!response.ok || !body.user) throw new RequestFailed(response.status, body.error?.code ?? 'InternalError', body.error?.message ?? 'Something went wrong.');
  return body.user;
}

/** After a 401 while editing: sign in right here, so the edit on screen is saved instead of lost. */
export function SignInAgain({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState(session.user?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      setUser(await logIn(email, password));
      onSignedIn();
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'Something went wrong.');
    }
  }

  return (
    <form className="ad-card ad-sign-in-again" onSubmit={submit} aria-label="Sign in again">
      <label className="ad-field">
        <span>Email</span>
        <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label className="ad-field">
        <span>Password</span>
        <input type="password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="ad-button">
        Sign in and save
      </button>
    </form>
  );
}
