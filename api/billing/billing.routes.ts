import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../app-env';
import { requireAccount, requireUser } from '../auth/current-user';
import { ApiError, parseOr422 } from '../http/errors';
import { readPage } from '../db/pagination';
import { PAYMENTS_OFF, type PaymentEntry, type PlanPrice, type Plans } from '../schema/billing';
import { pageQuerySchema } from '../schema/requests';
import { tourInputSchema } from '../schema/tour';
import { siteUrl } from './site-url';
import { askStripe, requirePayments, requirePrice, type Payments } from './stripe-client';
import { hasLiveSubscription } from './subscriptions';
import { tourTitle } from '../schema/tour-title';

function planPrice(price: Stripe.Price): PlanPrice {
  return { amount: price.unit_amount ?? 0, currency: price.currency, interval: price.recurring?.interval ?? null };
}

/** Pro Plus, the prices and the owner's payments, under /api/billing. */
export function billingRoutes(payments: Payments | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/plans', async (c) => {
    const freeToursPerUser = c.get('config').freeToursPerUser;
    if (!payments) return c.json<Plans>({ cardPayments: false, message: PAYMENTS_OFF, freeToursPerUser, tour: null, proPlus: null });
    const { stripe, settings } = payments;
    const read = (id: string | undefined) => (id ? askStripe(() => stripe.prices.retrieve(id)).then(planPrice) : Promise.resolve(null));
    const [tour, proPlus] = await Promise.all([read(settings.priceTour), read(settings.priceProPlus)]);
    return c.json<Plans>({ cardPayments: true, freeToursPerUser, tour, proPlus });
  });

  app.post('/pro-plus/checkout', async (c) => {
    const user = requireAccount(c);
    const { stripe, settings } = requirePayments(payments);
    const price = requirePrice(settings.priceProPlus, 'STRIPE_PRICE_PRO_PLUS', 'Pro Plus');
    if (hasLiveSubscription(user)) throw new ApiError(409, 'Conflict', 'You already have Pro Plus. Manage it under "Manage subscription" in the user menu.');
    let customer = user.stripe_customer_id;
    if (!customer) {
      const created = await askStripe(() => stripe.customers.create({ email: user.email!, name: user.name, metadata: { userId: String(user.id) } }));
      // Of two first checkouts racing, the customer stored first is the one both use.
      await c.get('db').updateTable('user').set({ stripe_customer_id: created.id }).where('id', '=', user.id).where('stripe_customer_id', 'is', null).execute();
      customer = (await c.get('db').selectFrom('user').select('stripe_customer_id').where('id', '=', user.id).executeTakeFirstOrThrow()).stripe_customer_id!;
    }
    const dashboard = `${siteUrl(c)}/dashboard`;
    const metadata = { kind: 'pro-plus', userId: String(user.id) };
    const session = await askStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price, quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        client_reference_id: String(user.id),
        success_url: `${dashboard}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: dashboard,
      }),
    );
    if (!session.url) throw new ApiError(502, 'PaymentProviderError', 'The card payment service gave no page to pay on. Please try again.');
    return c.json({ url: session.url });
  });

  app.post('/portal', async (c) => {
    const user = requireAccount(c);
    const { stripe } = requirePayments(payments);
    const customer = user.stripe_customer_id;
    if (!customer) throw new ApiError(409, 'Conflict', 'You have no Pro Plus subscription or saved card here yet.');
    const portal = await askStripe(() => stripe.billingPortal.sessions.create({ customer, return_url: `${siteUrl(c)}/dashboard` }));
    return c.json({ url: portal.url });
  });

  app.get('/payments', async (c) => {
    const user = requireUser(c);
    const query = c
      .get('db')
      .selectFrom('payment')
      .leftJoin('tour', 'tour.id', 'payment.tour_id')
      .select(['payment.id', 'payment.created_at', 'payment.kind', 'payment.amount', 'payment.currency', 'payment.status', 'tour.short_id', 'tour.data'])
      .where('payment.user_id', '=', user.id)
      .orderBy('payment.id', 'desc');
    const page = await readPage(query, parseOr422(pageQuerySchema, c.req.query()), (row): PaymentEntry => {
      const tour = row.short_id && row.data ? tourInputSchema.parse(JSON.parse(row.data)) : undefined;
      return {
        id: row.id,
        createdDate: row.created_at,
        kind: row.kind,
        tour: tour ? { shortId: row.short_id!, title: tourTitle(tour) } : null,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
      };
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(page);
  });

  return app;
}
