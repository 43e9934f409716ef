import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createApp } from '../../api/app';
import { RoomHub } from '../../api/rtc/room-hub';
import type { ServerFrame } from '../../api/schema/video';
import { mintMeshToken } from '../../api/video/video-token';
import { createTestApp } from './support/test-app';

const SECRET = 'test-secret';
let server: ServerType | undefined;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The real app and WebSocket upgrade on a loopback port. */
async function start(hub = new RoomHub()): Promise<string> {
  const t = await createTestApp({ JWT_SECRET: SECRET });
  const withHub = createApp({ db: t.db, config: t.config, rootDir: '.', hub });
  return new Promise((resolve) => {
    server = serve({ fetch: withHub.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) => resolve(`ws://127.0.0.1:${info.port}/api/rtc`));
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

async function connect(url: string, identity: string, room = '1', token?: string, timeout?: number): Promise<Client> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const client = new Client(socket);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  client.send({ type: 'hello', version: 2, id: identity, token: token ?? (await mintMeshToken({ identity, room }, SECRET)), ...(timeout ? { timeout } : {}) });
  return client;
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
    const expired = await connect(url, 'Old::1', '1', await mintMeshToken({ identity: 'Old::1', room: '1' }, SECRET, Math.floor(Date.now() / 1000) - 5 * 3600));
    expect((await expired.next('error')).code).toBe(20104);
    const forged = await connect(url, 'Eve::1', '1', await mintMeshToken({ identity: 'Eve::1', room: '1' }, 'not-our-secret'));
    expect((await forged.next('error')).code).toBe(20107);
    await expect.poll(() => forged.closed?.code).toBe(4107);
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
