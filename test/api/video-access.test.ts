import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerFrame } from '../../api/schema/video';
import type { TourType } from '../../api/schema/tour';
import { mintMeshToken } from '../../api/video/video-token';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

/**
 * Strangers against the video rooms of tours they may not view: both providers' token routes and the /api/rtc
 * hello, on the real app behind a real WebSocket. Twilio is configured so its token route answers; its cloud is
 * never called (the server only signs Twilio's token).
 */
const TWILIO = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef', TWILIO_API_KEY: 'SK0123456789abcdef', TWILIO_API_SECRET: 'twilio-api-secret' };
const PROVIDERS = ['mesh', 'twilio'] as const;
const PASSWORD = 'open sesame';

let t: TestApp;
let url: string;
let server: ServerType | undefined;
const sockets: WebSocket[] = [];
let owner: TestUser;
let stranger: TestUser;

beforeEach(async () => {
  t = await createTestApp(TWILIO);
  owner = await signUp(t, 'Owner');
  stranger = await signUp(t, 'Stranger');
  url = await new Promise((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) =>
      resolve(`ws://127.0.0.1:${info.port}/api/rtc`),
    );
  });
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface TestTour {
  id: number;
  shortId: string;
  room: string;
}

/** A tour of `owner` with these settings; its type set in the database (payments are not what is tested here). */
async function tourOf(settings: Record<string, unknown>, type: TourType = 'paid'): Promise<TestTour> {
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const saved = await t.app.request(
    `/api/tours/${created.shortId}`,
    json({ revision: created.revision, images: [{ id: 'hall', title: 'Hall' }], ...settings }, owner.auth),
  );
  expect(saved.status).toBe(200);
  await t.db.updateTable('tour').set({ type }).where('id', '=', created.id).execute();
  return { id: created.id, shortId: created.shortId, room: String(created.id) };
}

/** Asks a provider's token route for the room: the status, and the video code of a refusal. */
async function videoToken(provider: (typeof PROVIDERS)[number], room: string, headers: Record<string, string> = {}, tourAccessToken?: string) {
  const response = await t.app.request(`/api/${provider}/video-token`, json({ identity: 'Eve::1', room, tourAccessToken }, headers));
  const body = await response.json();
  return { status: response.status, code: body.error?.details?.code, hasToken: typeof body.token === 'string' };
}

/** The first frame that answers a hello into `room` (a mesh token minted for it directly), with what the hello shows. */
async function hello(room: string, access: { auth?: string; tourAccessToken?: string } = {}): Promise<ServerFrame> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const answer = new Promise<ServerFrame>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const token = await mintMeshToken({ identity: `Eve::${randomUUID()}`, room }, t.config.jwtSecret);
  socket.send(JSON.stringify({ type: 'hello', version: 2, id: randomUUID(), token, ...access }));
  return answer;
}

async function acceptedPassword(shortId: string): Promise<string> {
  const response = await t.app.request('/api/status/tours/password', json({ shortId, password: PASSWORD }));
  expect(response.status).toBe(200);
  const { accessToken } = await response.json();
  expect(accessToken).toEqual(expect.any(String));
  return accessToken;
}

const ROOM_NOT_FOUND = { status: 404, code: 53106, hasToken: false };
const GRANTED = { status: 200, code: undefined, hasToken: true };

describe('video rooms of tours a caller may not view', () => {
  it.each(PROVIDERS)('%s: a private tour’s room gives strangers no token, answered as a missing room; its owner gets one', async (provider) => {
    const tour = await tourOf({ privacy: 'Private' });
    expect(await videoToken(provider, tour.room)).toEqual(ROOM_NOT_FOUND);
    expect(await videoToken(provider, tour.room, stranger.auth)).toEqual(ROOM_NOT_FOUND);
    expect(await videoToken(provider, '999999', stranger.auth)).toEqual(ROOM_NOT_FOUND);
    expect(await videoToken(provider, tour.room, owner.auth)).toEqual(GRANTED);
  });

  it('a private tour’s room refuses a stranger’s hello, even with a good token for it (one minted before the tour went private)', async () => {
    const tour = await tourOf({ privacy: 'Private' });
    expect(await hello(tour.room)).toMatchObject({ type: 'error', code: 53106 });
    expect(await hello(tour.room, { auth: stranger.token })).toMatchObject({ type: 'error', code: 53106 });
    expect(await hello(tour.room, { auth: 'forged.sign.in' })).toMatchObject({ type: 'error', code: 53106 });
    expect(await hello(tour.room, { auth: owner.token })).toMatchObject({ type: 'welcome', room: tour.room });
  });

  it.each(PROVIDERS)('%s: a password tour’s room gives a token only with the access token its accepted password gave', async (provider) => {
    const tour = await tourOf({ privacy: 'Password', password: PASSWORD });
    const other = await tourOf({ privacy: 'Password', password: PASSWORD });
    expect(await videoToken(provider, tour.room, stranger.auth)).toEqual(ROOM_NOT_FOUND);
    expect(await videoToken(provider, tour.room, {}, 'not-a-token')).toEqual(ROOM_NOT_FOUND);
    // Scoped to its tour: another tour's accepted password does not open this room.
    expect(await videoToken(provider, tour.room, {}, await acceptedPassword(other.shortId))).toEqual(ROOM_NOT_FOUND);
    const wrong = await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'guess' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('accessToken');
    expect(await videoToken(provider, tour.room, {}, await acceptedPassword(tour.shortId))).toEqual(GRANTED);
    expect(await videoToken(provider, tour.room, owner.auth)).toEqual(GRANTED);
  });

  it('a password tour’s room takes a hello only with its access token or from its owner; a new password voids old tokens', async () => {
    const tour = await tourOf({ privacy: 'Password', password: PASSWORD });
    const accessToken = await acceptedPassword(tour.shortId);
    expect(await hello(tour.room)).toMatchObject({ type: 'error', code: 53106 });
    expect(await hello(tour.room, { auth: stranger.token })).toMatchObject({ type: 'error', code: 53106 });
    expect(await hello(tour.room, { tourAccessToken: accessToken })).toMatchObject({ type: 'welcome' });
    expect(await hello(tour.room, { auth: owner.token })).toMatchObject({ type: 'welcome' });

    const current = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
    const changed = await t.app.request(`/api/tours/${tour.shortId}`, json({ ...current, password: 'a new password' }, owner.auth));
    expect(changed.status).toBe(200);
    expect(await hello(tour.room, { tourAccessToken: accessToken })).toMatchObject({ type: 'error', code: 53106 });
    expect(await videoToken('mesh', tour.room, {}, accessToken)).toEqual(ROOM_NOT_FOUND);
  });

  it('a locked tour’s room is shut to visitors, as the viewer holds them at its unlock form, and opens once it is unlocked', async () => {
    const tour = await tourOf({}, 'locked');
    expect(await videoToken('mesh', tour.room, stranger.auth)).toEqual(ROOM_NOT_FOUND);
    expect(await hello(tour.room)).toMatchObject({ type: 'error', code: 53106 });
    expect(await videoToken('mesh', tour.room, owner.auth)).toEqual(GRANTED);
    expect(await hello(tour.room, { auth: owner.token })).toMatchObject({ type: 'welcome' });
    expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'visitor@example.com' }))).status).toBe(200);
    expect(await videoToken('mesh', tour.room, stranger.auth)).toEqual(GRANTED);
    expect(await hello(tour.room)).toMatchObject({ type: 'welcome' });
  });

  it.each(PROVIDERS)('%s: a public tour’s room is open to anyone', async (provider) => {
    const tour = await tourOf({});
    expect(await videoToken(provider, tour.room)).toEqual(GRANTED);
    expect(await videoToken(provider, tour.room, stranger.auth)).toEqual(GRANTED);
    expect(await hello(tour.room)).toMatchObject({ type: 'welcome' });
  });

  it('names each room one way only: 02, 0x2 or 2.0 are not the room of tour 2', async () => {
    const tour = await tourOf({});
    for (const room of [`0${tour.room}`, `0x${tour.id.toString(16)}`, `${tour.room}.0`, `${tour.room}e0`]) {
      const refused = await videoToken('mesh', room);
      expect([404, 422]).toContain(refused.status);
      expect(refused.hasToken).toBe(false);
    }
  });
});
