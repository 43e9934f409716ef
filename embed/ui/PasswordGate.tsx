import '../i18n/en-parts';
import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { useMessages } from '../i18n/i18n-context';
import { Modal } from './Modal';

/** No close icon; masked field with a Show toggle; the server decides. */
export function PasswordGate({ shortId, onUnlocked }: { shortId: string; onUnlocked: (tour: Tour) => void }) {
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const apiOrigin = useApiOrigin();
  const { t, error: errorText } = useMessages();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await apiPost<Tour>(apiOrigin, '/status/tours/password', { password, shortId });
    setBusy(false);
    if (result.ok) return onUnlocked(result.value);
    setError(result.error.code === 'IncorrectPassword' ? t('incorrectPassword') : errorText(result.error));
  }

  return (
    <Modal title={t('passwordRequired')} width={420} className="tv-password">
      <form onSubmit={submit}>
        <p>{t('passwordPrompt')}</p>
        <label className="tv-field">
          <span>{t('password')}</span>
          <input type={shown ? 'text' : 'password'} value={password} autoComplete="current-password" onChange={(event) => setPassword(event.target.value)} />
        </label>
        <label className="tv-check">
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} /> {t('show')}
        </label>
        {error && (
          <p className="tv-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tv-button" disabled={busy}>
          {t('submit')}
        </button>
      </form>
    </Modal>
  );
}
