import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import type { Plans } from '../../../api/schema/billing';
import type { Tour } from '../../../api/schema/tour';
import { Modal } from '../../components/Modal';
import { RequestFailed } from '../../lib/request-failed';
import { session } from '../../lib/session';
import { SAVE_WORK, SaveWorkModal } from '../guest/SaveWorkModal';
import { buyProPlus, confirmTourPayment, formatPrice, loadPlans, payForTour, publishWithFreeTour } from './billing-api';

export const VERIFYING_PAYMENT = 'Verifying the payment, please wait';

/** A payment under way or failed, with what the owner is told. */
type PaymentStatus = { type: 'IN_PROGRESS'; message: string } | { type: 'ERROR'; message: string; confirming?: boolean } | null;

const messageOf = (err: unknown) => (err instanceof RequestFailed ? err.message : 'Something went wrong. Please try again.');

export interface PaymentsModalProps {
  tour: Tour;
  /** The Checkout session Stripe sent the owner back with: its payment is confirmed as soon as the modal opens. */
  returnedSession?: string;
  /** The tour, now published; the modal closes. */
  onPublished: (tour: Tour) => void;
  onClose: () => void;
}

/**
 * The owner's choices for publishing a locked tour: one of their free tours (with the watermark), paying for this
 * tour by card, or Pro Plus for all of them. For a free tour, the last two remove its watermark. Card payments leave
 * for Stripe's Checkout and come back to the editor; a guest is offered an account first, keeping their tours.
 */
export function PaymentsModal({ tour, returnedSession, onPublished, onClose }: PaymentsModalProps) {
  const { user } = useSnapshot(session);
  const [plans, setPlans] = useState<Plans | null>(null);
  const [plansError, setPlansError] = useState('');
  const [status, setStatus] = useState<PaymentStatus>(returnedSession ? { type: 'IN_PROGRESS', message: VERIFYING_PAYMENT } : null);
  const [busy, setBusy] = useState(false);
  const [signingUp, setSigningUp] = useState(false);

  useEffect(() => {
    loadPlans().then(setPlans, (err) => setPlansError(messageOf(err)));
  }, []);

  /** Confirmations asked for so far: a payment Stripe has not settled yet can be checked again. */
  const [confirmations, setConfirmations] = useState(returnedSession ? 1 : 0);

  // Asks once per confirmation, with the tour and callback of that moment (not again when they change).
  const confirm = useEffectEvent((session: string) => {
    setStatus({ type: 'IN_PROGRESS', message: VERIFYING_PAYMENT });
    confirmTourPayment(tour, session).then(
      (paid) => {
        setStatus(null);
        toast.success('Payment received: your tour is published.');
        onPublished(paid);
      },
      (err) => setStatus({ type: 'ERROR', message: messageOf(err), confirming: true }),
    );
  });
  useEffect(() => {
    if (returnedSession && confirmations > 0) confirm(returnedSession);
  }, [returnedSession, confirmations]);

  /** Runs one choice; the buttons stay off once it succeeds, as the modal closes or Stripe's page takes over. */
  async function act(action: () => Promise<void>) {
    setBusy(true);
    setStatus(null);
    try {
      await action();
    } catch (err) {
      setStatus({ type: 'ERROR', message: messageOf(err) });
      setBusy(false);
    }
  }

  const spendFreeTour = () =>
    act(async () => {
      const published = await publishWithFreeTour(tour);
      toast.success('Your tour is published.');
      onPublished(published);
    });

  const freeLeft = user?.freeToursRemaining ?? 0;
  const watermarked = tour.type === 'free';
  const isGuest = user?.type === 'guest';

  if (signingUp) return <SaveWorkModal onClose={() => setSigningUp(false)} />;

  /** A guest cannot pay (no e-mail for receipts or refunds): the way to an account stands where the button would. */
  const payButton = (label: string, onPay: () => Promise<void>, className = 'ad-button') =>
    isGuest ? (
      <button type="button" className="ad-button" onClick={() => setSigningUp(true)}>
        {SAVE_WORK}
      </button>
    ) : (
      <button type="button" className={className} disabled={busy} onClick={() => void act(onPay)}>
        {label}
      </button>
    );

  return (
    <Modal title={watermarked ? 'Remove the watermark' : 'Publish your tour'} onClose={onClose} width={560} height="auto" className="ad-payments">
      {status?.type === 'IN_PROGRESS' ? (
        <p className="ad-payments__status" role="status">
          {status.message}
        </p>
      ) : (
        <>
          <p>
            {watermarked
              ? 'This tour is published with the watermark of a free tour. Visitors see it without the watermark once you:'
              : 'Visitors see this tour once it is published. Choose how:'}
          </p>
          {isGuest && (plans?.tour || plans?.proPlus) && <p>Paying by card needs an account with an e-mail address; your tours stay yours.</p>}
          {status?.type === 'ERROR' && (
            <p className="ad-error" role="alert">
              {status.message}
            </p>
          )}
          {status?.type === 'ERROR' && status.confirming && (
            <button type="button" className="ad-button ad-button--plain" onClick={() => setConfirmations(confirmations + 1)}>
              Check the payment again
            </button>
          )}
          {!watermarked && (
            <section className="ad-payments__option" aria-labelledby="ad-pay-free">
              <h3 id="ad-pay-free">Use a free tour</h3>
              <p>
                {freeLeft > 0 ? `You have ${freeLeft} free ${freeLeft === 1 ? 'tour' : 'tours'} left.` : 'You have no free tours left.'} A free tour shows a
                small watermark linking to this site.
              </p>
              <button type="button" className="ad-button" disabled={busy} onClick={() => void spendFreeTour()}>
                Use a free tour
              </button>
            </section>
          )}
          {plansError && <p className="ad-error">{plansError}</p>}
          {plans && !plans.cardPayments && <p className="ad-payments__off">{plans.message}</p>}
          {plans?.tour && (
            <section className="ad-payments__option" aria-labelledby="ad-pay-tour">
              <h3 id="ad-pay-tour">Pay for this tour</h3>
              <p>{formatPrice(plans.tour)}, paid once by card: this tour is published without the watermark.</p>
              {payButton(`Pay ${formatPrice(plans.tour)} by card`, () => payForTour(tour))}
            </section>
          )}
          {plans?.proPlus && (
            <section className="ad-payments__option" aria-labelledby="ad-pay-pro-plus">
              <h3 id="ad-pay-pro-plus">Upgrade to Pro Plus</h3>
              <p>{formatPrice(plans.proPlus)}: every one of your tours published without the watermark, listing-compliant links and your own address.</p>
              {payButton('Upgrade to Pro Plus', buyProPlus, 'ad-button ad-button--upgrade')}
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
