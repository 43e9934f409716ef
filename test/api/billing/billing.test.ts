import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_PRO_PLUS, PRICE_TOUR, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp } from '../support/test-app';
import { guest, signUp } from '../support/users';

let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

describe('GET /api/billing/plans', () => {
  it('says card payments are off, with no prices, on a server without Stripe settings', async () => {
    const t = await createTestApp({ FREE_TOURS_PER_USER: '2' });
    const response = await t.app.request('/api/billing/plans');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      cardPayments: false,
      message: 'Card payments are not set up on this server.',
      freeToursPerUser: 2,
      tour: null,
      proPlus: null,
    });
  });

  it('reads the configured prices from Stripe: amount, currency and interval (Stripe stand-in)', async () => {
    const t = await createTestApp(standIn.env);
    expect(await (await t.app.request('/api/billing/plans')).json()).toEqual({
      cardPayments: true,
      freeToursPerUser: 3,
      tour: { amount: 1900, currency: 'eur', interval: null },
      proPlus: { amount: 2900, currency: 'eur', interval: 'month' },
    });
    expect(
      standIn.calls
        .filter((call) => call.path.startsWith('/v1/prices/'))
        .map((call) => call.path)
        .sort(),
    ).toEqual([`/v1/prices/${PRICE_PRO_PLUS}`, `/v1/prices/${PRICE_TOUR}`]);
  });

  it('answers 502 when a configured price does not exist at Stripe (Stripe stand-in)', async () => {
    const t = await createTestApp({ ...standIn.env, STRIPE_PRICE_PRO_PLUS: 'price_gone' });
    const response = await t.app.request('/api/billing/plans');
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('PaymentProviderError');
  });
});

describe('Pro Plus and the portal need an account (Stripe stand-in)', () => {
  it('refuses a guest (403 AccountRequired) and creates no Stripe customer', async () => {
    const t = await createTestApp(standIn.env);
    const visitor = await guest(t);
    const customers = standIn.customers.size;
    for (const path of ['/api/billing/pro-plus/checkout', '/api/billing/portal']) {
      const response = await t.app.request(path, { method: 'POST', headers: visitor.auth });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toEqual({ code: 'AccountRequired', message: expect.stringContaining('sign up first') });
    }
    expect(standIn.customers.size).toBe(customers);
  });

  it('answers 503 PaymentsNotConfigured without Stripe settings', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    for (const path of ['/api/billing/pro-plus/checkout', '/api/billing/portal']) {
      const response = await t.app.request(path, { method: 'POST', headers: owner.auth });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('PaymentsNotConfigured');
    }
  });
});

describe('GET /api/billing/payments', () => {
  it("lists only the caller's own payments", async () => {
    const t = await createTestApp();
    const [owner, other] = [await signUp(t), await signUp(t, 'Other')];
    await t.db
      .insertInto('payment')
      .values({
        tour_id: null,
        user_id: owner.id,
        kind: 'subscription',
        amount: 2900,
        currency: 'eur',
        checkout_session_id: 'cs_1',
        payment_intent_id: null,
        subscription_id: 'sub_1',
        event_id: 'evt_1',
        status: 'paid',
      })
      .execute();
    expect(await (await t.app.request('/api/billing/payments', { headers: owner.auth })).json()).toMatchObject({
      total: 1,
      items: [{ kind: 'subscription', amount: 2900, tour: null }],
    });
    expect(await (await t.app.request('/api/billing/payments', { headers: other.auth })).json()).toMatchObject({ total: 0, items: [] });
    expect((await t.app.request('/api/billing/payments')).status).toBe(401);
  });
});
