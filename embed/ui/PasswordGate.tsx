import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { Modal } from './Modal';

/** No close icon; masked field with a Show toggle; the server decides. */
export function PasswordGate({ shortId, onUnlocked }: { shortId: string; onUnlocked: (tour: Tour) => void }) {
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const apiOrigin = useApiOrigin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await apiPost<Tour>(apiOrigin, '/status/tours/password', { password, shortId });
    setBusy(false);
    if (result.ok) return onUnlocked(result.value);
    setError(result.error.code === 'IncorrectPassword' ? 'incorrect password entered' : result.error.message);
  }

  return (
    <Modal title="Password required" width={420} className="tv-password">
      <form onSubmit={submit}>
        <p>This tour is secured with a password. Please enter the password, or log in as the owner of the tour.</p>
        <label className="tv-field">
          <span>Password</span>
          <input type={shown ? 'text' : 'password'} value={password} autoComplete="current-password" onChange={(event) => setPassword(event.target.value)} />
        </label>
        <label className="tv-check">
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} /> Show
        </label>
        {error && (
          <p className="tv-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tv-button" disabled={busy}>
          Submit
        </button>
      </form>
    </Modal>
  );
}
