import { useState, type FormEvent } from 'react';
import { RequestFailed } from '../../lib/request-failed';
import { session, setUser } from '../../lib/session';
import { signIn } from '../../lib/sign-in';

/** After a 401 while editing: sign in right here, so the edit on screen is saved instead of lost. */
export function SignInAgain({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState(session.user?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      setUser((await signIn(email, password)).user);
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
