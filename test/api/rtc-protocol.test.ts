import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload, type JWTHeaderParameters } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createApp } from '../../api/app';
import type { Db } from '../../api/db/database';
import { RoomHub } from '../../api/rtc/room-hub';
import { tourInputSchema } from '../../api/schema/tour';
import type { ServerFrame } from '../../api/schema/video';
import { insertTour } from '../../api/tours/tour.repository';
import { mintMeshToken, mintTwilioToken } from '../../api/video/video-token';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp } from './support/users';

const SECRET = 'test-secret';
let server: ServerType | undefined;
const sockets: WebSocket[] = [];
/** The room of the one tour each test's database holds. */
let ROOM = '';
let db: Db;
/** The app behind the WebSocket, for HTTP calls beside it. */
let t: TestApp;

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The real app and WebSocket upgrade on a loopback port, with one tour (whose room is ROOM). */
async function start(hub = new RoomHub()): Promise<string> {
  const base = await createTestApp({ JWT_SECRET: SECRET });
  db = base.db;
  ROOM = String((await insertTour(db, { shortId: 'rtc-tour', userId: null, type: 'paid', input: tourInputSchema.parse({}) })).id);
  t = { ...base, app: createApp({ db, config: base.config, rootDir: '.', hub }) };
  return new Promise((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) => resolve(`ws://127.0.0.1:${info.port}/api/rtc`));
  });
}

class Client {
  readonly frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(String(data))));
    socket.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
  }
  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  async next<T extends ServerFrame['type']>(type: T): Promise<Extract<ServerFrame, { type: T }>> {
    await expect.poll(() => this.frames.some((frame) => frame.type === type), { timeout: 5000 }).toBe(true);
    const index = this.frames.findIndex((frame) => frame.type === type);
    return this.frames.splice(index, 1)[0] as Extract<ServerFrame, { type: T }>;
  }
}

async function connect(url: string, identity: string, room = ROOM, token?: string, timeout?: number): Promise<Client> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const client = new Client(socket);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  client.send({ type: 'hello', version: 2, id: randomUUID(), token: token ?? (await mintMeshToken({ identity, room }, SECRET)), ...(timeout ? { timeout } : {}) });
  return client;
}

/** The error a hello with `token` is refused with, after checking the socket is closed with the matching 4xxx code. */
async function refusal(url: string, token: string): Promise<number> {
  const client = await connect(url, 'Eve::1', ROOM, token);
  const { code } = await client.next('error');
  await expect.poll(() => client.closed?.code).toBe(4000 + (code % 1000));
  return code;
}

type Edit = { header?: Partial<JWTHeaderParameters>; claims?: JWTPayload };
const now = () => Math.floor(Date.now() / 1000);

/** A genuine mesh token for Eve, re-signed with our secret after `edit` (an undefined claim is removed). */
async function forge({ header = {}, claims = {} }: Edit): Promise<string> {
  const genuine = await mintMeshToken({ identity: 'Eve::1', room: ROOM }, SECRET);
  const payload = JSON.parse(JSON.stringify({ ...decodeJwt(genuine), ...claims }));
  return new SignJWT(payload).setProtectedHeader({ ...decodeProtectedHeader(genuine), ...header } as JWTHeaderParameters).sign(new TextEncoder().encode(SECRET));
}

/** An unsecured JWT (`alg: none`): the claims are fine, nothing vouches for them. */
async function unsigned(): Promise<string> {
  const claims = decodeJwt(await mintMeshToken({ identity: 'Eve::1', room: ROOM }, SECRET));
  const part = (value: object) => base64url.encode(JSON.stringify(value));
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

describe('the /api/rtc control plane', () => {
  it('welcomes with a negotiated timeout and announces who joins and leaves', async () => {
    const url = await start();
    const ann = await connect(url, 'Ann::1');
    const welcome = await ann.next('welcome');
    expect(welcome).toMatchObject({ negotiatedTimeout: 5000, participants: [], hostSid: null, participant: { identity: 'Ann::1' } });
    const bob = await connect(url, 'Bob::2');
    const bobWelcome = await bob.next('welcome');
    expect(bobWelcome.participants).toEqual([welcome.participant]);
    expect((await ann.next('joined')).participant.identity).toBe('Bob::2');
    bob.send({ type: 'bye' });
    expect((await ann.next('left')).participant.identity).toBe('Bob::2');
  });

  it('answers bad JSON and unknown types with bad, and the connection lives on', async () => {
    const url = await start();
    const ann = await connect(url, 'Ann::1');
    await ann.next('welcome');
    ann.send('{not json');
    expect((await ann.next('bad')).reason).toBe('not JSON');
    ann.send({ type: 'dance' });
    await ann.next('bad');
    const bob = await connect(url, 'Bob::2');
    await bob.next('welcome');
    expect((await ann.next('joined')).participant.identity).toBe('Bob::2');
    expect(ann.closed).toBeUndefined();
  });

  it('refuses an expired token with 20104 and a forged one with 20107', async () => {
    const url = await start();
    expect(await refusal(url, await mintMeshToken({ identity: 'Old::1', room: ROOM }, SECRET, now() - 5 * 3600))).toBe(20104);
    expect(await refusal(url, await mintMeshToken({ identity: 'Eve::1', room: ROOM }, 'not-our-secret'))).toBe(20107);
  });

  it.each<{ what: string; token: () => Promise<string>; code: number }>([
    { what: 'something that is no JWT', token: async () => 'not.a.token', code: 20101 },
    { what: 'an unsigned token (alg none)', token: unsigned, code: 20102 },
    { what: 'a token signed with HS512', token: () => forge({ header: { alg: 'HS512' } }), code: 20102 },
    { what: 'a token whose typ is not JWT', token: () => forge({ header: { typ: 'at+jwt' } }), code: 20102 },
    { what: 'a Twilio AccessToken (cty twilio-fpa) signed with our secret', token: () => mintTwilioToken({ identity: 'Eve::1', room: ROOM }, { accountSid: 'AC1', apiKey: 'SK1', apiSecret: SECRET }), code: 20102 },
    { what: 'another issuer', token: () => forge({ claims: { iss: 'someone-else' } }), code: 20103 },
    { what: 'another subject', token: () => forge({ claims: { sub: 'twilio' } }), code: 20103 },
    { what: 'no expiry', token: () => forge({ claims: { exp: undefined } }), code: 20104 },
    { what: 'a token valid only from tomorrow (nbf)', token: () => forge({ claims: { nbf: now() + 24 * 3600 } }), code: 20105 },
    { what: 'grants without an identity', token: () => forge({ claims: { grants: { video: { room: ROOM } } } }), code: 20106 },
    { what: 'grants without a video room', token: () => forge({ claims: { grants: { identity: 'Eve::1' } } }), code: 20106 },
  ])('refuses $what with $code and closes the socket', async ({ token, code }) => {
    const url = await start();
    expect(await refusal(url, await token())).toBe(code);
  });

  it.each<{ what: string; room: string; code: number }>([
    { what: 'an empty room name', room: '', code: 53100 },
    { what: 'a room name over 128 characters', room: '1'.repeat(129), code: 53101 },
    { what: 'a room name with a space and a slash', room: 'room 1/2', code: 53102 },
    { what: 'a room that names no tour', room: '99999', code: 53106 },
    { what: 'a room name that is not a tour id', room: 'lobby', code: 53106 },
  ])('refuses a token for $what with $code', async ({ room, code }) => {
    const url = await start();
    expect(await refusal(url, await mintMeshToken({ identity: 'Eve::1', room }, SECRET))).toBe(code);
  });

  it.each<{ what: string; identity: string; code: number }>([
    { what: 'a blank identity', identity: ' ', code: 53200 },
    { what: 'an identity over 256 characters', identity: `${'E'.repeat(250)}::123456`, code: 53201 },
    { what: 'an identity with a control character', identity: 'Eve\u0007::1', code: 53202 },
  ])('refuses a token for $what with $code', async ({ identity, code }) => {
    const url = await start();
    expect(await refusal(url, await mintMeshToken({ identity, room: ROOM }, SECRET))).toBe(code);
  });

  it('refuses a token for a tour deleted since it was minted with 53106 (room not found)', async () => {
    const url = await start();
    const token = await mintMeshToken({ identity: 'Ann::1', room: ROOM }, SECRET);
    const ann = await connect(url, 'Ann::1', ROOM, token);
    await ann.next('welcome');
    await db.deleteFrom('tour').where('id', '=', Number(ROOM)).execute();
    // Ann's connection drops and she reconnects with the token she holds.
    ann.socket.close();
    expect(await refusal(url, token)).toBe(53106);
  });

  it('ends a live room with 53118 (Room completed) when its tour is deleted, then refuses joins to it with 53106', async () => {
    const url = await start();
    const owner = await signUp(t);
    await db.updateTable('tour').set({ user_id: owner.id }).where('id', '=', Number(ROOM)).execute();
    const [ann, bob] = [await connect(url, 'Ann::1'), await connect(url, 'Bob::2')];
    await ann.next('welcome');
    await bob.next('welcome');
    expect((await t.app.request('/api/tours/rtc-tour', { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    for (const client of [ann, bob]) {
      expect(await client.next('error')).toEqual({ type: 'error', code: 53118, message: 'Room completed' });
      await expect.poll(() => client.closed).toEqual({ code: 4118, reason: 'Room completed' });
      expect(client.frames.filter((frame) => frame.type === 'left')).toEqual([]);
    }
    expect(await refusal(url, await mintMeshToken({ identity: 'Cat::3', room: ROOM }, SECRET))).toBe(53106);
  });

  it('elects the first claimant host, relays a change request to the host alone, hands over, and clears the host on leave', async () => {
    const url = await start();
    const [ann, bob, cat] = [await connect(url, 'Ann::1'), await connect(url, 'Bob::2'), await connect(url, 'Cat::3')];
    const [a, b] = [(await ann.next('welcome')).participant.sid, (await bob.next('welcome')).participant.sid];
    await cat.next('welcome');
    ann.send({ type: 'msg', body: { type: 'host', data: { hostSid: a } } });
    for (const client of [ann, bob, cat]) expect((await client.next('msg')).body).toEqual({ type: 'host', data: { hostSid: a } });
    bob.send({ type: 'msg', body: { type: 'host', data: { hostSid: b } } });
    expect((await bob.next('bad')).reason).toContain('already has a host');
    bob.send({ type: 'msg', body: { type: 'scene', data: { sceneId: 's', coords: { x: 0, y: 0, z: -1 }, fov: 90 } } });
    expect((await bob.next('bad')).reason).toContain('only the host');

    ann.send({ type: 'msg', body: { type: 'scene', data: { sceneId: 'kitchen', coords: { x: 0, y: 0, z: -1 }, fov: 80 } } });
    expect((await bob.next('msg')).body).toMatchObject({ type: 'scene', data: { senderSid: a, sceneId: 'kitchen', fov: 80 } });
    await cat.next('msg');

    bob.send({ type: 'msg', body: { type: 'host_request_changing', data: {} } });
    expect((await ann.next('msg')).body).toEqual({ type: 'host_request_changing', data: { senderSid: b } });
    ann.send({ type: 'msg', body: { type: 'host', data: { hostSid: b } } });
    for (const client of [ann, bob, cat]) expect((await client.next('msg')).body).toEqual({ type: 'host', data: { hostSid: b } });
    expect(cat.frames.some((frame) => frame.type === 'msg' && frame.body.type === 'host_request_changing')).toBe(false);

    bob.socket.close();
    expect((await ann.next('msg')).body).toEqual({ type: 'host_reset', data: { senderSid: b } });
  });

  it('refuses a seventh participant with 53105 and replaces a duplicate identity with 53205', async () => {
    const url = await start();
    const six = [];
    for (let i = 1; i <= 6; i++) {
      const client = await connect(url, `P${i}::${i}`);
      await client.next('welcome');
      six.push(client);
    }
    const seventh = await connect(url, 'P7::7');
    expect((await seventh.next('error')).code).toBe(53105);
    const again = await connect(url, 'P1::1');
    expect((await six[0].next('error')).code).toBe(53205);
    await again.next('welcome');
  });

  it('closes a connection that misses three heartbeats', async () => {
    const url = await start(new RoomHub({ minTimeoutMs: 100 }));
    const ann = await connect(url, 'Ann::1', '1', undefined, 100);
    expect((await ann.next('welcome')).negotiatedTimeout).toBe(100);
    await ann.next('heartbeat');
    await expect.poll(() => ann.closed?.code, { timeout: 5000 }).toBe(3001);
  });
});
