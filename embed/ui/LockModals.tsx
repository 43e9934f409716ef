import '../i18n/en-parts';
import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { useMessages } from '../i18n/i18n-context';
import { Modal } from './Modal';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A visitor unlocks a locked tour with a valid e-mail. */
export function LockedTourModal({ tour, onUnlocked }: { tour: Tour; onUnlocked: (tour: Tour) => void }) {
  const [email, setEmail] = useState('');
  const [verifying, setVerifying] = useState(false);
  const { t } = useMessages();
  const apiOrigin = useApiOrigin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email)) return window.alert(t('invalidEmail'));
    setVerifying(true);
    const result = await apiPost<Tour>(apiOrigin, `/tours/${encodeURIComponent(tour.shortId)}/unlock/email`, { email, tourAccessToken: tour.accessToken });
    setVerifying(false);
    // The token the password gave stays with the tour: the video room asks for it again.
    if (result.ok) onUnlocked({ ...result.value, accessToken: tour.accessToken });
    else window.alert(result.error.code === 'ValidationFailed' ? t('invalidEmail') : result.error.message);
  }

  return (
    <Modal title={t('lockedTitle')} width={440}>
      <form onSubmit={submit} className="tv-form">
        <p>{t('lockedPrompt')}</p>
        <label className="tv-field">
          <span>{t('email')}</span>
          <input type="text" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        {verifying && <p role="status">{t('verifying')}</p>}
        <button type="submit" className="tv-button" disabled={verifying}>
          {t('submit')}
        </button>
      </form>
    </Modal>
  );
}

/**
 * The owner of an unpublished tour is sent to its editor, where a free tour, a card payment or Pro Plus publishes
 * it; the viewer on a partner's page holds no owner session to pay with.
 */
export function PaymentsModal({ tour, onClose }: { tour: Pick<Tour, 'shortId'>; onClose: () => void }) {
  const apiOrigin = useApiOrigin();
  const { t } = useMessages();
  return (
    <Modal title={t('publishTitle')} onClose={onClose} width={440}>
      <p>{t('publishText')}</p>
      <a className="tv-button" href={`${apiOrigin}/tours/${encodeURIComponent(tour.shortId)}/edit`} target="_blank" rel="noopener noreferrer">
        {t('publishInEditor')}
      </a>
    </Modal>
  );
}
