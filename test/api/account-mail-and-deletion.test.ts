import { afterEach, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { lastLinkTo, mailsTo } from './support/mails';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';
import { AMBIENCE_ASSET_TYPE } from '../../api/schema/media';

const PASSWORD = 'correct horse battery';

async function tourWith(t: TestApp, owner: TestUser, fields: Record<string, unknown>) {
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  return (await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...fields }, owner.auth))).json();
}

const settings = async (t: TestApp, owner: TestUser) => (await t.app.request('/api/account', { headers: owner.auth })).json();

describe('which notifications are mailed', () => {
  it('mails every kind until one is turned off; the inbox still gets it', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    expect((await settings(t, owner)).mailed).toEqual({
      lead: true,
      unlock: true,
      showing: true,
      'chat-join': true,
      invitation: true,
      team: true,
      weekly: true,
    });
    const tour = await tourWith(t, owner, { title: 'Loft', isScheduleEnabled: true, leadgen: { enabled: true } });
    const put = await t.app.request('/api/account/notifications', { ...json({ mailed: { showing: false } }, owner.auth), method: 'PUT' });
    expect(put.status).toBe(200);
    expect((await put.json()).mailed).toMatchObject({ lead: true, showing: false });

    await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));
    await t.app.request(`/api/leads/${tour.id}`, json({ name: 'Lea', email: 'lea@example.com' }));
    expect((await mailsTo(t, owner.email!)).map((mail) => mail.subject)).toEqual(['Confirm your e-mail address', 'New lead for "Loft"']);
    const inbox = await (await t.app.request('/api/inbox', { headers: owner.auth })).json();
    expect(inbox.items.map((item: { kind: string }) => item.kind)).toEqual(['lead', 'showing']);
  });

  it.each([
    ['an unknown kind', { mailed: { spam: false } }],
    ['a string for a switch', { mailed: { lead: 'no' } }],
    ['no settings', {}],
  ])('refuses %s in the one error shape', async (_label, body) => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const response = await t.app.request('/api/account/notifications', { ...json(body, owner.auth), method: 'PUT' });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('ValidationFailed');
  });
});

describe('unsubscribe links', () => {
  it('come in every notification mail and stop that kind without signing in', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWith(t, owner, { title: 'Loft', isScheduleEnabled: true, isNotifyEnabled: true, leadgen: { enabled: true } });
    await t.app.request(`/api/leads/${tour.id}`, json({ name: 'Lea', email: 'lea@example.com' }));
    await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));
    await t.app.request(`/api/tours/${tour.shortId}/joinChat`, { headers: (await guest(t)).auth });
    const notices = (await mailsTo(t, owner.email!)).filter((mail) => mail.subject !== 'Confirm your e-mail address');
    expect(notices).toHaveLength(3);
    // Without PUBLIC_URL (and so without mail) the outbox keeps the link as a path.
    for (const mail of notices) expect(mail.body).toMatch(/Stop these e-mails: \/unsubscribe#\S+$/);

    const token = await lastLinkTo(t, owner.email!, 'unsubscribe');
    const response = await t.app.request('/api/account/unsubscribe', json({ token }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'chat-join' });
    expect((await settings(t, owner)).mailed).toMatchObject({ lead: true, showing: true, 'chat-join': false });
    expect((await t.app.request('/api/account/unsubscribe', json({ token }))).status, 'again: still off').toBe(200);
  });

  it.each([
    ['a forged signature', (token: string) => token.replace(/\.[^.]+$/, '.AAAA')],
    ['another kind under the same signature', (token: string) => token.replace('chat-join', 'lead')],
    ['another account under the same signature', (token: string) => token.replace(/^\d+/, '999')],
    ['no token at all', () => ''],
  ])('refuses %s, changing nothing', async (_label, forge) => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWith(t, owner, { isNotifyEnabled: true });
    await t.app.request(`/api/tours/${tour.shortId}/joinChat`, { headers: (await guest(t)).auth });
    const response = await t.app.request('/api/account/unsubscribe', json({ token: forge(await lastLinkTo(t, owner.email!, 'unsubscribe')) }));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()).error.code).toMatch(/InvalidLink|ValidationFailed/);
    expect(Object.values((await settings(t, owner)).mailed).every(Boolean)).toBe(true);
  });
});

describe('deleting an account', () => {
  let standIn: StripeStandIn | undefined;
  afterEach(async () => {
    await standIn?.close();
    standIn = undefined;
  });

  async function ownerWithWork(t: TestApp) {
    const owner = await signUp(t);
    const loft = await tourWith(t, owner, { title: 'Loft', leadgen: { enabled: true } });
    const barn = await tourWith(t, owner, { title: 'Barn' });
    await t.app.request(
      '/api/assets',
      json({ name: 'Logo', url: '/media/assets/a.jpg', thumbUrl: '/media/assets/thumb-a.jpg', assetType: 'logo' }, owner.auth),
    );
    await t.app.request('/api/assets', json({ name: 'Birdsong', url: '/media/audio/b.mp3', thumbUrl: '', assetType: AMBIENCE_ASSET_TYPE }, owner.auth));
    await t.app.request(`/api/leads/${loft.id}`, json({ name: 'Lea', email: 'lea@example.com' }));
    await t.db
      .insertInto('payment')
      .values({
        tour_id: loft.id,
        user_id: owner.id,
        kind: 'tour',
        amount: 1900,
        currency: 'eur',
        checkout_session_id: 'cs_1',
        payment_intent_id: 'pi_1',
        subscription_id: null,
        event_id: null,
        status: 'paid',
      })
      .execute();
    const team = await (await t.app.request('/api/teams', json({ name: 'Harbour agents' }, owner.auth))).json();
    return { owner, loft, barn, team };
  }

  it('lists what goes first: the tours, the library, owned teams, a subscription, and the payments kept', async () => {
    const t = await createTestApp();
    const { owner, loft, barn, team } = await ownerWithWork(t);
    const response = await t.app.request('/api/account/deletion', { headers: owner.auth });
    expect(await response.json()).toEqual({
      tours: [
        { shortId: loft.shortId, title: 'Loft' },
        { shortId: barn.shortId, title: 'Barn' },
      ],
      libraryPictures: 1,
      librarySounds: 1,
      teams: [{ id: team.id, name: 'Harbour agents' }],
      cancelsSubscription: false,
      paymentsKept: 1,
    });
  });

  it('removes the tours, their leads, the library, sessions and the uploaded files, and keeps the payment records', async () => {
    const t = await createTestApp();
    const { owner, loft } = await ownerWithWork(t);
    const body = new FormData();
    body.set('image', new File([new Uint8Array(await smallPanorama(400))], 'Hall.jpg'));
    body.set('tourId', String(loft.id));
    const { image, url, thumbUrl } = await (await t.app.request('/api/images/', { method: 'POST', headers: owner.auth, body })).json();
    const stored = await (await t.app.request(`/api/tours/${loft.shortId}`, { headers: owner.auth })).json();
    await t.app.request(`/api/tours/${loft.shortId}`, json({ revision: stored.revision, images: [{ id: 'hall', title: 'Hall', url, thumbUrl }] }, owner.auth));
    expect(await t.media.exists(`tours/${image}`)).toBe(true);
    const other = await signUp(t, 'Other');

    const wrong = await t.app.request('/api/account', { ...json({ password: 'wrong' }, owner.auth), method: 'DELETE' });
    expect(wrong.status).toBe(422);
    expect((await t.app.request(`/api/tours/${loft.shortId}`, { headers: owner.auth })).status, 'a refusal deletes nothing').toBe(200);

    expect((await t.app.request('/api/account', { ...json({ password: PASSWORD }, owner.auth), method: 'DELETE' })).status).toBe(204);
    expect((await t.app.request('/api/status/user', { headers: owner.auth })).status).toBe(401);
    expect((await t.app.request(`/api/tours/${loft.shortId}`)).status).toBe(404);
    expect(await t.db.selectFrom('team').selectAll().execute(), 'the owned team went too').toEqual([]);
    for (const table of ['tour', 'lead', 'asset', 'session', 'notification', 'account_link'] as const) {
      const left = await t.db.selectFrom(table).selectAll().execute();
      expect(
        left.filter((row) => 'user_id' in row && row.user_id === owner.id),
        table,
      ).toEqual([]);
    }
    expect(await t.db.selectFrom('lead').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('payment').select(['user_id', 'amount']).execute()).toEqual([{ user_id: null, amount: 1900 }]);
    expect(await t.media.exists(`tours/${image}`)).toBe(false);
    expect((await t.app.request('/api/status/user', { headers: other.auth })).status, 'other accounts stay').toBe(200);
  });

  it('cancels a live Pro Plus subscription at Stripe first (Stripe stand-in on loopback)', async () => {
    standIn = await startStripeStandIn();
    const t = await createTestApp(standIn.env);
    const owner = await signUp(t);
    await t.db
      .updateTable('user')
      .set({ type: '2', stripe_customer_id: 'cus_1', stripe_subscription_id: 'sub_live', subscription_status: 'active' })
      .where('id', '=', owner.id)
      .execute();
    expect((await (await t.app.request('/api/account/deletion', { headers: owner.auth })).json()).cancelsSubscription).toBe(true);
    expect((await t.app.request('/api/account', { ...json({ password: PASSWORD }, owner.auth), method: 'DELETE' })).status).toBe(204);
    expect(standIn.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /v1/subscriptions/sub_live']);
  });

  it('keeps the account when Stripe cannot cancel the subscription (Stripe unreachable)', async () => {
    standIn = await startStripeStandIn();
    const t = await createTestApp({ ...standIn.env, STRIPE_API_URL: 'http://127.0.0.1:9' });
    const owner = await signUp(t);
    await t.db.updateTable('user').set({ stripe_subscription_id: 'sub_live', subscription_status: 'active' }).where('id', '=', owner.id).execute();
    const response = await t.app.request('/api/account', { ...json({ password: PASSWORD }, owner.auth), method: 'DELETE' });
    expect(response.status).toBe(502);
    expect((await t.app.request('/api/status/user', { headers: owner.auth })).status).toBe(200);
  });

  it('refuses a guest and a body without the password', async () => {
    const t = await createTestApp();
    const visitor = await guest(t);
    expect((await t.app.request('/api/account', { ...json({ password: 'x' }, visitor.auth), method: 'DELETE' })).status).toBe(403);
    const owner = await signUp(t);
    expect((await t.app.request('/api/account', { ...json({}, owner.auth), method: 'DELETE' })).status).toBe(422);
  });
});
