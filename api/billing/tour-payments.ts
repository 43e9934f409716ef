import type Stripe from 'stripe';
import type { Db } from '../db/database';
import { tourInputSchema, UNPUBLISHED_TYPES, type TourType } from '../schema/tour';
import { askStripe, idOf } from './stripe-client';
import { setTourType } from '../tours/tour.repository';
import { tourTitle } from '../schema/tour-title';

/** What a one-tour Checkout session carries, so its return and its webhook know which tour and owner it is for. */
export function tourCheckoutMetadata(tourId: number, userId: number): Record<string, string> {
  return { kind: 'tour', tourId: String(tourId), userId: String(userId) };
}

/** The tour and owner a Checkout session was made for, if it was made by us for one tour. */
export function tourPurchaseOf(session: Stripe.Checkout.Session): { tourId: number; userId: number } | undefined {
  const { kind, tourId, userId } = session.metadata ?? {};
  if (session.mode !== 'payment' || kind !== 'tour' || !/^\d+$/.test(tourId ?? '') || !/^\d+$/.test(userId ?? '')) return undefined;
  return { tourId: Number(tourId), userId: Number(userId) };
}

/**
 * Whether a session charged the configured price of one tour: its only line item is that price. Sessions carry
 * no line items unless asked for, webhook events included, so Stripe is asked.
 */
export async function chargesTourPrice(stripe: Stripe, sessionId: string, priceTour: string | undefined): Promise<boolean> {
  if (!priceTour) return false;
  const items = await askStripe(() => stripe.checkout.sessions.listLineItems(sessionId, { limit: 2 }));
  return items.data.length === 1 && items.data[0].price?.id === priceTour;
}

/** Types a payment lifts to `paid`: unpublished tours and free ones (paying removes the watermark). */
const PAYABLE_TYPES: TourType[] = [...UNPUBLISHED_TYPES, 'free'];

export type TourPaymentOutcome = 'paid' | 'not-paid' | 'refunded' | 'other-price';

/**
 * Records a paid one-tour session and marks its tour `paid`, once however often it is reported (the owner's return
 * from Checkout and the webhook both do). The tour must still belong to the user the session names. A session that
 * was refunded never unlocks again, though Stripe keeps calling it paid; nor does one that charged another price than
 * the tour's (`tourPrice`, from chargesTourPrice). Run it inside a transaction.
 */
export async function recordTourPayment(trx: Db, session: Stripe.Checkout.Session, eventId: string | null, tourPrice: boolean): Promise<TourPaymentOutcome> {
  const purchase = tourPurchaseOf(session);
  if (!purchase || session.payment_status !== 'paid') return 'not-paid';
  if (!tourPrice) return 'other-price';
  const earlier = await trx.selectFrom('payment').select('status').where('checkout_session_id', '=', session.id).executeTakeFirst();
  if (earlier?.status === 'refunded') return 'refunded';
  const tour = await trx.selectFrom('tour').select('id').where('id', '=', purchase.tourId).where('user_id', '=', purchase.userId).executeTakeFirst();
  const user = await trx.selectFrom('user').select('id').where('id', '=', purchase.userId).executeTakeFirst();
  // The return from Checkout and the webhook may record the same session at once, on two instances: the first
  // insert wins and the other finds the row; the webhook's event id is added to it either way.
  await trx
    .insertInto('payment')
    .values({
      tour_id: tour?.id ?? null,
      user_id: user?.id ?? null,
      kind: 'tour',
      amount: session.amount_total ?? 0,
      currency: session.currency ?? '',
      checkout_session_id: session.id,
      payment_intent_id: idOf(session.payment_intent),
      subscription_id: null,
      event_id: eventId,
      status: 'paid',
    })
    .onConflict((conflict) => conflict.column('checkout_session_id').doNothing())
    .execute();
  if (eventId)
    await trx.updateTable('payment').set({ event_id: eventId }).where('checkout_session_id', '=', session.id).where('event_id', 'is', null).execute();
  if (tour) await setTourType(trx, { id: tour.id }, 'paid', PAYABLE_TYPES);
  return 'paid';
}

/** The owner and tour a full refund locked again, to tell them. */
export interface RefundedTour {
  userId: number;
  shortId: string;
  title: string;
}

/**
 * A fully refunded one-tour payment locks its tour again. Partial refunds, and charges that were not for a tour
 * (Pro Plus invoices), change nothing.
 */
export async function recordRefund(db: Db, charge: Stripe.Charge): Promise<RefundedTour | undefined> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!charge.refunded || !paymentIntent) return undefined;
  const payment = await db
    .selectFrom('payment')
    .select(['id', 'tour_id', 'user_id'])
    .where('payment_intent_id', '=', paymentIntent)
    .where('kind', '=', 'tour')
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!payment) return undefined;
  await db.updateTable('payment').set({ status: 'refunded' }).where('id', '=', payment.id).execute();
  if (payment.tour_id === null) return undefined;
  const locked = await setTourType(db, { id: payment.tour_id }, 'locked', ['paid']);
  if (!locked?.user_id) return undefined;
  return { userId: locked.user_id, shortId: locked.short_id, title: tourTitle(tourInputSchema.parse(JSON.parse(locked.data))) };
}
