import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { Modal } from './Modal';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A visitor unlocks a locked tour with a valid e-mail. */
export function LockedTourModal({ tour, onUnlocked }: { tour: Tour; onUnlocked: (tour: Tour) => void }) {
  const [email, setEmail] = useState('');
  const [verifying, setVerifying] = useState(false);
  const apiOrigin = useApiOrigin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email)) return window.alert('invalid e-mail');
    setVerifying(true);
    const result = await apiPost<Tour>(apiOrigin, `/tours/${encodeURIComponent(tour.shortId)}/unlock/email`, { email, tourAccessToken: tour.accessToken });
    setVerifying(false);
    // The token the password gave stays with the tour: the video room asks for it again.
    if (result.ok) onUnlocked({ ...result.value, accessToken: tour.accessToken });
    else window.alert(result.error.code === 'ValidationFailed' ? 'invalid e-mail' : result.error.message);
  }

  return (
    <Modal title="This tour is locked" width={440}>
      <form onSubmit={submit} className="tv-form">
        <p>Enter your e-mail address to view this tour.</p>
        <label className="tv-field">
          <span>Email</span>
          <input type="text" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        {verifying && <p role="status">verifying e-mail, please wait</p>}
        <button type="submit" className="tv-button" disabled={verifying}>
          Submit
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
  return (
    <Modal title="Publish your tour" onClose={onClose} width={440}>
      <p>This tour is not published yet, so visitors cannot see it. Publish it from its editor with a free tour, a card payment or Pro Plus.</p>
      <a className="tv-button" href={`${apiOrigin}/tours/${encodeURIComponent(tour.shortId)}/edit`} target="_blank" rel="noopener noreferrer">
        Publish in the editor
      </a>
    </Modal>
  );
}
