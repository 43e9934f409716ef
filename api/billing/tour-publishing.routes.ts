import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { requireAccount, requireUser } from '../auth/current-user';
import { ApiError } from '../http/errors';
import { MESSAGES } from '../schema/errors';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import { findTourByIdFor, findTourFor } from '../tours/tour-access';
import { useFreeTour } from './free-tours';
import { siteUrl } from './site-url';
import { askStripe, requirePayments, requirePrice, type Payments } from './stripe-client';
import { chargesTourPrice, recordTourPayment, tourCheckoutMetadata, tourPurchaseOf } from './tour-payments';

/** Publishing changes what the public sees and spends the owner's free tours or money: the owner's alone. */
function ownTour(c: Context<AppEnv>, shortId: string) {
  return findTourFor(c, shortId, 'manage');
}

/** SPEC's older route names the tour by number: a missing tour and someone else's answer the same 404. */
function ownTourById(c: Context<AppEnv>, id: string) {
  return findTourByIdFor(c, id, 'manage', new ApiError(404, 'TourNotFound', MESSAGES.invalidTour));
}

async function currentTour(c: Context<AppEnv>, shortId: string) {
  return tourFromRecord((await findTourByShortId(c.get('db'), shortId))!);
}

/** A locked tour is published by spending a free tour or paying for it by card (Stripe Checkout). */
export function tourPublishingRoutes(payments: Payments | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/:shortId/unlock/free', async (c) => {
    const user = requireUser(c);
    const { record, tour } = await ownTour(c, c.req.param('shortId'));
    await useFreeTour(c.get('db'), record.row.id, user.id);
    const { free_tours_remaining } = await c.get('db').selectFrom('user').select('free_tours_remaining').where('id', '=', user.id).executeTakeFirstOrThrow();
    return c.json({ tour: await currentTour(c, tour.shortId), freeToursRemaining: free_tours_remaining });
  });

  app.post('/:shortId/checkout', async (c) => {
    const user = requireAccount(c);
    const { tour } = await ownTour(c, c.req.param('shortId'));
    const { stripe, settings } = requirePayments(payments);
    const price = requirePrice(settings.priceTour, 'STRIPE_PRICE_TOUR', 'Paying for one tour');
    if (tour.type === 'paid') throw new ApiError(409, 'Conflict', 'This tour is already paid for.');
    const editor = `${siteUrl(c)}/tours/${encodeURIComponent(tour.shortId)}/edit`;
    const metadata = tourCheckoutMetadata(tour.id, user.id);
    const session = await askStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price, quantity: 1 }],
        metadata,
        payment_intent_data: { metadata },
        client_reference_id: String(user.id),
        ...(user.stripe_customer_id ? { customer: user.stripe_customer_id } : { customer_email: user.email! }),
        success_url: `${editor}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: editor,
      }),
    );
    if (!session.url) throw new ApiError(502, 'PaymentProviderError', 'The card payment service gave no page to pay on. Please try again.');
    return c.json({ url: session.url });
  });

  // SPEC's route: the editor calls it back from Checkout, so the tour unlocks even before Stripe's webhook arrives.
  app.post('/:id/unlock/paid', async (c) => {
    const user = requireUser(c);
    const { record, tour } = await ownTourById(c, c.req.param('id'));
    const { stripe, settings } = requirePayments(payments);
    const sessionId = c.req.query('session_id') ?? '';
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) {
      throw new ApiError(422, 'ValidationFailed', 'Give the session_id that Checkout sent back.', { details: { fieldErrors: { session_id: ['Required'] } } });
    }
    const notFound = new ApiError(404, 'PaymentNotFound', 'No card payment with this session id was found.');
    const session = await askStripe(() => stripe.checkout.sessions.retrieve(sessionId), notFound);
    const purchase = tourPurchaseOf(session);
    if (!purchase || purchase.tourId !== record.row.id || purchase.userId !== user.id) {
      throw new ApiError(403, 'PaymentMismatch', 'This payment was not made for this tour by you.');
    }
    const tourPrice = await chargesTourPrice(stripe, session.id, settings.priceTour);
    const outcome = await c
      .get('db')
      .transaction()
      .execute((trx) => recordTourPayment(trx, session, null, tourPrice));
    if (outcome === 'other-price') throw new ApiError(409, 'PaymentMismatch', 'This payment was not for the price of a tour.');
    if (outcome === 'refunded') throw new ApiError(409, 'PaymentRefunded', 'This payment was refunded, so it no longer publishes the tour.');
    if (outcome === 'not-paid')
      throw new ApiError(409, 'PaymentNotCompleted', 'The payment has not gone through yet. If you paid, wait a moment and try again.');
    return c.json({ tour: await currentTour(c, tour.shortId) });
  });

  return app;
}
