import { beforeEach, describe, expect, it } from 'vitest';
import { tourInputSchema } from '../../api/schema/tour';
import { insertTour } from '../../api/tours/tour.repository';
import { legacyScryptHash } from './support/scrypt-hash';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';

type Role = 'anonymous' | 'guest' | 'other' | 'owner';

let t: TestApp;
let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
let tour: { shortId: string; revision: number; id: number };

function headers(role: Role): Record<string, string> {
  return role === 'anonymous' ? {} : users[role].auth;
}

async function save(shortId: string, body: Record<string, unknown>, role: Role = 'owner') {
  return t.app.request(`/api/tours/${shortId}`, json(body, headers(role)));
}

beforeEach(async () => {
  t = await createTestApp();
  users = { guest: await guest(t), other: await signUp(t, 'Other'), owner: await signUp(t, 'Owner') };
  tour = await (await t.app.request('/api/tours', { method: 'POST', headers: users.owner.auth })).json();
});

describe('tour routes: who may do what', () => {
  it.each<[Role, number]>([
    ['anonymous', 401],
    ['guest', 403],
    ['other', 403],
    ['owner', 200],
  ])('saving as %s answers %d, and only the owner changes anything', async (role, status) => {
    const response = await save(tour.shortId, { revision: tour.revision, title: `by ${role}` }, role);
    expect(response.status).toBe(status);
    const stored = await (await t.app.request(`/api/tours/${tour.shortId}`)).json();
    expect(stored.title).toBe(role === 'owner' ? 'by owner' : '');
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['guest', 403],
    ['other', 403],
    ['owner', 200],
  ])('deleting as %s answers %d', async (role, status) => {
    const response = await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: headers(role) });
    expect(response.status).toBe(status);
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).status).toBe(role === 'owner' ? 404 : 200);
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['guest', 403],
    ['other', 403],
    ['owner', 201],
  ])('cloning as %s answers %d', async (role, status) => {
    expect((await t.app.request(`/api/tours/${tour.shortId}/clone`, { headers: headers(role) })).status).toBe(status);
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['guest', 201],
    ['other', 201],
  ])('creating as %s answers %d', async (role, status) => {
    expect((await t.app.request('/api/tours', { method: 'POST', headers: headers(role) })).status).toBe(status);
  });

  it('lists only the caller’s own tours, paginated', async () => {
    for (let i = 0; i < 3; i++) await t.app.request('/api/tours', { method: 'POST', headers: users.owner.auth });
    await t.app.request('/api/tours', { method: 'POST', headers: users.other.auth });
    const page = await (await t.app.request('/api/tours?page=2&perPage=3', { headers: users.owner.auth })).json();
    expect(page).toMatchObject({ page: 2, perPage: 3, total: 4 });
    expect(page.items).toHaveLength(1);
    const others = await (await t.app.request('/api/tours', { headers: users.other.auth })).json();
    expect(others.total).toBe(1);
    expect((await t.app.request('/api/tours')).status).toBe(401);
  });

  it.each<[Role, number]>([
    ['anonymous', 403],
    ['guest', 403],
    ['other', 403],
    ['owner', 200],
  ])('a private tour answers %s with %d and the private-tour message', async (role, status) => {
    await save(tour.shortId, { revision: tour.revision, privacy: 'Private', title: 'Secret' });
    const response = await t.app.request(`/api/tours/${tour.shortId}`, { headers: headers(role) });
    expect(response.status).toBe(status);
    const body = await response.json();
    if (status === 403) expect(body.error).toEqual({ code: 'TourPrivate', message: 'This is a private tour. Please login to view.' });
    else expect(body.title).toBe('Secret');
  });
});

describe('password tours', () => {
  const scene = { id: 's1', title: 'Hall', url: '/media/tours/abc.jpg', thumbUrl: '/media/tours/thumb-abc.jpg' };

  beforeEach(async () => {
    const response = await save(tour.shortId, { revision: tour.revision, privacy: 'Password', password: 'open sesame', title: 'Flat', images: [scene] });
    expect(response.status).toBe(200);
    // Published: the password, not the lock, is what these tests are about.
    expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: users.owner.auth })).status).toBe(200);
  });

  it('shows others only the cover, without scenes or media, and never the password', async () => {
    const response = await t.app.request(`/api/tours/${tour.shortId}`, { headers: users.other.auth });
    const body = await response.json();
    expect(body).toMatchObject({ title: 'Flat', privacy: 'Password', locked: true, images: [], floorplans: [] });
    expect(JSON.stringify(body)).not.toContain('abc.jpg');
    expect(JSON.stringify(body)).not.toContain('sesame');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const owner = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: users.owner.auth })).json();
    expect(owner.images).toHaveLength(1);
    expect(owner.locked).toBeUndefined();
  });

  it('gives the whole tour for the right password and 401 for a wrong one', async () => {
    const right = await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }));
    expect(right.status).toBe(200);
    expect((await right.json()).images[0].url).toBe('/media/tours/abc.jpg');
    const wrong = await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'guess' }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toEqual({ code: 'IncorrectPassword', message: 'incorrect password entered' });
  });

  it('refuses with 429 after more than 10 wrong tries a minute, even the right password', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: `x${i}` }))).status).toBe(401);
    }
    const refused = await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('still opens a tour whose password was hashed with scrypt before, and replaces the hash with argon2id', async () => {
    const stored = async () =>
      (await t.db.selectFrom('tour').select('password_hash').where('short_id', '=', tour.shortId).executeTakeFirstOrThrow()).password_hash;
    const scryptHash = legacyScryptHash('open sesame');
    await t.db.updateTable('tour').set({ password_hash: scryptHash }).where('short_id', '=', tour.shortId).execute();
    expect((await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'guess' }))).status).toBe(401);
    expect(await stored()).toBe(scryptHash);
    expect((await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }))).status).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect((await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }))).status).toBe(200);
  });

  it('keeps the password when the owner saves again without one, and stores it hashed', async () => {
    const current = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: users.owner.auth })).json();
    expect((await save(tour.shortId, { ...current, title: 'Flat 2' })).status).toBe(200);
    const row = await t.db.selectFrom('tour').select('password_hash').where('short_id', '=', tour.shortId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect((await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }))).status).toBe(200);
  });
});

describe('saving', () => {
  it('refuses a stale revision with 409 and the current revision, losing nothing', async () => {
    const first = await save(tour.shortId, { revision: tour.revision, title: 'First' });
    expect((await first.json()).revision).toBe(tour.revision + 1);
    const stale = await save(tour.shortId, { revision: tour.revision, title: 'Second' });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatchObject({ code: 'StaleRevision', details: { revision: tour.revision + 1 } });
    expect((await (await t.app.request(`/api/tours/${tour.shortId}`)).json()).title).toBe('First');
  });

  it('refuses a hotspot to a missing scene with 422 and keeps the stored tour', async () => {
    const response = await save(tour.shortId, {
      revision: tour.revision,
      images: [{ id: 'a', title: 'A', hotspots: [{ image: { id: 'ghost' }, coords: { x: 0, y: 0, z: -1 } }] }],
    });
    expect(response.status).toBe(422);
    expect((await (await t.app.request(`/api/tours/${tour.shortId}`)).json()).images).toEqual([]);
  });

  it('stores HTML and SQL in text fields as text, drops unknown and server-owned fields', async () => {
    const hostile = `<script>alert(1)</script>'; DROP TABLE tour; --`;
    const response = await save(tour.shortId, { revision: tour.revision, title: hostile, type: 'paid', userId: 999, evil: true });
    const body = await response.json();
    expect(body.title).toBe(hostile);
    expect(body.type).toBe('locked');
    expect(body.userId).toBe(users.owner.id);
    expect(body).not.toHaveProperty('evil');
  });

  it('answers malformed JSON, wrong types and 1 MB strings with 400/422', async () => {
    const malformed = await t.app.request(`/api/tours/${tour.shortId}`, {
      method: 'POST',
      headers: { ...users.owner.auth, 'Content-Type': 'application/json' },
      body: '{"revision":',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('BadRequest');
    expect((await save(tour.shortId, { revision: 'one' })).status).toBe(422);
    expect((await save(tour.shortId, { revision: tour.revision, images: 'all' })).status).toBe(422);
    expect((await save(tour.shortId, { revision: tour.revision, description: 'x'.repeat(1_000_000) })).status).toBe(422);
  });
});

describe('clone and unlock', () => {
  it('lets anyone signed in clone the demo tour', async () => {
    await insertTour(t.db, { shortId: 'demo', userId: null, type: 'paid', input: tourInputSchema.parse({ title: 'Demo' }) });
    const clone = await t.app.request('/api/tours/demo/clone', { headers: users.guest.auth });
    expect(clone.status).toBe(201);
    expect(await clone.json()).toMatchObject({ title: 'Demo (copy)', type: 'locked', userId: users.guest.id });
  });

  it('copies the data of a tour into a new locked tour of its owner', async () => {
    await save(tour.shortId, { revision: tour.revision, title: 'Original', images: [{ id: 'a', title: 'A' }] });
    const clone = await (await t.app.request(`/api/tours/${tour.shortId}/clone`, { headers: users.owner.auth })).json();
    expect(clone.shortId).not.toBe(tour.shortId);
    expect(clone).toMatchObject({ title: 'Original (copy)', type: 'locked', userId: users.owner.id });
    expect(clone.images[0].id).toBe('a');
    const source = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: users.owner.auth })).json();
    expect(source.title).toBe('Original');
  });

  it('marks the copy within the title limit, and names a copy of an untitled tour', async () => {
    await save(tour.shortId, { revision: tour.revision, title: 'T'.repeat(200) });
    const long = await (await t.app.request(`/api/tours/${tour.shortId}/clone`, { headers: users.owner.auth })).json();
    expect(long.title).toBe(`${'T'.repeat(193)} (copy)`);
    const untitled = await (await t.app.request('/api/tours', { method: 'POST', headers: users.owner.auth })).json();
    const copy = await (await t.app.request(`/api/tours/${untitled.shortId}/clone`, { headers: users.owner.auth })).json();
    expect(copy).toMatchObject({ title: '', name: 'Untitled tour (copy)' });
  });

  it('unlocks a locked tour with a valid e-mail and refuses an invalid one', async () => {
    const bad = await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'nope' }));
    expect(bad.status).toBe(422);
    const good = await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'visitor@example.com' }));
    expect(good.status).toBe(200);
    expect((await good.json()).type).toBe('locked-with-email');
  });
});

describe('what a stranger’s refused call leaves behind: nothing', () => {
  /** Everything stored about tours and what visitors left. */
  const stored = () =>
    Promise.all([
      t.db.selectFrom('tour').selectAll().execute(),
      t.db.selectFrom('lead').selectAll().execute(),
      t.db.selectFrom('showing_request').selectAll().execute(),
      t.db.selectFrom('outbox_email').selectAll().execute(),
      t.db.selectFrom('floorplan').selectAll().execute(),
    ]);

  it.each<Role>(['anonymous', 'guest', 'other'])(
    'e-mail unlock of a private tour by %s answers 403 and changes neither the tour nor its leads',
    async (role) => {
      expect((await save(tour.shortId, { revision: tour.revision, privacy: 'Private' })).status).toBe(200);
      const before = await stored();
      const response = await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'stranger@example.com' }, headers(role)));
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('TourPrivate');
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a showing request while the tour’s scheduling is off, storing and mailing nothing; takes it once it is on', async () => {
    const request = () => t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));
    const before = await stored();
    const refused = await request();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('Forbidden');
    expect(await stored()).toEqual(before);
    expect((await save(tour.shortId, { revision: tour.revision, isScheduleEnabled: true })).status).toBe(200);
    expect((await request()).status).toBe(201);
  });

  it('reads a numeric tour id strictly: /api/leads/0x2, 02, 2.0, 2e0 or " 2" is not tour 2', async () => {
    expect((await save(tour.shortId, { revision: tour.revision, leadgen: { enabled: true } })).status).toBe(200);
    const before = await stored();
    for (const id of [`0x${tour.id.toString(16)}`, `0${tour.id}`, `${tour.id}.0`, `${tour.id}e0`, ` ${tour.id}`, `+${tour.id}`]) {
      const response = await t.app.request(`/api/leads/${encodeURIComponent(id)}`, json({ email: 'lead@example.com' }));
      expect(response.status, id).toBe(404);
      expect((await response.json()).error.code).toBe('TourNotFound');
    }
    expect(await stored()).toEqual(before);
    expect((await t.app.request(`/api/leads/${tour.id}`, json({ email: 'lead@example.com' }))).status).toBe(201);
  });

  it.each<Role>(['guest', 'other'])('POST /api/floorplans/{id} answers %s the same for another owner’s tour as for a missing one', async (role) => {
    const before = await stored();
    const plan = { name: 'Ground floor', url: '/media/tours/plan.jpg' };
    const [theirs, missing] = [
      await t.app.request(`/api/floorplans/${tour.id}`, json(plan, headers(role))),
      await t.app.request(`/api/floorplans/${tour.id + 1000}`, json(plan, headers(role))),
    ];
    expect(theirs.status).toBe(404);
    expect({ status: theirs.status, body: await theirs.text() }).toEqual({ status: missing.status, body: await missing.text() });
    expect(await stored()).toEqual(before);
  });
});
