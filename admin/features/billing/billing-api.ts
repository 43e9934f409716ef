import type { Plans, PlanPrice } from '../../../api/schema/billing';
import type { Tour } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';
import { session, setUser } from '../../lib/session';

/** The prices before anyone pays; asked once per page, as they change only when the operator changes Stripe's. */
let plans: Promise<Plans> | undefined;
export function loadPlans(): Promise<Plans> {
  plans ??= api<Plans>('GET', '/billing/plans').catch((err: unknown) => {
    plans = undefined;
    throw err;
  });
  return plans;
}

/** "€19.00", or "€29.00 a month" for a subscription, in the owner's own number format (amounts are in cents). */
export function formatPrice(price: Pick<PlanPrice, 'amount' | 'currency'> & { interval?: string | null }): string {
  let amount: string;
  try {
    amount = new Intl.NumberFormat(undefined, { style: 'currency', currency: price.currency.toUpperCase() }).format(price.amount / 100);
  } catch {
    // A currency code the browser does not know (or none stored): the plain number and the code.
    amount = `${(price.amount / 100).toFixed(2)} ${price.currency.toUpperCase()}`.trim();
  }
  return price.interval ? `${amount} a ${price.interval}` : amount;
}

/** Stripe's own pages (Checkout, the customer portal) take over the whole window and send the owner back here. */
async function goToStripe(path: string): Promise<void> {
  const { url } = await api<{ url: string }>('POST', path);
  location.assign(url);
}

export const payForTour = (tour: Pick<Tour, 'shortId'>) => goToStripe(`/tours/${encodeURIComponent(tour.shortId)}/checkout`);
export const buyProPlus = () => goToStripe('/billing/pro-plus/checkout');
export const openCustomerPortal = () => goToStripe('/billing/portal');

/** Publishes the tour with one of the owner's free tours; the owner's count follows the server's. */
export async function publishWithFreeTour(tour: Pick<Tour, 'shortId'>): Promise<Tour> {
  const answer = await api<{ tour: Tour; freeToursRemaining: number }>('POST', `/tours/${encodeURIComponent(tour.shortId)}/unlock/free`);
  if (session.user) setUser({ ...session.user, freeToursRemaining: answer.freeToursRemaining });
  return answer.tour;
}

/** Back from Checkout: the server asks Stripe about the session and publishes the tour if it was paid. */
export async function confirmTourPayment(tour: Pick<Tour, 'id'>, sessionId: string): Promise<Tour> {
  const answer = await api<{ tour: Tour }>('POST', `/tours/${tour.id}/unlock/paid?session_id=${encodeURIComponent(sessionId)}`);
  return answer.tour;
}

/** The Checkout session Stripe sent the owner back with, if this page was opened that way. */
export function checkoutSessionInAddress(): string | null {
  return new URLSearchParams(location.search).get('session_id');
}

/** Drops the session from the address, so reloading the page does not confirm the payment again. */
export function forgetCheckoutSession(): void {
  const url = new URL(location.href);
  url.searchParams.delete('session_id');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
