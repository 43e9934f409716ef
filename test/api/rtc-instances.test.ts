import { pino } from 'pino';
import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { createRtcSocketServer } from '../../api/rtc/connection-guard';
import { RedisRoomStore } from '../../api/rtc/redis-room-store';
import { RoomHub } from '../../api/rtc/room-hub';
import { tourInputSchema } from '../../api/schema/tour';
import { insertTour } from '../../api/tours/tour.repository';
import { mintMeshToken } from '../../api/video/video-token';
import { REDIS_URL, redisAnswers, testPrefix } from '../support/local-redis';
import { openRtc, type RtcClient } from '../support/rtc-client';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp } from './support/users';
import { TEST_JWT_SECRET } from '../support/test-secret';

const redis = await redisAnswers();

const SECRET = TEST_JWT_SECRET;
/** Short, so a killed instance's participants leave their rooms within a second. */
const INSTANCE_TTL_MS = 600;

/** One instance of the app: its own port, room hub and Redis connections; the database and Redis are shared. */
interface Instance {
  url: string;
  app: TestApp;
  hub: RoomHub;
  store: RedisRoomStore;
  server: ServerType;
  sockets: ReturnType<typeof createRtcSocketServer>;
  killed: boolean;
}

let prefix: ReturnType<typeof testPrefix>;
let ROOM = '';
const instances: Instance[] = [];
const clients: RtcClient[] = [];

async function instance(base: TestApp): Promise<Instance> {
  const store = await RedisRoomStore.connect(REDIS_URL, { prefix: prefix.prefix, instanceTtlMs: INSTANCE_TTL_MS, logger: pino({ level: 'warn' }) });
  const hub = new RoomHub({ store });
  const app = { ...base, app: createApp({ db: base.db, config: base.config, rootDir: '.', hub }) };
  const sockets = createRtcSocketServer();
  const { server, url } = await new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: sockets } }, (info) =>
      resolve({ server, url: `ws://127.0.0.1:${info.port}/api/rtc` }),
    );
  });
  const started = { url, app, hub, store, server, sockets, killed: false };
  instances.push(started);
  return started;
}

/** Two instances on one database and one Redis, with one tour (whose room is ROOM). */
async function twoInstances(seatsPerAddress = '20'): Promise<[Instance, Instance]> {
  // Every visitor here connects from loopback: one address, more seats than a real visitor's unless a test says.
  const base = await createTestApp({ JWT_SECRET: SECRET, ROOM_SEATS_PER_ADDRESS: seatsPerAddress });
  ROOM = String((await insertTour(base.db, { shortId: 'rtc-tour', userId: null, type: 'paid', input: tourInputSchema.parse({}) })).id);
  return [await instance(base), await instance(base)];
}

/** A visitor welcomed into ROOM through `at`, with its sid and welcome. */
async function enter(at: Instance, identity: string, token?: string) {
  const client = await openRtc(at.url);
  clients.push(client);
  client.send({ type: 'hello', version: 2, id: randomUUID(), token: token ?? (await mintMeshToken({ identity, room: ROOM }, SECRET)) });
  const welcome = await client.next('welcome');
  return { client, sid: welcome.participant.sid, welcome };
}

/** The instance dies at once: connections cut without a close frame, nothing said to Redis. */
async function kill(dying: Instance): Promise<void> {
  dying.killed = true;
  await dying.store.close();
  // Its hub forgets its participants, saying nothing (its store is gone), before their connections are cut.
  await dying.hub.close();
  for (const socket of dying.sockets.clients) socket.terminate();
  dying.server.close();
}

beforeEach(() => {
  prefix = testPrefix('rtc-instances');
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  for (const { hub, store, server, killed } of instances.splice(0)) {
    if (killed) continue;
    await hub.close();
    await store.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await prefix.clear();
});

const scene = (sceneId: string) => ({ type: 'msg', body: { type: 'scene', data: { sceneId, coords: { x: 0, y: 0, z: -1 }, fov: 80 } } });

describe.runIf(redis)('/api/rtc on two instances sharing Redis', () => {
  it("counts one address's seats across instances: a third socket from it is refused wherever it connects", async () => {
    const [a, b] = await twoInstances('2');
    await enter(a, 'Ann::1');
    await enter(b, 'Bob::2');
    const third = await openRtc(a.url);
    clients.push(third);
    third.send({ type: 'hello', version: 2, id: randomUUID(), token: await mintMeshToken({ identity: 'Cat::3', room: ROOM }, SECRET) });
    expect((await third.next('error')).code).toBe(53105);
  });

  it('puts visitors of both instances in one room: presence, host, view, late joiners and signalling cross over', async () => {
    const [a, b] = await twoInstances();
    const ann = await enter(a, 'Ann::1');
    const bob = await enter(b, 'Bob::2');
    expect((await ann.client.next('joined')).participant).toEqual({ sid: bob.sid, identity: 'Bob::2' });

    ann.client.send({ type: 'msg', body: { type: 'host', data: { hostSid: ann.sid } } });
    for (const { client } of [ann, bob]) expect((await client.next('msg')).body).toEqual({ type: 'host', data: { hostSid: ann.sid } });
    ann.client.send(scene('kitchen'));
    expect((await bob.client.next('msg')).body).toMatchObject({ type: 'scene', data: { senderSid: ann.sid, sceneId: 'kitchen' } });

    const cat = await enter(b, 'Cat::3');
    expect(cat.welcome).toMatchObject({ participants: [{ sid: ann.sid }, { sid: bob.sid }], hostSid: ann.sid });
    expect((await cat.client.next('msg')).body).toMatchObject({ type: 'scene', data: { senderSid: ann.sid, sceneId: 'kitchen' } });
    expect((await ann.client.next('joined')).participant.identity).toBe('Cat::3');

    const offer = { description: { type: 'offer', sdp: 'v=0\r\n' } };
    cat.client.send({ type: 'msg', body: { type: 'signal', data: { to: ann.sid, payload: offer } } });
    expect((await ann.client.next('msg')).body).toEqual({ type: 'signal', data: { senderSid: cat.sid, to: ann.sid, payload: offer } });

    bob.client.send({ type: 'bye' });
    expect((await ann.client.next('left')).participant.identity).toBe('Bob::2');
  });

  it('ends the room on both instances when the tour is deleted through one (53118)', async () => {
    const [a, b] = await twoInstances();
    const owner = await signUp(b.app);
    await b.app.db.updateTable('tour').set({ user_id: owner.id }).where('id', '=', Number(ROOM)).execute();
    const [ann, bob] = [await enter(a, 'Ann::1'), await enter(b, 'Bob::2')];
    expect((await b.app.app.request('/api/tours/rtc-tour', { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    for (const { client } of [ann, bob]) {
      expect(await client.next('error')).toEqual({ type: 'error', code: 53118, message: 'Room completed' });
      await expect.poll(() => client.closed).toEqual({ code: 4118, reason: 'Room completed' });
    }
  });

  it('moves the host of a killed instance to the other on reconnect, with the room intact', async () => {
    const [a, b] = await twoInstances();
    const token = await mintMeshToken({ identity: 'Host::1', room: ROOM }, SECRET);
    const host = await enter(a, 'Host::1', token);
    const bob = await enter(b, 'Bob::2');
    host.client.send({ type: 'msg', body: { type: 'host', data: { hostSid: host.sid } } });
    await bob.client.next('msg');

    await kill(a);
    // The host's client reconnects (to B, behind the balancer) with the token it holds, before A's sign of life expires.
    const again = await enter(b, 'Host::1', token);
    expect(bob.client.frames.filter((frame) => frame.type === 'welcome')).toEqual([]);
    expect((await bob.client.next('left')).participant.sid).toBe(host.sid);
    expect((await bob.client.next('msg')).body).toEqual({ type: 'host_reset', data: { senderSid: host.sid } });
    expect((await bob.client.next('joined')).participant.sid).toBe(again.sid);
    again.client.send({ type: 'msg', body: { type: 'host', data: { hostSid: again.sid } } });
    expect((await bob.client.next('msg')).body).toEqual({ type: 'host', data: { hostSid: again.sid } });
    again.client.send(scene('garden'));
    expect((await bob.client.next('msg')).body).toMatchObject({ type: 'scene', data: { senderSid: again.sid, sceneId: 'garden' } });
  });

  it('takes the participants of a killed instance out of the room once its sign of life expires', async () => {
    const [a, b] = await twoInstances();
    const ann = await enter(a, 'Ann::1');
    const bob = await enter(b, 'Bob::2');
    ann.client.send({ type: 'msg', body: { type: 'host', data: { hostSid: ann.sid } } });
    await bob.client.next('msg');
    await kill(a);
    expect((await bob.client.next('left')).participant.sid).toBe(ann.sid);
    expect((await bob.client.next('msg')).body).toEqual({ type: 'host_reset', data: { senderSid: ann.sid } });
    const cat = await enter(b, 'Cat::3');
    expect(cat.welcome).toMatchObject({ participants: [{ sid: bob.sid }], hostSid: null });
  });
});
