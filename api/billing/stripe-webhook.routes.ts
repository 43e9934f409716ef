import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/errors';
import { handleStripeEvent } from './stripe-events';
import { requirePayments, type Payments } from './stripe-client';
import { chargesTourPrice, tourPurchaseOf } from './tour-payments';

/** Stripe's webhook, under /api/stripe: each event applied once, its mails sent after. */
export function stripeWebhookRoutes(payments: Payments | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Signed by Stripe, not by a user: the signature over the raw body is the only credential.
  app.post('/webhook', async (c) => {
    const { stripe, settings } = requirePayments(payments);
    const payload = await c.req.text();
    const signature = c.req.header('Stripe-Signature');
    if (!signature) throw new ApiError(400, 'BadRequest', 'A Stripe webhook needs its Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
    } catch {
      throw new ApiError(400, 'BadRequest', 'The Stripe signature of this webhook is not valid.');
    }
    // Asked of Stripe before the event's transaction, which should not wait on the network.
    const session = event.type === 'checkout.session.completed' ? event.data.object : undefined;
    const tourPrice = !!session && !!tourPurchaseOf(session) && (await chargesTourPrice(stripe, session.id, settings.priceTour));
    const { outcome, mails } = await handleStripeEvent(c.get('db'), event, c.get('config'), tourPrice);
    for (const mail of mails) await c.get('mailer').send(mail);
    return c.json({ received: true, outcome });
  });

  return app;
}
