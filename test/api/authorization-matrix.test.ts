import { beforeEach, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { TINY_MP3 } from './support/sounds';
import { person } from './support/teams';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';

/**
 * Every route this server has, asked by each kind of caller. Non-owners must get the exact status,
 * never see the owner's data (marked with SECRET), and leave the owner's data exactly as it was. The `member`
 * column is a member of the owner's team with `edit` on the team's tours (the private tour is shared with it): it
 * sees and changes that tour where a route says so, and nothing else of the owner's.
 */
type Role = 'anonymous' | 'guest' | 'other' | 'owner' | 'member';
const ROLES: Role[] = ['anonymous', 'guest', 'other', 'owner', 'member'];
const SECRET = 'OWNER-SECRET';

interface Fixture {
  t: TestApp;
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  /** Private, owned by `owner`, with a scene, a floor plan, a lead and a showing request; shared with the team. */
  hidden: { id: number; shortId: string; revision: number };
  /** The private tour as its owner reads it, for whole-tour saves. */
  hiddenTour: Record<string, unknown>;
  /** The owner's team, named SECRET, with `member` in it. */
  teamId: number;
  /** An invitation of the owner's team still open. */
  invitationId: number;
  historyId: number;
  /** Public with lead generation and join notices on, for visitors' routes. */
  open: { id: number; shortId: string };
  floorplanId: number;
  assetId: number;
}

let f: Fixture;

function auth(role: Role): Record<string, string> {
  return role === 'anonymous' ? {} : f.users[role].auth;
}

function form(field: string, bytes: Buffer, name: string, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.set(field, new File([new Uint8Array(bytes)], name));
  for (const [key, value] of Object.entries(extra)) body.set(key, value);
  return body;
}

async function setUp(): Promise<Fixture> {
  // Twilio configured (its cloud is never called) so that both providers' token routes are walked.
  const t = await createTestApp({ TWILIO_ACCOUNT_SID: 'AC0123456789abcdef', TWILIO_API_KEY: 'SK0123456789abcdef', TWILIO_API_SECRET: 'twilio-api-secret' });
  const users = { guest: await guest(t), other: await signUp(t, 'Other'), owner: await signUp(t, SECRET), member: await person(t, 'Member') };
  const created = async () => (await t.app.request('/api/tours', { method: 'POST', headers: users.owner.auth })).json();
  const hiddenNew = await created();
  const openNew = await created();
  const scene = { id: 'hall', title: 'Hall', url: '/media/tours/0123.jpg' };
  const hidden = await (
    await t.app.request(
      `/api/tours/${hiddenNew.shortId}`,
      json({ revision: hiddenNew.revision, title: SECRET, privacy: 'Private', isScheduleEnabled: true, images: [scene] }, users.owner.auth),
    )
  ).json();
  const open = await (
    await t.app.request(
      `/api/tours/${openNew.shortId}`,
      json(
        { revision: openNew.revision, title: 'Open house', leadgen: { enabled: true }, isNotifyEnabled: true, isScheduleEnabled: true, images: [scene] },
        users.owner.auth,
      ),
    )
  ).json();
  const floorplan = await (await t.app.request(`/api/floorplans/${hidden.id}`, json({ name: SECRET, url: '/media/tours/plan.jpg' }, users.owner.auth))).json();
  const asset = await (
    await t.app.request(
      '/api/assets',
      json({ name: SECRET, url: '/media/assets/a.jpg', thumbUrl: '/media/assets/thumb-a.jpg', assetType: 'logo' }, users.owner.auth),
    )
  ).json();
  await t.app.request(`/api/leads/${open.id}`, json({ email: 'lead@example.com', name: SECRET, url: 'https://partner.example' }));
  await t.app.request(`/api/tours/${open.shortId}/requestShowing`, json({ name: SECRET, email: 'visitor@example.com' }));
  const team = await (await t.app.request('/api/teams', json({ name: `${SECRET} team` }, users.owner.auth))).json();
  const memberEmail = (await (await t.app.request('/api/status/user', { headers: users.member.auth })).json()).email;
  await t.app.request(`/api/teams/${team.id}/sendInvited`, json({ emails: [memberEmail], permission: 'edit' }, users.owner.auth));
  await t.app.request(`/api/teams/${team.id}/acceptInvited`, { method: 'PUT', headers: users.member.auth });
  const invited = await (await t.app.request(`/api/teams/${team.id}/sendInvited`, json({ emails: ['still-invited@example.com'] }, users.owner.auth))).json();
  await t.app.request(`/api/teams/${team.id}/sharedTour`, json({ tourId: hidden.shortId }, users.owner.auth));
  await t.app.request(`/api/teams/${team.id}/history`, json({ tourId: hidden.shortId, type: 'note', currentValue: SECRET }, users.owner.auth));
  const history = await (await t.app.request(`/api/teams/${team.id}/history`, { headers: users.owner.auth })).json();
  // Read again: the floor plan raised its revision.
  const hiddenTour = await (await t.app.request(`/api/tours/${hidden.shortId}`, { headers: users.owner.auth })).json();
  return {
    t,
    users,
    hidden: hiddenTour,
    hiddenTour,
    open,
    floorplanId: floorplan.floorplanId,
    assetId: asset.assetId,
    teamId: team.id,
    invitationId: invited.invitations[0].id,
    historyId: history.items[0].id,
  };
}

/** Everything the owner has, as the owner sees it. */
async function ownerState(): Promise<unknown> {
  const get = async (path: string) => (await f.t.app.request(path, { headers: f.users.owner.auth })).text();
  return Promise.all([
    get('/api/status/user'),
    get('/api/tours?perPage=100'),
    get(`/api/tours/${f.hidden.shortId}`),
    get('/api/assets/'),
    get(`/api/tours/${f.open.shortId}/leads`),
    get(`/api/tours/${f.open.shortId}/showings`),
    get('/api/outbox'),
    get('/api/billing/payments'),
    get('/api/account'),
    get('/api/account/deletion'),
    get('/api/account/brand'),
    get('/api/inbox'),
    get('/api/inbox/summary'),
    get('/api/teams'),
    get(`/api/teams/${f.teamId}`),
    get(`/api/teams/${f.teamId}/tours`),
    get(`/api/teams/${f.teamId}/history`),
  ]);
}

interface Route {
  name: string;
  call: (role: Role) => Response | Promise<Response>;
  status: Record<Role, number>;
  /** The team member may see the owner's data in the answer (the shared tour, the team). */
  memberSees?: boolean;
  /** The team member's call changes the owner's data (an edit of the shared tour, leaving the team). */
  memberChanges?: boolean;
}

const OWNER_ONLY = { anonymous: 401, guest: 403, other: 403, member: 403 } as const;
/** What the team's `edit` member may do with the shared private tour, named by short id or by number (SPEC's
 * routes that name a tour by number answer a tour the caller may not use as a missing one). */
const EDITORS = { anonymous: 401, guest: 403, other: 403 } as const;
const EDITORS_BY_ID = { anonymous: 401, guest: 404, other: 404 } as const;
/** A private tour's video room is refused as a room that does not exist (53106), whoever asks but its owner and team. */
const ROOM_OF_PRIVATE = { anonymous: 404, guest: 404, other: 404, owner: 200, member: 200 } as const;
/** A team is found only by its members; the others are told it does not exist. */
const TEAM_MEMBERS = { anonymous: 401, guest: 404, other: 404 } as const;
const SIGNED_IN = { anonymous: 401, guest: 200, other: 200, owner: 200, member: 200 } as const;

function teamPath(path = ''): string {
  return `/api/teams/${f.teamId}${path}`;
}

function send(method: string, path: string, body: unknown, r: Role): Promise<Response> | Response {
  return f.t.app.request(path, { ...json(body, auth(r)), method });
}

/** A signed-in caller acting on their own account: anyone signed up may, a guest has no password or address. */
const OWN_ACCOUNT = (status: number) => ({ anonymous: 401, guest: 403, other: status, owner: status, member: status });
/** Reads or changes of the caller's own inbox or settings, which a guest has too. */
const OWN = (status: number) => ({ anonymous: 401, guest: status, other: status, owner: status, member: status });
const PASSWORD = 'correct horse battery';

/** The owner's inbox entries, which nobody else may mark read. */
async function ownerNotificationIds(): Promise<number[]> {
  return (await f.t.db.selectFrom('notification').select('id').where('user_id', '=', f.users.owner.id).execute()).map((row) => row.id);
}

const ROUTES: Route[] = [
  {
    name: 'POST /api/auth/logout-everywhere',
    call: (r) => f.t.app.request('/api/auth/logout-everywhere', { method: 'POST', headers: auth(r) }),
    status: OWN(204),
  },
  { name: 'GET /api/account', call: (r) => f.t.app.request('/api/account', { headers: auth(r) }), status: OWN(200) },
  {
    name: 'POST /api/account/email',
    call: (r) => f.t.app.request('/api/account/email', json({ email: `${r}-new@example.com`, password: PASSWORD }, auth(r))),
    status: OWN_ACCOUNT(202),
  },
  {
    name: 'POST /api/account/email/confirmation',
    call: (r) => f.t.app.request('/api/account/email/confirmation', { method: 'POST', headers: auth(r) }),
    // The member confirmed their address to be invited.
    status: { ...OWN_ACCOUNT(202), member: 409 },
  },
  {
    name: 'POST /api/account/password',
    call: (r) => f.t.app.request('/api/account/password', json({ currentPassword: PASSWORD, newPassword: `${r} new passphrase` }, auth(r))),
    status: OWN_ACCOUNT(204),
  },
  {
    name: 'PUT /api/account/notifications',
    call: (r) => f.t.app.request('/api/account/notifications', { ...json({ mailed: { lead: false } }, auth(r)), method: 'PUT' }),
    status: OWN(200),
  },
  { name: 'GET /api/account/deletion', call: (r) => f.t.app.request('/api/account/deletion', { headers: auth(r) }), status: OWN(200) },
  { name: 'GET /api/account/brand', call: (r) => f.t.app.request('/api/account/brand', { headers: auth(r) }), status: OWN(200) },
  {
    name: 'PUT /api/account/brand',
    call: (r) => f.t.app.request('/api/account/brand', { ...json({ companyName: `${r} Homes` }, auth(r)), method: 'PUT' }),
    status: OWN(200),
  },
  { name: 'POST /api/account/brand/apply', call: (r) => f.t.app.request('/api/account/brand/apply', { method: 'POST', headers: auth(r) }), status: OWN(200) },
  {
    name: 'DELETE /api/account',
    call: (r) => f.t.app.request('/api/account', { ...json({ password: PASSWORD }, auth(r)), method: 'DELETE' }),
    status: OWN_ACCOUNT(204),
    // The member's account goes, and with it their place in the owner's team.
    memberChanges: true,
  },
  { name: 'GET /api/inbox', call: (r) => f.t.app.request(`/api/inbox?tour=${f.open.shortId}`, { headers: auth(r) }), status: OWN(200) },
  { name: 'GET /api/inbox/summary', call: (r) => f.t.app.request('/api/inbox/summary', { headers: auth(r) }), status: OWN(200) },
  // A tour's numbers are its owner's and its team admins': an editing member, like a stranger, finds no such tour.
  {
    name: 'GET /api/tours/{hidden shortId}/analytics',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/analytics`, { headers: auth(r) }),
    status: { anonymous: 401, guest: 404, other: 404, owner: 200, member: 404 },
  },
  // The editor's question: a private tour is found only by those with a part in it; a public one tells any signed-in
  // caller `none`. (test/api/teams/tour-roles.test.ts walks every role.)
  {
    name: 'GET /api/tours/{hidden shortId}/access',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/access`, { headers: auth(r) }),
    status: { anonymous: 401, guest: 404, other: 404, owner: 200, member: 200 },
  },
  {
    name: 'GET /api/tours/{open shortId}/access',
    call: (r) => f.t.app.request(`/api/tours/${f.open.shortId}/access`, { headers: auth(r) }),
    status: SIGNED_IN,
  },
  { name: 'GET /api/analytics', call: (r) => f.t.app.request('/api/analytics', { headers: auth(r) }), status: OWN(200) },
  {
    name: 'POST /api/inbox/read {the owner’s entries}',
    call: async (r) => f.t.app.request('/api/inbox/read', json({ ids: await ownerNotificationIds() }, auth(r))),
    status: OWN(200),
  },
  {
    name: 'POST /api/inbox/read (all of a tour)',
    call: (r) => f.t.app.request('/api/inbox/read', json({ all: true, tour: f.open.shortId }, auth(r))),
    status: OWN(200),
  },
  { name: 'GET /api/inbox/leads.csv', call: (r) => f.t.app.request('/api/inbox/leads.csv', { headers: auth(r) }), status: OWN(200) },
  {
    name: 'GET /api/inbox/showings.csv',
    call: (r) => f.t.app.request(`/api/inbox/showings.csv?tour=${f.open.shortId}`, { headers: auth(r) }),
    status: OWN(200),
  },
  {
    name: 'GET /api/status/user',
    call: (r) => f.t.app.request('/api/status/user', { headers: auth(r) }),
    status: SIGNED_IN,
  },
  {
    name: 'POST /api/users/{id}',
    call: (r) => f.t.app.request(`/api/users/${f.users.owner.id}`, json({ name: `renamed by ${r}` }, auth(r))),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  { name: 'GET /api/tours', call: (r) => f.t.app.request('/api/tours', { headers: auth(r) }), status: SIGNED_IN },
  {
    name: 'GET /api/tours/{private}',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}`, { headers: auth(r) }),
    status: { anonymous: 403, guest: 403, other: 403, owner: 200, member: 200 },
    memberSees: true,
  },
  {
    name: 'POST /api/tours/{shortId}',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}`, json({ ...f.hiddenTour, title: r }, auth(r))),
    status: { ...EDITORS, owner: 200, member: 200 },
    memberSees: true,
    memberChanges: true,
  },
  {
    name: 'POST /api/tours/{shortId} (privacy)',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}`, json({ ...f.hiddenTour, privacy: 'Public' }, auth(r))),
    status: { ...EDITORS, owner: 200, member: 403 },
  },
  {
    name: 'DELETE /api/tours/{shortId}',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}`, { method: 'DELETE', headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'GET /api/tours/{shortId}/clone',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/clone`, { headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 201 },
  },
  {
    name: 'GET /api/tours/{private}/meta/center.jpg',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/meta/center.jpg`, { headers: auth(r) }),
    status: { anonymous: 403, guest: 403, other: 403, owner: 404, member: 404 },
  },
  {
    name: 'POST /api/images/',
    call: async (r) =>
      f.t.app.request('/api/images/', {
        method: 'POST',
        headers: auth(r),
        body: form('image', await smallPanorama(400), 'Hall.jpg', { tourId: String(f.hidden.id) }),
      }),
    status: { ...EDITORS_BY_ID, owner: 201, member: 201 },
  },
  {
    name: 'POST /api/tours/{shortId}/audio',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/audio`, { method: 'POST', headers: auth(r), body: form('audio', TINY_MP3, 'Birds.mp3') }),
    status: { ...EDITORS, owner: 201, member: 201 },
  },
  {
    name: 'POST /api/floorplans/{tourId}',
    call: (r) => f.t.app.request(`/api/floorplans/${f.hidden.id}`, json({ name: r, url: '/media/tours/p.jpg' }, auth(r))),
    status: { ...EDITORS_BY_ID, owner: 201, member: 201 },
    memberChanges: true,
  },
  {
    name: 'POST /api/floorplan/update/{id}',
    call: (r) =>
      f.t.app.request(
        `/api/floorplan/update/${f.floorplanId}`,
        json({ name: r, hotspots: JSON.stringify([{ coords: { x: 1, y: 2 }, destinationSceneId: 'hall' }]) }, auth(r)),
      ),
    status: { ...EDITORS_BY_ID, owner: 200, member: 200 },
    memberChanges: true,
  },
  {
    name: 'DELETE /api/floorplan/delete/{id}',
    call: (r) => f.t.app.request(`/api/floorplan/delete/${f.floorplanId}`, { method: 'DELETE', headers: auth(r) }),
    status: { ...EDITORS_BY_ID, owner: 200, member: 200 },
    memberChanges: true,
  },
  {
    name: 'GET /api/assets/',
    call: (r) => f.t.app.request('/api/assets/', { headers: auth(r) }),
    status: SIGNED_IN,
  },
  {
    name: 'POST /api/assets/upload',
    call: async (r) =>
      f.t.app.request('/api/assets/upload', {
        method: 'POST',
        headers: auth(r),
        body: form('file', await smallPanorama(200), 'logo.jpg', { assetType: 'logo' }),
      }),
    status: { anonymous: 401, guest: 201, other: 201, owner: 201, member: 201 },
  },
  {
    name: 'POST /api/assets (update)',
    call: (r) => f.t.app.request('/api/assets', json({ assetId: f.assetId, name: r, url: '/media/assets/b.jpg', assetType: 'logo' }, auth(r))),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'DELETE /api/asset/{id}',
    call: (r) => f.t.app.request(`/api/asset/${f.assetId}`, { method: 'DELETE', headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'GET /api/tours/{shortId}/leads',
    call: (r) => f.t.app.request(`/api/tours/${f.open.shortId}/leads`, { headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'GET /api/tours/{shortId}/leads.csv',
    call: (r) => f.t.app.request(`/api/tours/${f.open.shortId}/leads.csv`, { headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'GET /api/tours/{shortId}/showings',
    call: (r) => f.t.app.request(`/api/tours/${f.open.shortId}/showings`, { headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  {
    name: 'GET /api/outbox',
    call: (r) => f.t.app.request('/api/outbox', { headers: auth(r) }),
    status: SIGNED_IN,
    // The member's own mail: the owner's invitation names the owner and the team.
    memberSees: true,
  },
  {
    name: 'POST /api/leads/{private tourId}',
    call: (r) => f.t.app.request(`/api/leads/${f.hidden.id}`, json({ email: 'x@example.com' }, auth(r))),
    status: { anonymous: 404, guest: 404, other: 404, owner: 403, member: 403 },
  },
  {
    name: 'POST /api/tours/{private}/requestShowing',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/requestShowing`, json({ name: 'V', email: 'v@example.com' }, auth(r))),
    status: { anonymous: 403, guest: 403, other: 403, owner: 201, member: 201 },
    // A showing request the member leaves as a visitor reaches the owner's outbox.
    memberChanges: true,
  },
  {
    name: 'POST /api/tours/{shortId}/unlock/free',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/unlock/free`, { method: 'POST', headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 200 },
  },
  // Without Stripe settings (the default) the owner learns card payments are off; everyone else is refused first.
  {
    name: 'POST /api/tours/{shortId}/checkout',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/checkout`, { method: 'POST', headers: auth(r) }),
    status: { ...OWNER_ONLY, owner: 503 },
  },
  {
    name: 'POST /api/tours/{id}/unlock/paid',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.id}/unlock/paid?session_id=cs_test_x`, { method: 'POST', headers: auth(r) }),
    // Named by number: someone else's tour answers the same 404 as a missing one.
    status: { anonymous: 401, guest: 404, other: 404, owner: 503, member: 404 },
  },
  {
    name: 'POST /api/billing/pro-plus/checkout',
    call: (r) => f.t.app.request('/api/billing/pro-plus/checkout', { method: 'POST', headers: auth(r) }),
    status: { anonymous: 401, guest: 403, other: 503, owner: 503, member: 503 },
  },
  {
    name: 'POST /api/billing/portal',
    call: (r) => f.t.app.request('/api/billing/portal', { method: 'POST', headers: auth(r) }),
    status: { anonymous: 401, guest: 403, other: 503, owner: 503, member: 503 },
  },
  {
    name: 'GET /api/billing/plans',
    call: (r) => f.t.app.request('/api/billing/plans', { headers: auth(r) }),
    status: { anonymous: 200, guest: 200, other: 200, owner: 200, member: 200 },
  },
  {
    name: 'GET /api/billing/payments',
    call: (r) => f.t.app.request('/api/billing/payments', { headers: auth(r) }),
    status: SIGNED_IN,
  },
  {
    name: 'POST /api/stripe/webhook',
    call: (r) => f.t.app.request('/api/stripe/webhook', json({ id: 'evt_1', type: 'checkout.session.completed' }, auth(r))),
    status: { anonymous: 503, guest: 503, other: 503, owner: 503, member: 503 },
  },
  {
    name: 'GET /api/tours/{private}/joinChat',
    call: (r) => f.t.app.request(`/api/tours/${f.hidden.shortId}/joinChat`, { headers: auth(r) }),
    status: { anonymous: 403, guest: 403, other: 403, owner: 200, member: 200 },
  },
  {
    name: 'POST /api/mesh/video-token {private room}',
    call: (r) => f.t.app.request('/api/mesh/video-token', json({ identity: `${r}::1`, room: String(f.hidden.id) }, auth(r))),
    status: ROOM_OF_PRIVATE,
  },
  // Twilio's cloud is not reached: the server only signs its token.
  {
    name: 'POST /api/twilio/video-token {private room}',
    call: (r) => f.t.app.request('/api/twilio/video-token', json({ identity: `${r}::1`, room: String(f.hidden.id) }, auth(r))),
    status: ROOM_OF_PRIVATE,
  },
  { name: 'GET /api/teams', call: (r) => f.t.app.request('/api/teams', { headers: auth(r) }), status: SIGNED_IN, memberSees: true },
  {
    name: 'POST /api/teams',
    call: (r) => f.t.app.request('/api/teams', json({ name: `${r}'s team` }, auth(r))),
    status: { anonymous: 401, guest: 403, other: 201, owner: 201, member: 201 },
  },
  { name: 'GET /api/teams/invitations', call: (r) => f.t.app.request('/api/teams/invitations', { headers: auth(r) }), status: SIGNED_IN },
  { name: 'GET /api/teams/getMyTours', call: (r) => f.t.app.request('/api/teams/getMyTours', { headers: auth(r) }), status: SIGNED_IN },
  {
    name: 'GET /api/teams/{id}',
    call: (r) => f.t.app.request(teamPath(), { headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 200 },
    memberSees: true,
  },
  { name: 'PUT /api/teams/{id}', call: (r) => send('PUT', teamPath(), { name: r }, r), status: { ...TEAM_MEMBERS, owner: 200, member: 403 } },
  {
    name: 'DELETE /api/teams/{id}',
    call: (r) => f.t.app.request(teamPath(), { method: 'DELETE', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 403 },
  },
  {
    name: 'POST /api/teams/{id}/sendInvited',
    call: (r) => send('POST', teamPath('/sendInvited'), { emails: [`${r}-invitee@example.com`] }, r),
    status: { ...TEAM_MEMBERS, owner: 201, member: 403 },
  },
  {
    name: 'POST /api/teams/{id}/invitations/{invitationId}/link',
    call: (r) => f.t.app.request(teamPath(`/invitations/${f.invitationId}/link`), { method: 'POST', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 201, member: 403 },
  },
  // Nobody here holds an invitation: someone else's team is never joined by asking. Accounts with an unconfirmed
  // address (all but the member) are refused before anything is looked up.
  {
    name: 'PUT /api/teams/{id}/acceptInvited',
    call: (r) => f.t.app.request(teamPath('/acceptInvited'), { method: 'PUT', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, other: 403, owner: 403, member: 404 },
  },
  {
    name: 'DELETE /api/teams/{id}/dismissInvited',
    call: (r) => f.t.app.request(teamPath('/dismissInvited'), { method: 'DELETE', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, other: 403, owner: 403, member: 404 },
  },
  {
    name: 'PUT /api/teams/{id}/manageMembers',
    call: (r) => send('PUT', teamPath('/manageMembers'), { members: [{ userId: f.users.member.id, permission: 'admin' }] }, r),
    status: { ...TEAM_MEMBERS, owner: 200, member: 403 },
  },
  {
    name: 'DELETE /api/teams/{id}/removeMembers',
    call: (r) => send('DELETE', teamPath('/removeMembers'), { userIds: [f.users.member.id] }, r),
    status: { ...TEAM_MEMBERS, owner: 200, member: 403 },
  },
  {
    name: 'DELETE /api/teams/{id}/leave',
    call: (r) => f.t.app.request(teamPath('/leave'), { method: 'DELETE', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 409, member: 200 },
    memberChanges: true,
  },
  {
    name: 'GET /api/teams/{id}/tours',
    call: (r) => f.t.app.request(teamPath('/tours'), { headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 200 },
    memberSees: true,
  },
  {
    name: 'POST /api/teams/{id}/sharedTours',
    call: (r) => send('POST', teamPath('/sharedTours'), { tourIds: [f.open.shortId] }, r),
    status: { ...TEAM_MEMBERS, owner: 201, member: 403 },
  },
  {
    name: 'POST /api/teams/{id}/sharedTour',
    call: (r) => send('POST', teamPath('/sharedTour'), { tourId: f.open.shortId }, r),
    status: { ...TEAM_MEMBERS, owner: 201, member: 403 },
  },
  {
    name: 'PUT /api/teams/{id}/sharedTour',
    call: (r) => send('PUT', teamPath('/sharedTour'), { tourId: f.hidden.shortId, members: [{ userId: f.users.member.id, permission: 'admin' }] }, r),
    status: { ...TEAM_MEMBERS, owner: 200, member: 403 },
  },
  {
    name: 'DELETE /api/teams/{id}/sharedTour',
    call: (r) => send('DELETE', teamPath('/sharedTour'), { tourId: f.hidden.shortId }, r),
    status: { ...TEAM_MEMBERS, owner: 200, member: 403 },
  },
  {
    name: 'GET /api/teams/{id}/history',
    call: (r) => f.t.app.request(teamPath('/history'), { headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 200 },
    memberSees: true,
  },
  {
    name: 'POST /api/teams/{id}/history',
    call: (r) => send('POST', teamPath('/history'), { tourId: f.hidden.shortId, type: 'note', currentValue: r }, r),
    status: { ...TEAM_MEMBERS, owner: 201, member: 201 },
    memberSees: true,
    memberChanges: true,
  },
  {
    name: 'GET /api/teams/{id}/history/{historyId}',
    call: (r) => f.t.app.request(teamPath(`/history/${f.historyId}`), { headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 200 },
    memberSees: true,
  },
  {
    name: 'POST /api/teams/{id}/history/{historyId}/restore',
    call: (r) => f.t.app.request(teamPath(`/history/${f.historyId}/restore`), { method: 'POST', headers: auth(r) }),
    status: { ...TEAM_MEMBERS, owner: 200, member: 200 },
    memberSees: true,
    memberChanges: true,
  },
  // Prefix search finds co-members only: the owner and the member find each other, the others nobody.
  {
    name: 'GET /api/users',
    call: (r) => f.t.app.request('/api/users?search=Mem', { headers: auth(r) }),
    status: { anonymous: 401, guest: 403, other: 200, owner: 200, member: 200 },
  },
  {
    name: 'POST /api/users/{id}/sendInvitationToApp',
    call: (r) => f.t.app.request(`/api/users/${f.users.owner.id}/sendInvitationToApp`, json({ email: `${r}-new@example.com`, teamId: f.teamId }, auth(r))),
    status: { anonymous: 401, guest: 403, other: 403, owner: 201, member: 403 },
  },
  {
    name: 'POST /api/users/{id}/acceptInvitedToApp',
    call: (r) => f.t.app.request(`/api/users/${f.users.owner.id}/acceptInvitedToApp`, json({ token: 'not-a-real-invitation-token' }, auth(r))),
    status: { anonymous: 401, guest: 403, other: 403, owner: 404, member: 403 },
  },
];

beforeEach(async () => {
  f = await setUp();
});

describe('authorization matrix', () => {
  describe.each(ROUTES)('$name', (route) => {
    it.each(ROLES)('as %s', async (role) => {
      const before = role === 'owner' ? undefined : await ownerState();
      const response = await route.call(role);
      expect(response.status).toBe(route.status[role]);
      if (role === 'owner') return;
      if (role !== 'member' || !route.memberSees) expect(await response.text()).not.toContain(SECRET);
      if (role !== 'member' || !route.memberChanges) expect(await ownerState()).toEqual(before);
    });
  });

  it.each<Role>(['anonymous', 'guest', 'other'])('lets %s leave a lead, a showing request and a join notice on a public tour', async (role) => {
    expect((await f.t.app.request(`/api/leads/${f.open.id}`, json({ email: 'v@example.com', name: role }, auth(role)))).status).toBe(201);
    const showing = await f.t.app.request(`/api/tours/${f.open.shortId}/requestShowing`, json({ name: role, email: 'v@example.com' }, auth(role)));
    expect(showing.status).toBe(201);
    expect(await showing.text()).not.toContain(SECRET);
    expect(await (await f.t.app.request(`/api/tours/${f.open.shortId}/joinChat`, { headers: auth(role) })).json()).toEqual({ notified: true });
  });
});

/**
 * Routes that need no owner, each with why; every other API route of the app's own table must stand in the matrix
 * above, so a route added later cannot skip its authorisation test.
 */
const OPEN_BY_DESIGN: Record<string, string> = {
  'POST /api/auth/signup': 'makes an account',
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/guest': 'starts a guest account',
  'POST /api/auth/logout': "ends the caller's own session (test/api/sessions.test.ts)",
  'POST /api/auth/password-reset': 'asks for a reset link, mailed only to the address (test/api/account.test.ts)',
  'POST /api/auth/password-reset/confirm': 'the mailed one-time link is its authorisation (test/api/account.test.ts)',
  'POST /api/auth/confirm-email': 'the mailed one-time link is its authorisation (test/api/account.test.ts)',
  'POST /api/account/unsubscribe': "the mail's signed link is its authorisation (test/api/account-mail-and-deletion.test.ts)",
  'POST /api/tours': 'makes a tour owned by the caller',
  'POST /api/status/tours/password': 'a visitor gives the password (test/api/tours-access.test.ts)',
  'POST /api/tours/:shortId/unlock/email': 'a visitor leaves an e-mail (test/api/tours-access.test.ts)',
  'GET /api/tours/:shortId/white-label-status': "says whether the tour's own address is ready; names nothing private",
  'GET /api/video/config': 'which video provider and ICE servers this server uses, and its product name',
  'GET /api/rtc': 'the video socket checks its hello with tour-access (test/api/video-access.test.ts)',
  'GET /api/billing/plans': 'the prices on offer',
  'POST /api/tours/:shortId/visits': "visitors' anonymous beacons, counted into rollups only (test/api/analytics.test.ts)",
  'POST /api/stripe/webhook': "Stripe's signature is its authorisation (test/api/billing/stripe-webhook.test.ts)",
};

describe('the matrix covers the route table', () => {
  it('names every API route of the app, or says why it needs no owner', async () => {
    const { app } = await createTestApp();
    const inMatrix = ROUTES.map((route) =>
      route.name
        .replace(/ \(.*\)$| \{.*\}$/, '')
        .replace(/\{[^}]*\}/g, 'x')
        .replace(/\/$/, ''),
    );
    const missing = [...new Set(app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].filter(
      (route) => {
        if (route in OPEN_BY_DESIGN) return false;
        const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/]+').replace(/\//g, '\\/')}$`);
        return !inMatrix.some((name) => pattern.test(name));
      },
    );
    expect(missing).toEqual([]);
  });
});
