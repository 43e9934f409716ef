import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Tour } from '../../../api/schema/tour';
import { session } from '../../lib/session';
import { PaymentsModal } from './PaymentsModal';
import { offersListingMode, publishState } from './publish-state';
import { ShareModal } from './ShareModal';

export interface PublishControlProps {
  tour: Tour;
  /** The tour as the server has it once published. */
  onPublished: (tour: Tour) => void;
  /** Back from Checkout with this session: the payments modal opens at once to confirm it. */
  returnedSession?: string | null;
  className?: string;
}

/**
 * A tour's state in words with the owner's next step beside it: publishing it (the payments modal) while it is
 * locked, sharing it once published, and for a free tour also paying to remove its watermark. For a Pro Plus owner
 * every tour is published, so sharing replaces paying.
 */
export function PublishControl({ tour, onPublished, returnedSession, className }: PublishControlProps) {
  const { user } = useSnapshot(session);
  // Read once: the session is confirmed when the modal first opens, never again when it is reopened.
  const [checkoutSession, setCheckoutSession] = useState(returnedSession ?? undefined);
  // A session to confirm goes to the payments modal: the payment was for this tour, whatever the plan says now.
  const [modal, setModal] = useState<'payments' | 'share' | null>(checkoutSession ? 'payments' : null);
  const state = publishState(tour, user?.type);
  const close = () => {
    setModal(null);
    setCheckoutSession(undefined);
  };

  return (
    <div className={`ad-publish ${className ?? ''}`}>
      <span className="ad-publish__state">{state.label}</span>
      <button type="button" className="ad-button" onClick={() => setModal(state.action === 'publish' ? 'payments' : 'share')}>
        {state.action === 'publish' ? 'Publish' : 'Share'}
      </button>
      {state.watermarked && (
        <button type="button" className="ad-button ad-button--plain" onClick={() => setModal('payments')}>
          Remove watermark
        </button>
      )}
      {modal === 'payments' && (
        <PaymentsModal
          tour={tour}
          returnedSession={checkoutSession}
          onPublished={(published) => {
            close();
            onPublished(published);
          }}
          onClose={close}
        />
      )}
      {modal === 'share' && <ShareModal tour={tour} listingMode={offersListingMode(tour, user?.type)} onClose={close} />}
    </div>
  );
}
