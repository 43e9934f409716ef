import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeEvent, webhookRequest, PRICE_TOUR, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { guest, json, signUp, type TestUser } from '../support/users';

let standIn: StripeStandIn;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

async function newTour(user: TestUser): Promise<{ id: number; shortId: string; type: string }> {
  return (await t.app.request('/api/tours', { method: 'POST', headers: user.auth })).json();
}

const post = (path: string, user?: TestUser) => t.app.request(path, { method: 'POST', headers: user?.auth ?? {} });
const storedType = async (id: number) => (await t.db.selectFrom('tour').select('type').where('id', '=', id).executeTakeFirstOrThrow()).type;
const freeLeft = async (user: TestUser) => (await (await t.app.request('/api/status/user', { headers: user.auth })).json()).freeToursRemaining;

describe('free tours', () => {
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUp(t);
  });

  it('gives signed-up owners FREE_TOURS_PER_USER (3) and guests 1, and a guest who signs up keeps the one used', async () => {
    expect(await freeLeft(owner)).toBe(3);
    const visitor = await guest(t);
    expect(await freeLeft(visitor)).toBe(1);
    const tour = await newTour(visitor);
    expect((await post(`/api/tours/${tour.shortId}/unlock/free`, visitor)).status).toBe(200);
    expect(await freeLeft(visitor)).toBe(0);
    const signup = await t.app.request('/api/auth/signup', json({ name: 'Gus', email: 'gus@example.com', password: 'correct horse battery' }, visitor.auth));
    expect((await signup.json()).user.freeToursRemaining).toBe(2);
    const unused = await guest(t);
    const signupUnused = await t.app.request(
      '/api/auth/signup',
      json({ name: 'Una', email: 'una@example.com', password: 'correct horse battery' }, unused.auth),
    );
    expect((await signupUnused.json()).user.freeToursRemaining).toBe(3);
  });

  it('follows FREE_TOURS_PER_USER', async () => {
    t = await createTestApp({ FREE_TOURS_PER_USER: '5' });
    expect(await freeLeft(await signUp(t))).toBe(5);
  });

  it('publishes a locked tour as free, one free tour spent, and refuses when none is left (409)', async () => {
    const tours = [await newTour(owner), await newTour(owner), await newTour(owner), await newTour(owner)];
    for (const [i, tour] of tours.slice(0, 3).entries()) {
      const response = await post(`/api/tours/${tour.shortId}/unlock/free`, owner);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ tour: { shortId: tour.shortId, type: 'free' }, freeToursRemaining: 2 - i });
    }
    const refused = await post(`/api/tours/${tours[3].shortId}/unlock/free`, owner);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'NoFreeToursLeft', message: expect.stringContaining('used all your free tours') } });
    expect(await storedType(tours[3].id)).toBe('locked');
    expect(await freeLeft(owner)).toBe(0);
  });

  it('unlocks from locked-with-email too, but not a published tour (409, nothing spent)', async () => {
    const tour = await newTour(owner);
    await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'visitor@example.com' }));
    expect((await post(`/api/tours/${tour.shortId}/unlock/free`, owner)).status).toBe(200);
    const again = await post(`/api/tours/${tour.shortId}/unlock/free`, owner);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('This tour is already published.');
    expect(await freeLeft(owner)).toBe(2);
    await t.db.updateTable('tour').set({ type: 'paid' }).where('id', '=', tour.id).execute();
    expect((await post(`/api/tours/${tour.shortId}/unlock/free`, owner)).status).toBe(409);
    expect(await storedType(tour.id)).toBe('paid');
    expect(await freeLeft(owner)).toBe(2);
  });

  it('lets exactly one of two concurrent unlocks have the last free tour', async () => {
    await t.db.updateTable('user').set({ free_tours_remaining: 1 }).where('id', '=', owner.id).execute();
    const [a, b] = [await newTour(owner), await newTour(owner)];
    const responses = await Promise.all([post(`/api/tours/${a.shortId}/unlock/free`, owner), post(`/api/tours/${b.shortId}/unlock/free`, owner)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect([await storedType(a.id), await storedType(b.id)].sort()).toEqual(['free', 'locked']);
    expect(await freeLeft(owner)).toBe(0);
  });

  it("refuses someone else's tour (403) and anonymous callers (401), spending nothing", async () => {
    const tour = await newTour(owner);
    const other = await signUp(t, 'Other');
    expect((await post(`/api/tours/${tour.shortId}/unlock/free`, other)).status).toBe(403);
    expect((await post(`/api/tours/${tour.shortId}/unlock/free`)).status).toBe(401);
    expect((await post('/api/tours/nope/unlock/free', owner)).status).toBe(404);
    expect(await storedType(tour.id)).toBe('locked');
    expect([await freeLeft(owner), await freeLeft(other)]).toEqual([3, 3]);
  });
});

describe('card payment for one tour without Stripe settings', () => {
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUp(t);
  });

  it('answers 503 PaymentsNotConfigured on checkout, unlock/paid and the webhook', async () => {
    const tour = await newTour(owner);
    for (const response of [
      await post(`/api/tours/${tour.shortId}/checkout`, owner),
      await post(`/api/tours/${tour.id}/unlock/paid?session_id=cs_test_x`, owner),
      await t.app.request('/api/stripe/webhook', webhookRequest(stripeEvent('checkout.session.completed', {}), 'whsec_x')),
    ]) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: { code: 'PaymentsNotConfigured', message: 'Card payments are not set up on this server.' } });
    }
    expect(await storedType(tour.id)).toBe('locked');
  });
});

describe('card payment for one tour (Stripe stand-in)', () => {
  beforeEach(async () => {
    t = await createTestApp(standIn.env);
    owner = await signUp(t);
  });

  async function checkout(tour: { shortId: string }, user = owner): Promise<string> {
    const response = await post(`/api/tours/${tour.shortId}/checkout`, user);
    expect(response.status).toBe(200);
    const { url } = await response.json();
    return url.split('/').at(-1);
  }

  it('opens a Checkout session for the tour and its owner, returning to the editor', async () => {
    const tour = await newTour(owner);
    const sessionId = await checkout(tour);
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      metadata: { kind: 'tour', tourId: String(tour.id), userId: String(owner.id) },
      client_reference_id: String(owner.id),
    });
    expect(session.success_url).toBe(`http://localhost/tours/${tour.shortId}/edit?session_id={CHECKOUT_SESSION_ID}`);
    const call = standIn.calls.findLast((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.params).toMatchObject({
      line_items: { 0: { price: PRICE_TOUR, quantity: '1' } },
      payment_intent_data: { metadata: { tourId: String(tour.id) } },
    });
  });

  it('marks the tour paid once Stripe says the session is paid, idempotently, storing the payment', async () => {
    const tour = await newTour(owner);
    const sessionId = await checkout(tour);
    const early = await post(`/api/tours/${tour.id}/unlock/paid?session_id=${sessionId}`, owner);
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('PaymentNotCompleted');
    expect(await storedType(tour.id)).toBe('locked');

    const paid = standIn.pay(sessionId);
    const response = await post(`/api/tours/${tour.id}/unlock/paid?session_id=${sessionId}`, owner);
    expect(response.status).toBe(200);
    expect((await response.json()).tour).toMatchObject({ shortId: tour.shortId, type: 'paid' });
    expect((await post(`/api/tours/${tour.id}/unlock/paid?session_id=${sessionId}`, owner)).status).toBe(200);
    // The webhook arriving afterwards records its event id on the same payment.
    const event = stripeEvent('checkout.session.completed', paid);
    expect(await (await t.app.request('/api/stripe/webhook', webhookRequest(event, standIn.webhookSecret))).json()).toEqual({
      received: true,
      outcome: 'handled',
    });
    const rows = await t.db.selectFrom('payment').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        tour_id: tour.id,
        user_id: owner.id,
        kind: 'tour',
        amount: 1900,
        currency: 'eur',
        checkout_session_id: sessionId,
        payment_intent_id: paid.payment_intent,
        event_id: event.id,
        status: 'paid',
      }),
    ]);
    const list = await (await t.app.request('/api/billing/payments', { headers: owner.auth })).json();
    expect(list).toMatchObject({ total: 1, items: [{ kind: 'tour', amount: 1900, currency: 'eur', status: 'paid', tour: { shortId: tour.shortId } }] });
  });

  it("never unlocks a tour with another tour's or another owner's session", async () => {
    const [tour, otherTour] = [await newTour(owner), await newTour(owner)];
    const other = await signUp(t, 'Other');
    const foreignTour = await newTour(other);
    const mine = await checkout(otherTour);
    const theirs = await checkout(foreignTour, other);
    standIn.pay(mine);
    standIn.pay(theirs);
    for (const sessionId of [mine, theirs]) {
      const response = await post(`/api/tours/${tour.id}/unlock/paid?session_id=${sessionId}`, owner);
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('PaymentMismatch');
    }
    // Their own session on the owner's tour: not theirs to unlock, and the same 404 as a missing tour (before Stripe is asked).
    expect((await post(`/api/tours/${tour.id}/unlock/paid?session_id=${theirs}`, other)).status).toBe(404);
    expect(await storedType(tour.id)).toBe('locked');
    expect(await t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
  });

  it('answers unknown and malformed session ids clearly', async () => {
    const tour = await newTour(owner);
    const unknown = await post(`/api/tours/${tour.id}/unlock/paid?session_id=cs_test_doesnotexist`, owner);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('PaymentNotFound');
    for (const query of ['', '?session_id=', '?session_id=../../v1/customers']) {
      const bad = await post(`/api/tours/${tour.id}/unlock/paid${query}`, owner);
      expect(bad.status).toBe(422);
    }
    expect((await post(`/api/tours/999999/unlock/paid?session_id=cs_test_x`, owner)).status).toBe(404);
    expect((await post(`/api/tours/abc/unlock/paid?session_id=cs_test_x`, owner)).status).toBe(404);
    expect(await storedType(tour.id)).toBe('locked');
  });

  it('refuses a guest (403 AccountRequired), with nothing sent to Stripe', async () => {
    const visitor = await guest(t);
    const tour = await newTour(visitor);
    const before = standIn.calls.length;
    const response = await post(`/api/tours/${tour.shortId}/checkout`, visitor);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'AccountRequired', message: expect.stringContaining('sign up first') } });
    expect(standIn.calls.length).toBe(before);
  });

  it("refuses checkout for someone else's tour and for a tour already paid", async () => {
    const tour = await newTour(owner);
    const other = await signUp(t, 'Other');
    expect((await post(`/api/tours/${tour.shortId}/checkout`, other)).status).toBe(403);
    await t.db.updateTable('tour').set({ type: 'paid' }).where('id', '=', tour.id).execute();
    expect((await post(`/api/tours/${tour.shortId}/checkout`, owner)).status).toBe(409);
  });

  it('says which setting is missing when the tour price is not configured', async () => {
    t = await createTestApp({ ...standIn.env, STRIPE_PRICE_TOUR: '' });
    owner = await signUp(t);
    const response = await post(`/api/tours/${(await newTour(owner)).shortId}/checkout`, owner);
    expect(response.status).toBe(503);
    expect((await response.json()).error.message).toContain('STRIPE_PRICE_TOUR');
  });

  it('answers 502 in the one error shape when Stripe cannot be reached', async () => {
    t = await createTestApp({ ...standIn.env, STRIPE_API_URL: 'http://127.0.0.1:9' });
    owner = await signUp(t);
    const response = await post(`/api/tours/${(await newTour(owner)).shortId}/checkout`, owner);
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('PaymentProviderError');
  });
});
