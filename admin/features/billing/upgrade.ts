import { toast } from 'react-toastify/unstyled';
import { RequestFailed } from '../../lib/request-failed';
import { buyProPlus, openCustomerPortal } from './billing-api';

/** Tells the owner why Stripe's page did not open (card payments off here, no account yet, Stripe not answering). */
function explain(err: unknown): void {
  toast.error(err instanceof RequestFailed ? err.message : 'Something went wrong. Please try again.');
}

/** The Pro Plus upgrade, from the header, the payments modal or the brand kit: off to Stripe's subscription Checkout. */
export function startUpgrade(): void {
  buyProPlus().catch(explain);
}

/** Stripe's customer portal, where a Pro Plus owner cancels, changes cards and reads invoices. */
export function manageSubscription(): void {
  openCustomerPortal().catch(explain);
}
