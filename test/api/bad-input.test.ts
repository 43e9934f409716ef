import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

/** Bad input on every JSON and upload route: a clear error in the one error shape, and nothing stored changes. */
let t: TestApp;
let owner: TestUser;
let tour: { id: number; shortId: string; revision: number };
let floorplanId: string;

const HOSTILE = `<img src=x onerror=alert(1)><script>alert(2)</script>'; DROP TABLE lead; --`;
const MEGABYTE = 'x'.repeat(1_000_000);

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'Owner');
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const saved = await t.app.request(
    `/api/tours/${created.shortId}`,
    json({ revision: created.revision, leadgen: { enabled: true }, isScheduleEnabled: true, images: [{ id: 'hall', title: 'Hall' }] }, owner.auth),
  );
  tour = await saved.json();
  floorplanId = (await (await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground', url: '/media/tours/p.jpg' }, owner.auth))).json()).floorplanId;
});

interface JsonRoute {
  name: string;
  path: () => string;
  /** Bodies that must be refused with 422. */
  invalid: Record<string, unknown>[];
}

const JSON_ROUTES: JsonRoute[] = [
  {
    name: 'POST /api/auth/signup',
    path: () => '/api/auth/signup',
    invalid: [
      {},
      { name: 1, email: 'a@b.co', password: 'long enough' },
      { name: MEGABYTE, email: 'a@b.co', password: 'long enough' },
      { name: 'A', email: 'not-an-email', password: 'long enough' },
    ],
  },
  { name: 'POST /api/auth/login', path: () => '/api/auth/login', invalid: [{}, { email: ['a@b.co'], password: 'x' }, { email: 'a@b.co', password: MEGABYTE }] },
  { name: 'POST /api/users/{id}', path: () => `/api/users/${owner.id}`, invalid: [{ name: 42 }, { name: MEGABYTE }, { meta: 'text' }] },
  {
    name: 'POST /api/status/tours/password',
    path: () => '/api/status/tours/password',
    invalid: [{}, { shortId: 5, password: 'x' }, { shortId: 'demo', password: MEGABYTE }],
  },
  {
    name: 'POST /api/tours/{shortId}/unlock/email',
    path: () => `/api/tours/${tour.shortId}/unlock/email`,
    invalid: [{}, { email: 'nope' }, { email: `${MEGABYTE}@example.com` }],
  },
  {
    name: 'POST /api/floorplans/{tourId}',
    path: () => `/api/floorplans/${tour.id}`,
    invalid: [{}, { name: 7, url: '/x.jpg' }, { name: MEGABYTE, url: '/x.jpg' }, { name: 'P', url: '/x.jpg', hotspots: 'rooms' }],
  },
  {
    name: 'POST /api/floorplan/update/{id}',
    path: () => `/api/floorplan/update/${floorplanId}`,
    invalid: [{ hotspots: 12 }, { hotspots: '[{"coords":"here"}]' }, { name: MEGABYTE }],
  },
  { name: 'POST /api/assets', path: () => '/api/assets', invalid: [{}, { name: 'Logo', url: 3 }, { name: MEGABYTE, url: '/media/assets/a.jpg' }] },
  { name: 'POST /api/leads/{tourId}', path: () => `/api/leads/${tour.id}`, invalid: [{}, { email: 'nope' }, { email: 'v@example.com', name: MEGABYTE }] },
  {
    name: 'POST /api/tours/{shortId}/requestShowing',
    path: () => `/api/tours/${tour.shortId}/requestShowing`,
    invalid: [
      {},
      { name: '', email: 'v@example.com' },
      { name: 'x'.repeat(101), email: 'v@example.com' },
      { name: 'V', email: 'nope' },
      { name: 'V', email: 'v@example.com', phone: '1'.repeat(21) },
      { name: 'V', email: 'v@example.com', comments: 'x'.repeat(1001) },
      { name: ['V'], email: 'v@example.com' },
    ],
  },
];

async function leadCount(): Promise<number> {
  return (await (await t.app.request(`/api/tours/${tour.shortId}/leads`, { headers: owner.auth })).json()).total;
}

describe.each(JSON_ROUTES)('$name', (route) => {
  it('answers malformed JSON with 400 in the one error shape', async () => {
    const response = await t.app.request(route.path(), {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': 'application/json' },
      body: '{"name": "unterminated',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'BadRequest', message: expect.any(String) } });
  });

  it('answers missing, wrong-typed and oversized fields with 422 naming them, storing nothing', async () => {
    const leadsBefore = await leadCount();
    for (const body of route.invalid) {
      const response = await t.app.request(route.path(), json(body, owner.auth));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('ValidationFailed');
      expect(error.details).toBeTruthy();
      expect(JSON.stringify(error)).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(await leadCount()).toBe(leadsBefore);
  });
});

describe('text from visitors and owners', () => {
  it('is stored as text and returned unchanged, never executed, with unknown fields dropped', async () => {
    const showing = await t.app.request(
      `/api/tours/${tour.shortId}/requestShowing`,
      json({ name: 'V', email: 'v@example.com', comments: HOSTILE, admin: true }),
    );
    expect(showing.status).toBe(201);
    const showings = await (await t.app.request(`/api/tours/${tour.shortId}/showings`, { headers: owner.auth })).json();
    expect(showings.items[0].comments).toBe(HOSTILE);
    expect(showings.items[0]).not.toHaveProperty('admin');

    expect((await t.app.request(`/api/leads/${tour.id}`, json({ email: 'v@example.com', name: HOSTILE, isAdmin: 1 }))).status).toBe(201);
    const leads = await (await t.app.request(`/api/tours/${tour.shortId}/leads`, { headers: owner.auth })).json();
    expect(leads.items[0].name).toBe(HOSTILE);
    expect(leads.items[0]).not.toHaveProperty('isAdmin');

    const plan = await (await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ name: HOSTILE, tourId: 999 }, owner.auth))).json();
    expect(plan.name).toBe(HOSTILE);
    const user = await (await t.app.request(`/api/users/${owner.id}`, json({ name: HOSTILE, credits: 1_000_000, type: 2 }, owner.auth))).json();
    expect(user).toMatchObject({ name: HOSTILE, credits: 0, type: 1 });
  });
});

describe('ids in the path', () => {
  it.each([
    ['a non-numeric tour id for floor plans', () => t.app.request('/api/floorplans/abc', json({ name: 'P', url: '/x.jpg' }, owner.auth))],
    ['a non-numeric tour id for leads', () => t.app.request('/api/leads/abc', json({ email: 'v@example.com' }))],
    ['an unknown floor plan', () => t.app.request('/api/floorplan/update/nope', json({ name: 'P' }, owner.auth))],
    ['an unknown asset', () => t.app.request('/api/asset/nope', { method: 'DELETE', headers: owner.auth })],
    ['an unknown tour', () => t.app.request('/api/tours/nope/requestShowing', json({ name: 'V', email: 'v@example.com' }))],
  ])('answer 404 for %s', async (_label, call) => {
    const response = await call();
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toMatch(/NotFound/);
  });
});

describe('uploads without a file', () => {
  it.each([
    ['/api/images/', 'image'],
    ['/api/assets/upload', 'file'],
  ])('%s answers 400 when the file field is missing or the body is JSON', async (path) => {
    const form = new FormData();
    form.set('tourId', String(tour.id));
    const empty = await t.app.request(path, { method: 'POST', body: form, headers: owner.auth });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe('BadRequest');
    expect((await t.app.request(path, json({ image: 'x' }, owner.auth))).status).toBe(400);
  });

  it('answers a wrong-typed tourId with 4xx in the one error shape', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1, 2, 3])], 'a.jpg'));
    form.set('tourId', 'not-a-number');
    const response = await t.app.request('/api/images/', { method: 'POST', body: form, headers: owner.auth });
    expect([404, 422]).toContain(response.status);
    expect((await response.json()).error.message).toBeTruthy();
  });
});
