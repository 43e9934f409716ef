import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_PRO_PLUS, startStripeStandIn, stripeEvent, webhookRequest, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { signUp, type TestUser } from '../support/users';

let standIn: StripeStandIn;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

beforeEach(async () => {
  t = await createTestApp(standIn.env);
  owner = await signUp(t);
});

const newTour = async (user = owner): Promise<{ id: number; shortId: string }> =>
  (await t.app.request('/api/tours', { method: 'POST', headers: user.auth })).json();
const storedType = async (id: number) => (await t.db.selectFrom('tour').select('type').where('id', '=', id).executeTakeFirstOrThrow()).type;
const deliver = (event: object, secret: string | null = standIn.webhookSecret) => t.app.request('/api/stripe/webhook', webhookRequest(event, secret));
const ownerMails = () => t.db.selectFrom('outbox_email').select(['to_address', 'subject', 'body']).where('user_id', '=', owner.id).execute();

async function paidSession(tour: { shortId: string }, user = owner) {
  const { url } = await (await t.app.request(`/api/tours/${tour.shortId}/checkout`, { method: 'POST', headers: user.auth })).json();
  return standIn.pay(url.split('/').at(-1));
}

describe('Stripe webhook: one tour (Stripe stand-in)', () => {
  it('unlocks the tour on checkout.session.completed for a visitor who closed the tab, once however often delivered', async () => {
    const tour = await newTour();
    const session = await paidSession(tour);
    const event = stripeEvent('checkout.session.completed', session);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await storedType(tour.id)).toBe('paid');
    // A replay after the owner had the tour locked again by the operator changes nothing.
    await t.db.updateTable('tour').set({ type: 'locked' }).where('id', '=', tour.id).execute();
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await storedType(tour.id)).toBe('locked');
    expect(await t.db.selectFrom('payment').select(['event_id', 'amount', 'currency', 'checkout_session_id']).execute()).toEqual([
      { event_id: event.id, amount: 1900, currency: 'eur', checkout_session_id: session.id },
    ]);
    expect(await t.db.selectFrom('stripe_event').select(['id', 'type']).execute()).toEqual([{ id: event.id, type: 'checkout.session.completed' }]);
  });

  it('unlocks nothing for a paid session of another price, by webhook or by the owner’s return', async () => {
    const tour = await newTour();
    const { url } = await (await t.app.request(`/api/tours/${tour.shortId}/checkout`, { method: 'POST', headers: owner.auth })).json();
    const sessionId = url.split('/').at(-1);
    standIn.linePrices.set(sessionId, PRICE_PRO_PLUS);
    const session = standIn.pay(sessionId);
    expect(await (await deliver(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, outcome: 'ignored' });
    const back = await t.app.request(`/api/tours/${tour.id}/unlock/paid?session_id=${session.id}`, { method: 'POST', headers: owner.auth });
    expect(back.status).toBe(409);
    expect((await back.json()).error.code).toBe('PaymentMismatch');
    expect(await storedType(tour.id)).toBe('locked');
    expect(await t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
  });

  it('refuses unsigned and wrongly signed webhooks (400) and changes nothing', async () => {
    const tour = await newTour();
    const event = stripeEvent('checkout.session.completed', await paidSession(tour));
    for (const response of [await deliver(event, null), await deliver(event, 'whsec_not_the_secret')]) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('BadRequest');
    }
    const tampered = webhookRequest(event, standIn.webhookSecret);
    tampered.body = (tampered.body as string).replace('"paid"', '"paid" ');
    expect((await t.app.request('/api/stripe/webhook', tampered)).status).toBe(400);
    expect(await storedType(tour.id)).toBe('locked');
    expect(await t.db.selectFrom('stripe_event').selectAll().execute()).toEqual([]);
  });

  it('ignores unpaid sessions, and a session naming a tour its payer does not own unlocks nothing', async () => {
    const tour = await newTour();
    const other = await signUp(t, 'Other');
    const unpaid = { ...(await paidSession(tour)), payment_status: 'unpaid' };
    expect(await (await deliver(stripeEvent('checkout.session.completed', unpaid))).json()).toEqual({ received: true, outcome: 'ignored' });
    const forged = { ...(await paidSession(tour)), metadata: { kind: 'tour', tourId: String(tour.id), userId: String(other.id) } };
    expect((await deliver(stripeEvent('checkout.session.completed', forged))).status).toBe(200);
    expect(await storedType(tour.id)).toBe('locked');
    // The money stays traceable to its payer, with no tour to show for it.
    expect(await t.db.selectFrom('payment').select(['tour_id', 'user_id']).execute()).toEqual([{ tour_id: null, user_id: other.id }]);
  });

  it('locks the tour again on a full refund and tells the owner; a partial refund changes nothing', async () => {
    const tour = await newTour();
    await t.app.request(`/api/tours/${tour.shortId}`, {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ revision: 1, title: 'Harbour view' }),
    });
    const session = await paidSession(tour);
    await deliver(stripeEvent('checkout.session.completed', session));
    const charge = { id: 'ch_1', object: 'charge', payment_intent: session.payment_intent, amount: 1900, amount_refunded: 500, refunded: false };
    expect(await (await deliver(stripeEvent('charge.refunded', charge))).json()).toMatchObject({ outcome: 'ignored' });
    expect(await storedType(tour.id)).toBe('paid');
    expect(await (await deliver(stripeEvent('charge.refunded', { ...charge, amount_refunded: 1900, refunded: true }))).json()).toMatchObject({
      outcome: 'handled',
    });
    expect(await storedType(tour.id)).toBe('locked');
    expect(await ownerMails()).toEqual([
      expect.objectContaining({ subject: 'Your payment for "Harbour view" was refunded', body: expect.stringContaining('locked again') }),
    ]);
    // The refunded session never publishes the tour again, by the owner's return nor by a late webhook.
    const back = await t.app.request(`/api/tours/${tour.id}/unlock/paid?session_id=${session.id}`, { method: 'POST', headers: owner.auth });
    expect(back.status).toBe(409);
    expect((await back.json()).error.code).toBe('PaymentRefunded');
    await deliver(stripeEvent('checkout.session.completed', session));
    expect(await storedType(tour.id)).toBe('locked');
  });

  it('ignores a refund of a charge it never recorded', async () => {
    const charge = { id: 'ch_x', object: 'charge', payment_intent: 'pi_unknown', refunded: true };
    expect(await (await deliver(stripeEvent('charge.refunded', charge))).json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('Stripe webhook: Pro Plus (Stripe stand-in)', () => {
  async function subscribe(): Promise<{ customer: string; sessionId: string }> {
    const response = await t.app.request('/api/billing/pro-plus/checkout', { method: 'POST', headers: owner.auth });
    expect(response.status).toBe(200);
    const sessionId = (await response.json()).url.split('/').at(-1);
    return { customer: standIn.sessions.get(sessionId)!.customer!, sessionId };
  }
  const subscription = (customer: string, status: string, id = 'sub_1') => ({ id, object: 'subscription', customer, status });
  const ownerType = async () => (await (await t.app.request('/api/status/user', { headers: owner.auth })).json()).type;

  it('opens a subscription Checkout for a customer made once and reused', async () => {
    const { customer, sessionId } = await subscribe();
    expect(standIn.customers.get(customer)).toMatchObject({ metadata: { userId: String(owner.id) } });
    expect(standIn.sessions.get(sessionId)).toMatchObject({ mode: 'subscription', metadata: { kind: 'pro-plus', userId: String(owner.id) } });
    expect((await subscribe()).customer).toBe(customer);
    expect([...standIn.customers.values()].filter((c) => c.metadata.userId === String(owner.id))).toHaveLength(1);
  });

  it('makes the owner Pro Plus while active or trialing, keeps it on past_due, and ends it when deleted', async () => {
    const { customer, sessionId } = await subscribe();
    const paid = standIn.pay(sessionId);
    expect(await (await deliver(stripeEvent('checkout.session.completed', paid))).json()).toMatchObject({ outcome: 'handled' });
    expect(await ownerType()).toBe(1);
    await deliver(stripeEvent('customer.subscription.created', subscription(customer, 'trialing')));
    expect(await ownerType()).toBe(2);
    await deliver(stripeEvent('customer.subscription.updated', subscription(customer, 'active')));
    expect(await ownerType()).toBe(2);
    await deliver(stripeEvent('customer.subscription.updated', subscription(customer, 'past_due')));
    expect(await ownerType()).toBe(2);
    const renewal = await deliver(stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer }));
    expect(await renewal.json()).toMatchObject({ outcome: 'handled' });
    expect(await ownerMails()).toEqual([expect.objectContaining({ subject: 'Your Pro Plus payment did not go through' })]);
    expect(await ownerType()).toBe(2);
    // A live subscription cannot be bought twice.
    expect((await t.app.request('/api/billing/pro-plus/checkout', { method: 'POST', headers: owner.auth })).status).toBe(409);
    await deliver(stripeEvent('customer.subscription.deleted', subscription(customer, 'canceled')));
    expect(await ownerType()).toBe(1);
    // An update delivered late about the ended subscription does not bring it back.
    await deliver(stripeEvent('customer.subscription.updated', subscription(customer, 'active')));
    expect(await ownerType()).toBe(1);
    expect(await t.db.selectFrom('payment').select(['kind', 'amount', 'subscription_id']).execute()).toEqual([
      { kind: 'subscription', amount: 2900, subscription_id: paid.subscription },
    ]);
  });

  it('does not let the end of an older subscription cancel a newer live one', async () => {
    const { customer } = await subscribe();
    await deliver(stripeEvent('customer.subscription.created', subscription(customer, 'active', 'sub_new')));
    await deliver(stripeEvent('customer.subscription.deleted', subscription(customer, 'canceled', 'sub_old')));
    expect(await ownerType()).toBe(2);
    expect(await t.db.selectFrom('user').select(['stripe_subscription_id', 'subscription_status']).where('id', '=', owner.id).executeTakeFirst()).toEqual({
      stripe_subscription_id: 'sub_new',
      subscription_status: 'active',
    });
  });

  it('ignores subscription and invoice events for a customer it does not know', async () => {
    for (const event of [
      stripeEvent('customer.subscription.created', subscription('cus_unknown', 'active')),
      stripeEvent('invoice.payment_failed', { id: 'in_2', object: 'invoice', customer: 'cus_unknown' }),
      stripeEvent('payment_intent.created', { id: 'pi_2', object: 'payment_intent' }),
    ]) {
      const response = await deliver(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await t.db.selectFrom('user').select('type').where('type', '=', '2').execute()).toEqual([]);
  });

  it('opens the customer portal for an owner with a customer, and says so clearly for one without', async () => {
    const none = await t.app.request('/api/billing/portal', { method: 'POST', headers: owner.auth });
    expect(none.status).toBe(409);
    const { customer } = await subscribe();
    const portal = await t.app.request('/api/billing/portal', { method: 'POST', headers: owner.auth });
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toContain(customer);
    const call = standIn.calls.findLast((c) => c.path === '/v1/billing_portal/sessions')!;
    expect(call.params).toEqual({ customer, return_url: 'http://localhost/dashboard' });
  });
});
