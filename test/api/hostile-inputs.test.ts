import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

/**
 * Walks the app's own route table, so a route added later is attacked too without anyone listing it here. Every
 * route gets wrong types, huge and deep values, script strings and traversal paths, in its path parameters and its
 * body, from a signed-in owner (so the input reaches past the sign-in check). Each answer must be a client error in
 * the one error shape (never a 500 or a stack), and a refused request must leave every stored row as it was.
 */

const DEPTH = 20_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"meta":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const SCRIPT = `<img src=x onerror=alert(document.domain)></script><script>alert(1)</script>`;
const TRAVERSAL = '../../../../../../etc/passwd';
const FIELDS = [
  'name',
  'title',
  'email',
  'password',
  'shortId',
  'url',
  'thumbUrl',
  'meta',
  'images',
  'hotspots',
  'revision',
  'privacy',
  'comments',
  'identity',
  'room',
  'assetId',
  'assetType',
];

function everyField(value: string): string {
  return `{${FIELDS.map((field) => `"${field}":${value}`).join(',')}}`;
}

/** Bodies no route may take as valid: answered 4xx, or ignored by a route that reads no body at all. */
const MALFORMED_BODIES: Record<string, string> = {
  'an array': '[1,2,3]',
  'a string': '"text"',
  'a number': '42',
  null: 'null',
  'an array nested 20 000 deep': deepArray,
  'an object nested 20 000 deep in every field': everyField(deepObject),
  'every field nested 2 000 deep': everyField(`${'['.repeat(2000)}${']'.repeat(2000)}`),
  'every field of the wrong type': everyField('{"x":[true]}'),
  'a 3 MB string': JSON.stringify({ name: 'x'.repeat(3_000_000), title: 'x' }),
  'truncated JSON': '{"name": "unterminated',
};

/** Bodies an honest client could send: may be stored, as text, but never crash anything. */
const ODD_BODIES: Record<string, string> = {
  'script strings in every field': everyField(JSON.stringify(SCRIPT)),
  'traversal paths in every field': everyField(JSON.stringify(TRAVERSAL)),
  'URLs with other schemes': everyField(JSON.stringify('javascript:alert(1)')),
  'an empty object': '{}',
};

// A raw ../ in a path is resolved by the URL itself before any route sees it; the traversal test below covers it.
const HOSTILE_PARAMS = ['..%2F..%2F..%2F..%2Fetc%2Fpasswd', '0x2', '-1', '1e3', '2.5', '%00', "1' OR '1'='1", encodeURIComponent(SCRIPT), 'x'.repeat(5000)];

/** Routes that read no body: a malformed one is ignored and the route does its work. */
const READS_NO_BODY = new Set([
  'POST /api/auth/guest',
  'POST /api/auth/logout',
  'POST /api/auth/logout-everywhere',
  'POST /api/account/email/confirmation',
  'POST /api/account/brand/apply',
  'POST /api/tours',
  'DELETE /api/tours/:shortId',
  'DELETE /api/floorplan/delete/:floorplanId',
  'DELETE /api/asset/:assetId',
  'POST /api/tours/:shortId/unlock/free',
  'DELETE /api/teams/:teamId',
  'PUT /api/teams/:teamId/acceptInvited',
  'DELETE /api/teams/:teamId/dismissInvited',
  'DELETE /api/teams/:teamId/leave',
  'POST /api/teams/:teamId/history/:historyId/restore',
]);

interface Fixture {
  t: TestApp;
  owner: TestUser;
  params: Record<string, string>;
}

let tried = 0;

async function fixture(): Promise<Fixture> {
  const t = await createTestApp();
  const owner = await signUp(t, 'Owner');
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const tour = await (
    await t.app.request(
      `/api/tours/${created.shortId}`,
      json(
        { revision: created.revision, title: 'Hall tour', leadgen: { enabled: true }, images: [{ id: 'hall', title: 'Hall', url: '/media/tours/hall.jpg' }] },
        owner.auth,
      ),
    )
  ).json();
  const floorplan = await (await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground', url: '/media/tours/plan.jpg' }, owner.auth))).json();
  const asset = await (
    await t.app.request('/api/assets', json({ name: 'Logo', url: '/media/assets/a.jpg', thumbUrl: '/media/assets/thumb-a.jpg', assetType: 'logo' }, owner.auth))
  ).json();
  // A team with the tour in it and one history entry, so the team routes are reached past their look-ups.
  const team = await (await t.app.request('/api/teams', json({ name: 'Agency' }, owner.auth))).json();
  await t.app.request(`/api/teams/${team.id}/sharedTour`, json({ tourId: tour.shortId }, owner.auth));
  await t.app.request(`/api/teams/${team.id}/history`, json({ tourId: tour.shortId, type: 'note' }, owner.auth));
  const history = await (await t.app.request(`/api/teams/${team.id}/history`, { headers: owner.auth })).json();
  const params = {
    teamId: String(team.id),
    historyId: String(history.items[0].id),
    shortId: tour.shortId,
    tourId: String(tour.id),
    id: String(owner.id),
    floorplanId: String(floorplan.floorplanId),
    assetId: String(asset.assetId),
    provider: 'mesh',
  };
  return { t, owner, params };
}

/** Every stored row, so a refused request can be shown to have changed nothing. */
async function storedRows(t: TestApp): Promise<unknown> {
  // On PostgreSQL every test app of the file has a schema with the same tables: the names are what is wanted.
  const names = new Set((await t.db.introspection.getTables()).map((table) => table.name));
  const rows: Record<string, unknown> = {};
  for (const name of [...names].sort()) rows[name] = (await sql`select * from ${sql.table(name)}`.execute(t.db)).rows;
  return rows;
}

function pathWith(pattern: string, params: Record<string, string>, hostile?: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => hostile ?? params[name] ?? '1').replace(/\*$/, hostile ?? '');
}

/** No server fault, no leaked file or stack, and every refusal in the one error shape. */
async function expectCleanAnswer(response: Response, label: string, { api = true } = {}): Promise<void> {
  tried += 1;
  const text = await response.text();
  // A 503 or 507 names a missing service or full storage on purpose; any other 5xx is a fault.
  expect([500, 501, 502, 504], `${label}: ${text.slice(0, 200)}`).not.toContain(response.status);
  expect(text, label).not.toMatch(/root:x:0:0|at .*\.ts:\d+|SqliteError|ZodError|RangeError/);
  if (response.status >= 400 && api) expect(JSON.parse(text), label).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const probe = await createTestApp();
const ROUTES = [
  ...new Set(
    probe.app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL' && route.path !== '/api/*')
      .map((route) => `${route.method} ${route.path}`),
  ),
].map((name) => {
  const [method, path] = name.split(' ');
  return { name, method, path };
});
const WITH_PARAMS = ROUTES.filter((route) => route.path.includes(':'));
const WITH_BODY = ROUTES.filter((route) => BODY_METHODS.has(route.method) && !READS_NO_BODY.has(route.name));

afterAll(() => {
  console.log(`hostile inputs tried: ${tried} requests over ${ROUTES.length} routes`);
});

describe('hostile input on every route of the route table', () => {
  it('finds the API routes in the table', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
  });

  it.each(WITH_PARAMS)('$name answers hostile path parameters with a client error in the one shape, changing nothing', async ({ name, method, path }) => {
    const f = await fixture();
    const before = await storedRows(f.t);
    for (const hostile of HOSTILE_PARAMS) {
      const init: RequestInit = BODY_METHODS.has(method) ? json({}, f.owner.auth) : { headers: f.owner.auth };
      const response = await f.t.app.request(pathWith(path, f.params, hostile), { ...init, method });
      await expectCleanAnswer(response, `${name} with ${hostile.slice(0, 40)}`);
      expect(response.status, `${name} with ${hostile.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
    }
    expect(await storedRows(f.t)).toEqual(before);
  });

  describe.each(WITH_BODY)('$name', ({ name, method, path }) => {
    it('refuses malformed, deep and huge bodies in the one error shape, changing nothing', async () => {
      const f = await fixture();
      for (const [label, body] of Object.entries(MALFORMED_BODIES)) {
        const before = await storedRows(f.t);
        const response = await f.t.app.request(pathWith(path, f.params), { method, headers: { ...f.owner.auth, 'Content-Type': 'application/json' }, body });
        await expectCleanAnswer(response, `${name} with ${label}`);
        expect(response.status, `${name} with ${label}`).toBeGreaterThanOrEqual(400);
        expect(await storedRows(f.t), `${name} with ${label}`).toEqual(before);
      }
    });

    it('takes script strings, traversal paths and odd schemes without a server error', async () => {
      const f = await fixture();
      for (const [label, body] of Object.entries(ODD_BODIES)) {
        const before = await storedRows(f.t);
        const response = await f.t.app.request(pathWith(path, f.params), { method, headers: { ...f.owner.auth, 'Content-Type': 'application/json' }, body });
        await expectCleanAnswer(response, `${name} with ${label}`);
        if (response.status >= 400) expect(await storedRows(f.t), `${name} with ${label}`).toEqual(before);
      }
    });

    it('refuses a hostile upload (not a picture, a traversal file name) in the one shape', async () => {
      const f = await fixture();
      const before = await storedRows(f.t);
      for (const [fileName, bytes] of [
        [TRAVERSAL, Buffer.from('#!/bin/sh\nrm -rf /\n')],
        ['<script>.jpg', Buffer.from('<svg onload=alert(1)>')],
        [`${TRAVERSAL}.jpg`, Buffer.alloc(64)],
      ] as const) {
        const body = new FormData();
        for (const field of ['image', 'file', 'audio']) body.set(field, new File([new Uint8Array(bytes)], fileName));
        body.set('tourId', f.params.tourId);
        body.set('assetType', 'logo');
        const response = await f.t.app.request(pathWith(path, f.params), { method, headers: f.owner.auth, body });
        await expectCleanAnswer(response, `${name} with upload ${fileName}`);
        expect(response.status, `${name} with upload ${fileName}`).toBeGreaterThanOrEqual(400);
      }
      expect(await storedRows(f.t)).toEqual(before);
    });
  });

  it('serves no file outside its folders through traversal paths', async () => {
    const f = await fixture();
    for (const prefix of ['/media/', '/embed/', '/admin/', '/demo/', '/tours/', '/']) {
      for (const hostile of [TRAVERSAL, '..%2F..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/%2e%2e/etc/passwd', '....//....//etc/passwd']) {
        await expectCleanAnswer(await f.t.app.request(`${prefix}${hostile}`), `${prefix}${hostile}`, { api: false });
      }
    }
  });

  it('keeps a real upload working after the attacks (the walk is not refusing everything)', async () => {
    const f = await fixture();
    const body = new FormData();
    body.set('image', new File([new Uint8Array(await smallPanorama(400))], 'Hall.jpg'));
    body.set('tourId', f.params.tourId);
    expect((await f.t.app.request('/api/images/', { method: 'POST', headers: f.owner.auth, body })).status).toBe(201);
  });
});
