import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload, type JWTHeaderParameters } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createApp } from '../../api/app';
import type { Db } from '../../api/db/database';
import { createRtcSocketServer } from '../../api/rtc/connection-guard';
import { RoomHub } from '../../api/rtc/room-hub';
import { tourInputSchema } from '../../api/schema/tour';
import { insertTour } from '../../api/tours/tour.repository';
import { mintMeshToken, mintTwilioToken } from '../../api/video/video-token';
import { closeCodeForAnnouncedFrame, openRtc, rawUpgrade, type RtcClient } from '../support/rtc-client';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp } from './support/users';
import { TEST_JWT_SECRET } from '../support/test-secret';

const SECRET = TEST_JWT_SECRET;
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
async function start(hub = new RoomHub(), env: Record<string, string> = {}): Promise<string> {
  // Every participant here connects from loopback: one address, more seats than a real visitor's unless a test says.
  const base = await createTestApp({ JWT_SECRET: SECRET, ROOM_SEATS_PER_ADDRESS: '20', ...env });
  db = base.db;
  ROOM = String((await insertTour(db, { shortId: 'rtc-tour', userId: null, type: 'paid', input: tourInputSchema.parse({}) })).id);
  t = { ...base, app: createApp({ db, config: base.config, rootDir: '.', hub }) };
  return new Promise((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: createRtcSocketServer() } }, (info) =>
      resolve(`ws://127.0.0.1:${info.port}/api/rtc`),
    );
  });
}

async function connect(url: string, identity: string, room = ROOM, token?: string, timeout?: number): Promise<RtcClient> {
  const client = await openRtc(url);
  sockets.push(client.socket);
  client.send({
    type: 'hello',
    version: 2,
    id: randomUUID(),
    token: token ?? (await mintMeshToken({ identity, room }, SECRET)),
    ...(timeout ? { timeout } : {}),
  });
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
  return new SignJWT(payload)
    .setProtectedHeader({ ...decodeProtectedHeader(genuine), ...header } as JWTHeaderParameters)
    .sign(new TextEncoder().encode(SECRET));
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
    {
      what: 'a Twilio AccessToken (cty twilio-fpa) signed with our secret',
      token: () => mintTwilioToken({ identity: 'Eve::1', room: ROOM }, { accountSid: 'AC1', apiKey: 'SK1', apiSecret: SECRET }),
      code: 20102,
    },
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

  it('gives one client address at most ROOM_SEATS_PER_ADDRESS seats in a room (default 2): a few sockets cannot fill it', async () => {
    const url = await start(new RoomHub(), { ROOM_SEATS_PER_ADDRESS: '' });
    for (const identity of ['P1::1', 'P2::2']) await (await connect(url, identity)).next('welcome');
    const third = await connect(url, 'P3::3');
    expect((await third.next('error')).code).toBe(53105);
  });

  it("keeps the last seat for the tour's owner: visitors fill all but one, the signed-in owner takes it", async () => {
    const url = await start();
    const owner = await signUp(t, 'Owner');
    const room = String((await insertTour(db, { shortId: 'owned-tour', userId: owner.id, type: 'paid', input: tourInputSchema.parse({}) })).id);
    for (let i = 1; i <= 5; i++) await (await connect(url, `P${i}::${i}`, room)).next('welcome');
    const sixthVisitor = await connect(url, 'P6::6', room);
    expect((await sixthVisitor.next('error')).code).toBe(53105);
    const host = await openRtc(url);
    sockets.push(host.socket);
    host.send({ type: 'hello', version: 2, id: randomUUID(), token: await mintMeshToken({ identity: 'Owner::o', room }, SECRET), auth: owner.token });
    expect((await host.next('welcome')).participants).toHaveLength(5);
  });

  it('closes a connection that misses three heartbeats', async () => {
    const url = await start(new RoomHub({ minTimeoutMs: 100 }));
    const ann = await connect(url, 'Ann::1', '1', undefined, 100);
    expect((await ann.next('welcome')).negotiatedTimeout).toBe(100);
    await ann.next('heartbeat');
    await expect.poll(() => ann.closed?.code, { timeout: 5000 }).toBe(3001);
  });
});

/** Ann and Bob in the room, with their sids. */
async function annAndBob(url: string): Promise<{ ann: RtcClient; bob: RtcClient; a: string; b: string }> {
  const [ann, bob] = [await connect(url, 'Ann::1'), await connect(url, 'Bob::2')];
  const [a, b] = [(await ann.next('welcome')).participant.sid, (await bob.next('welcome')).participant.sid];
  return { ann, bob, a, b };
}

const signal = (to: string, payload: unknown) => ({ type: 'msg', body: { type: 'signal', data: { to, payload } } });
const candidate = {
  candidate: 'candidate:842163049 1 udp 1677729535 198.51.100.7 50612 typ srflx raddr 0.0.0.0 rport 0 generation 0',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'f3Ab',
};

describe('what one /api/rtc connection cannot do to the server or the room', () => {
  it('relays an SDP offer, an ICE candidate and a microphone state with their known fields only', async () => {
    const url = await start();
    const { ann, bob, a, b } = await annAndBob(url);
    const offer = { type: 'offer', sdp: 'v=0\r\no=- 4611 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' };
    ann.send(signal(b, { description: offer }));
    ann.send(signal(b, { candidate: { ...candidate, extra: 'not relayed' } }));
    ann.send(signal(b, { audioMuted: true }));
    expect((await bob.next('msg')).body).toEqual({ type: 'signal', data: { senderSid: a, to: b, payload: { description: offer } } });
    expect((await bob.next('msg')).body).toEqual({ type: 'signal', data: { senderSid: a, to: b, payload: { candidate } } });
    expect((await bob.next('msg')).body).toEqual({ type: 'signal', data: { senderSid: a, to: b, payload: { audioMuted: true } } });
  });

  it.each<{ what: string; payload: unknown }>([
    { what: 'a string', payload: 'v=0' },
    { what: 'an array', payload: [{ candidate }] },
    { what: 'no known field', payload: { evil: { nested: true } } },
    { what: 'a description of an unknown type', payload: { description: { type: 'exploit', sdp: 'v=0' } } },
    { what: 'a candidate that is a number', payload: { candidate: 7 } },
    { what: 'a negative m-line index', payload: { candidate: { ...candidate, sdpMLineIndex: -1 } } },
    { what: 'a microphone state that is a string', payload: { audioMuted: 'yes' } },
  ])('answers a signal whose payload is $what with bad and relays nothing', async ({ payload }) => {
    const url = await start();
    const { ann, bob, b } = await annAndBob(url);
    ann.send(signal(b, payload));
    expect((await ann.next('bad')).code).toBe(53004);
    // Bob's next signal is the well-formed one sent after: the bad one never reached him.
    ann.send(signal(b, { audioMuted: false }));
    expect((await bob.next('msg')).body).toMatchObject({ type: 'signal', data: { payload: { audioMuted: false } } });
    expect(bob.messages('signal')).toEqual([]);
  });

  it('refuses a signal nested 20 000 deep with bad, unrelayed, and the room lives on', async () => {
    const url = await start();
    const { ann, bob, b } = await annAndBob(url);
    ann.send(`{"type":"msg","body":{"type":"signal","data":{"to":"${b}","payload":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`);
    expect((await ann.next('bad')).reason).toBe('nested too deep');
    ann.send(signal(b, { audioMuted: true }));
    expect((await bob.next('msg')).body).toMatchObject({ type: 'signal', data: { payload: { audioMuted: true } } });
    const cat = await connect(url, 'Cat::3');
    // Ann and Bob join one after the other, but each join waits on the database, so either may enter first.
    expect((await cat.next('welcome')).participants.map((p) => p.identity).sort()).toEqual(['Ann::1', 'Bob::2']);
    expect([ann.closed, bob.closed]).toEqual([undefined, undefined]);
  });

  it('ends only the connection whose frame a handler failed on (1011), without an unhandled rejection (failure injected into the hub)', async () => {
    class FailingHub extends RoomHub {
      override async message(): Promise<void> {
        throw new Error('injected failure');
      }
    }
    const hub = new FailingHub();
    const logged = vi.spyOn(hub.logger, 'error').mockImplementation(() => undefined);
    try {
      const url = await start(hub);
      const { ann, bob } = await annAndBob(url);
      ann.send({ type: 'msg', body: { type: 'room_life_time_request', data: {} } });
      await expect.poll(() => ann.closed?.code).toBe(1011);
      expect((await bob.next('left')).participant.identity).toBe('Ann::1');
      expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, 'rtc: a frame failed; closing that connection');
      const cat = await connect(url, 'Cat::3');
      expect((await cat.next('welcome')).participants.map((p) => p.identity)).toEqual(['Bob::2']);
    } finally {
      logged.mockRestore();
    }
  });

  it('refuses a 50 MB frame before hello from its header alone (1009), without waiting for its body', async () => {
    const url = await start();
    const raw = await rawUpgrade(url);
    try {
      expect(await closeCodeForAnnouncedFrame(raw, 50 * 1024 * 1024)).toBe(1009);
    } finally {
      raw.destroy();
    }
  });

  it('refuses an address its connections beyond RTC_CONNECTIONS_PER_ADDRESS as busy (53006), and takes one again once another closes', async () => {
    const url = await start(new RoomHub(), { RTC_CONNECTIONS_PER_ADDRESS: '2' });
    const ann = await connect(url, 'Ann::1');
    await ann.next('welcome');
    const bob = await connect(url, 'Bob::2');
    await bob.next('welcome');
    const extra = await openRtc(url);
    sockets.push(extra.socket);
    expect((await extra.next('error')).code).toBe(53006);
    await expect.poll(() => extra.closed?.code).toBe(4006);
    bob.socket.close();
    await expect.poll(() => bob.closed).toBeDefined();
    const cat = await connect(url, 'Cat::3');
    await cat.next('welcome');
  });

  it('closes a connection that does not say hello in time (3007), and not one that did', async () => {
    const url = await start(new RoomHub({ limits: { helloTimeoutMs: 200 } }));
    const ann = await connect(url, 'Ann::1');
    await ann.next('welcome');
    const silent = await openRtc(url);
    sockets.push(silent.socket);
    await expect.poll(() => silent.closed).toEqual({ code: 3007, reason: 'no hello in time' });
    // Ann's deadline started first and has passed too: she still gets answers.
    ann.send('{not json');
    await ann.next('bad');
    expect(ann.closed).toBeUndefined();
  });

  it('passes on no more than the limit of a non-host flooding room_life_time_request, answering busy with retryAfter', async () => {
    const burst = 3;
    const url = await start(new RoomHub({ limits: { roomMessages: { burst, perSecond: 0.001 } } }));
    const { ann, bob, a } = await annAndBob(url);
    const cat = await connect(url, 'Cat::3');
    await cat.next('welcome');
    ann.send({ type: 'msg', body: { type: 'host', data: { hostSid: a } } });
    for (const client of [ann, bob, cat]) await client.next('msg');
    for (let i = 0; i < 100; i++) bob.send({ type: 'msg', body: { type: 'room_life_time_request', data: {} } });
    expect((await bob.next('busy')).retryAfter).toBeGreaterThan(0);
    // Bob's frames are handled in order, his leaving after all of them.
    bob.socket.close();
    for (const client of [ann, cat]) {
      expect((await client.next('left')).participant.identity).toBe('Bob::2');
      expect(client.messages('room_life_time_request')).toHaveLength(burst);
    }
  });

  it('drops frames beyond the connection rate, whatever they hold, answering busy', async () => {
    const burst = 10;
    const url = await start(new RoomHub({ limits: { frames: { burst, perSecond: 0.001 } } }));
    const { ann, bob, b } = await annAndBob(url);
    for (let i = 0; i < 100; i++) ann.send(signal(b, { audioMuted: i % 2 === 0 }));
    expect((await ann.next('busy')).retryAfter).toBeGreaterThan(0);
    ann.socket.close();
    await bob.next('left');
    // Ann's hello took one of her frames.
    expect(bob.messages('signal')).toHaveLength(burst - 1);
  });

  it('drops a participant who stops reading instead of buffering for them without end', async () => {
    const hub = new RoomHub({ limits: { maxBufferedBytes: 64 * 1024, frames: { burst: 100_000, perSecond: 100_000 } } });
    const url = await start(hub);
    const { ann, bob, a, b } = await annAndBob(url);
    bob.socket.pause();
    // About 50 KB each, as a large honest offer: at most 100 MB in all, far past what the kernel buffers.
    const offer = signal(b, { description: { type: 'offer', sdp: `v=0\r\n${'a=candidate:1 1 udp 1 198.51.100.7 50612 typ host\r\n'.repeat(1000)}` } });
    for (let sent = 0; sent < 2000 && !ann.frames.some((frame) => frame.type === 'left'); sent++) {
      ann.send(offer);
      // Ann's own socket keeps up: the test holds no more than a few offers unsent itself.
      while (ann.socket.bufferedAmount > 256 * 1024) await new Promise((resolve) => setTimeout(resolve, 5));
      if (sent % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await ann.next('left')).participant.sid).toBe(b);
    expect((await hub.participants(ROOM)).map((p) => p.sid)).toEqual([a]);
  });
});
