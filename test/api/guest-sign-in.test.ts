import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signUserToken } from '../../api/auth/token';
import { smallPanorama } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, type TestUser } from './support/users';

const PASSWORD = 'correct horse battery';
let counter = 0;

/** An account with an e-mail and password to sign in with, and a tour of its own. */
async function account(t: TestApp) {
  const email = `account${++counter}@example.com`;
  const { user } = await (await t.app.request('/api/auth/signup', json({ name: 'Ann', email, password: PASSWORD }))).json();
  const auth = { Authorization: `JWT ${user.token}` };
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: auth })).json();
  return { id: user.id as number, email, auth, tourShortId: tour.shortId as string };
}

async function guestWithTour(t: TestApp) {
  const anon = await guest(t);
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: anon.auth })).json();
  return { anon, shortId: tour.shortId as string };
}

const signIn = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) => t.app.request('/api/auth/login', json(body, headers));
const tourOwner = async (t: TestApp, shortId: string) =>
  (await t.db.selectFrom('tour').select('user_id').where('short_id', '=', shortId).executeTakeFirstOrThrow()).user_id;
const guestExists = async (t: TestApp, anon: TestUser) => !!(await t.db.selectFrom('user').select('id').where('id', '=', anon.id).executeTakeFirst());

describe('signing in from a guest session', () => {
  it("moves the guest's tours and library to the account, then removes the guest and its sign-in", async () => {
    const t = await createTestApp();
    const ann = await account(t);
    const { anon, shortId } = await guestWithTour(t);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await smallPanorama(400))], 'logo.jpg'));
    const picture = await (await t.app.request('/api/assets/upload', { method: 'POST', body: form, headers: anon.auth })).json();
    await t.app.request('/api/assets', json({ name: 'Guest logo', url: picture.url, thumbUrl: picture.thumbUrl, assetType: 'logo' }, anon.auth));
    const other = await guestWithTour(t);

    const response = await signIn(t, { email: ann.email, password: PASSWORD, guestToken: anon.token });
    expect(response.status).toBe(200);
    const { user, movedTours } = await response.json();
    expect(user.id).toBe(ann.id);
    expect(movedTours).toBe(1);
    const list = await (await t.app.request('/api/tours', { headers: { Authorization: `JWT ${user.token}` } })).json();
    expect(list.items.map((item: { shortId: string }) => item.shortId).sort()).toEqual([ann.tourShortId, shortId].sort());
    const library = await (await t.app.request('/api/assets/', { headers: { Authorization: `JWT ${user.token}` } })).json();
    expect(Object.values(library).map((asset) => (asset as { name: string }).name)).toEqual(['Guest logo']);
    expect(await guestExists(t, anon), 'the guest is removed').toBe(false);
    expect((await t.app.request('/api/tours', { headers: anon.auth })).status, "the guest's token is refused").toBe(401);
    expect(await tourOwner(t, other.shortId), "another guest's tour stays theirs").toBe(other.anon.id);
  });

  it("spends the account's free tours on the guest's free tours, never below zero; those tours stay published", async () => {
    const t = await createTestApp({ FREE_TOURS_PER_USER: '2' });
    const ann = await account(t);
    const freeToursLeft = async () =>
      (await t.db.selectFrom('user').select('free_tours_remaining').where('id', '=', ann.id).executeTakeFirstOrThrow()).free_tours_remaining;
    const published: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const { anon, shortId } = await guestWithTour(t);
      expect((await t.app.request(`/api/tours/${shortId}/unlock/free`, { method: 'POST', headers: anon.auth })).status).toBe(200);
      published.push(shortId);
      expect((await signIn(t, { email: ann.email, password: PASSWORD, guestToken: anon.token })).status).toBe(200);
      expect(await freeToursLeft(), `after guest ${round}`).toBe(Math.max(0, 2 - round));
    }
    const types = await t.db.selectFrom('tour').select('type').where('short_id', 'in', published).execute();
    expect(types.map(({ type }) => type)).toEqual(['free', 'free', 'free']);
    const unlock = await t.app.request(`/api/tours/${ann.tourShortId}/unlock/free`, { method: 'POST', headers: ann.auth });
    expect(unlock.status, "the account's own tour finds no free tour left").toBe(409);
    expect((await unlock.json()).error.code).toBe('NoFreeToursLeft');
  });

  it("moves the guest's inbox with the tours", async () => {
    const t = await createTestApp();
    const ann = await account(t);
    const { anon, shortId } = await guestWithTour(t);
    const created = await (await t.app.request(`/api/tours/${shortId}`, { headers: anon.auth })).json();
    await t.app.request(`/api/tours/${shortId}`, json({ revision: created.revision, title: 'Guest loft', isScheduleEnabled: true }, anon.auth));
    await t.app.request(`/api/tours/${shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));

    const { user } = await (await signIn(t, { email: ann.email, password: PASSWORD, guestToken: anon.token })).json();
    const inbox = await (await t.app.request('/api/inbox', { headers: { Authorization: `JWT ${user.token}` } })).json();
    expect(inbox.items.map((item: { text: string }) => item.text)).toEqual(['Vera asks for a live showing of "Guest loft".']);
  });

  it('moves nothing with a wrong password, a forged, expired or signed-out guest token, or an account’s token', async () => {
    const t = await createTestApp();
    const ann = await account(t);
    const bob = await account(t);
    const { anon, shortId } = await guestWithTour(t);

    const wrong = await signIn(t, { email: ann.email, password: 'not the password', guestToken: anon.token });
    expect(wrong.status).toBe(401);
    expect(await tourOwner(t, shortId)).toBe(anon.id);

    const { jti } = decodeJwt(anon.token);
    const expired = await signUserToken({ userId: anon.id, sessionId: jti! }, new Date(Date.now() - 1000), t.config.jwtSecret);
    const forged = await signUserToken({ userId: anon.id, sessionId: jti! }, new Date(Date.now() + 60_000), 'another secret');
    const bobToken = (await (await signIn(t, { email: bob.email, password: PASSWORD })).json()).user.token;
    for (const guestToken of [expired, forged, 'not a token', bobToken]) {
      const response = await signIn(t, { email: ann.email, password: PASSWORD, guestToken });
      expect(response.status).toBe(200);
      expect((await response.json()).movedTours).toBe(0);
    }
    expect(await tourOwner(t, shortId)).toBe(anon.id);
    expect(await tourOwner(t, bob.tourShortId), "an account's tours never move").toBe(bob.id);

    expect((await t.app.request('/api/auth/logout', { method: 'POST', headers: anon.auth })).status).toBe(204);
    const afterSignOut = await signIn(t, { email: ann.email, password: PASSWORD, guestToken: anon.token });
    expect((await afterSignOut.json()).movedTours).toBe(0);
    expect(await tourOwner(t, shortId)).toBe(anon.id);
    expect(await guestExists(t, anon)).toBe(true);
  });

  it('refuses a guest token that is not text or is too long, in the one error shape', async () => {
    const t = await createTestApp();
    const ann = await account(t);
    for (const guestToken of [42, 'x'.repeat(2001)]) {
      const response = await signIn(t, { email: ann.email, password: PASSWORD, guestToken });
      expect(response.status).toBe(422);
      expect((await response.json()).error.code).toBe('ValidationFailed');
    }
  });
});
