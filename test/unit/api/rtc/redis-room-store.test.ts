import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisRoomStore } from '../../../../api/rtc/redis-room-store';
import { RoomHub } from '../../../../api/rtc/room-hub';
import type { RoomMessage, ServerFrame } from '../../../../api/schema/video';
import { REDIS_URL, redisAnswers, testPrefix } from '../../../support/local-redis';
import { recordingSocket } from '../../../support/recording-socket';

const redis = await redisAnswers();

/** Short, so a stopped server's participants are taken out within a second rather than ten. */
const INSTANCE_TTL_MS = 600;
/** Waiting for a change to cross Redis, or for a stopped server's sign of life to expire: a failure detector, not a limit. */
const POLL = { timeout: 10_000 };

type Socket = ReturnType<typeof recordingSocket>;
let prefix: ReturnType<typeof testPrefix>;
const servers: Array<{ hub: RoomHub; store: RedisRoomStore; stopped: boolean }> = [];

/** A hub on its own store (its own Redis connections and sign of life), as one server of several. */
async function server(options: { roomCap?: number } = {}) {
  const store = await RedisRoomStore.connect(REDIS_URL, { prefix: prefix.prefix, instanceTtlMs: INSTANCE_TTL_MS, logger: pino({ level: 'warn' }) });
  const entry = { hub: new RoomHub({ ...options, store }), store, stopped: false };
  servers.push(entry);
  return entry;
}

/** A participant joined through `hub`, with its socket and sid. */
async function join(hub: RoomHub, identity: string, room = 'room'): Promise<{ socket: Socket; sid: string }> {
  const socket = recordingSocket();
  const sid = await hub.join(socket, identity, room);
  if (!sid) throw new Error(`${identity} was refused: ${JSON.stringify(socket.frames)}`);
  return { socket, sid };
}

const received = (socket: Socket, type: ServerFrame['type']) => socket.frames.filter((frame) => frame.type === type);
const identities = (frames: ServerFrame[]) =>
  frames.map((frame) => (frame.type === 'joined' || frame.type === 'left' ? frame.participant.identity : frame.type));
const messages = (socket: Socket, type: RoomMessage['type']) => socket.messages().filter((body) => body.type === type);

const view = { sceneId: 'kitchen', coords: { x: 0, y: 0, z: -1 }, fov: 80 };

beforeEach(() => {
  prefix = testPrefix('redis-room-store');
});

afterEach(async () => {
  for (const { hub, store, stopped } of servers.splice(0)) {
    await hub.close();
    if (!stopped) await store.close();
  }
  await prefix.clear();
});

describe.runIf(redis)('video rooms shared through Redis by two servers', () => {
  it('shows a participant on one server the others joining and leaving on the other', async () => {
    const [a, b] = [await server(), await server()];
    const ann = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    expect(received(bob.socket, 'welcome')).toMatchObject([{ participants: [{ sid: ann.sid, identity: 'Ann::1' }], hostSid: null }]);
    await expect.poll(() => identities(received(ann.socket, 'joined')), POLL).toEqual(['Bob::2']);
    const cat = await join(a.hub, 'Cat::3');
    await expect.poll(() => identities(received(bob.socket, 'joined')), POLL).toEqual(['Cat::3']);
    await b.hub.leave(bob.sid);
    for (const { socket } of [ann, cat]) await expect.poll(() => identities(received(socket, 'left')), POLL).toEqual(['Bob::2']);
    expect((await a.hub.participants('room')).map((p) => p.identity)).toEqual(['Ann::1', 'Cat::3']);
    // Nobody hears of anything twice, nor of themselves.
    expect(identities(received(ann.socket, 'joined'))).toEqual(['Bob::2', 'Cat::3']);
    expect(received(cat.socket, 'joined')).toEqual([]);
  });

  it('elects exactly one host when participants on both servers claim at the same moment', async () => {
    const [a, b] = [await server(), await server()];
    const rooms = Array.from({ length: 10 }, (_, i) => `race-${i}`);
    await Promise.all(
      rooms.map(async (room) => {
        const ann = await join(a.hub, 'Ann::1', room);
        const bob = await join(b.hub, 'Bob::2', room);
        await Promise.all([
          a.hub.message(ann.sid, { type: 'host', data: { hostSid: ann.sid } }),
          b.hub.message(bob.sid, { type: 'host', data: { hostSid: bob.sid } }),
        ]);
        const host = await a.hub.hostOf(room);
        expect([ann.sid, bob.sid]).toContain(host);
        for (const { socket } of [ann, bob]) await expect.poll(() => messages(socket, 'host'), POLL).toEqual([{ type: 'host', data: { hostSid: host } }]);
        const loser = host === ann.sid ? bob : ann;
        expect(received(loser.socket, 'bad')).toEqual([{ type: 'bad', reason: 'the room already has a host', code: 53004 }]);
      }),
    );
  });

  it('has a follower on one server follow the host on the other, and shows a late joiner where the host is', async () => {
    const [a, b] = [await server(), await server()];
    const host = await join(a.hub, 'Host::1');
    const follower = await join(b.hub, 'Bob::2');
    await a.hub.message(host.sid, { type: 'host', data: { hostSid: host.sid } });
    await a.hub.message(host.sid, { type: 'scene', data: { senderSid: host.sid, ...view } });
    await a.hub.message(host.sid, { type: 'infospot', data: { senderSid: host.sid, infospotId: 'spot-1' } });
    await expect
      .poll(() => follower.socket.messages(), POLL)
      .toEqual([
        { type: 'host', data: { hostSid: host.sid } },
        { type: 'scene', data: { ...view, senderSid: host.sid } },
        { type: 'infospot', data: { senderSid: host.sid, infospotId: 'spot-1' } },
      ]);
    // A follower steers nobody, wherever it is connected.
    await b.hub.message(follower.sid, { type: 'scene', data: { senderSid: follower.sid, ...view, fov: 30 } });
    expect(received(follower.socket, 'bad')).toMatchObject([{ reason: 'only the host sends scene' }]);

    const late = await join(b.hub, 'Cat::3');
    expect(late.socket.frames.map((frame) => frame.type)).toEqual(['welcome', 'msg', 'msg']);
    expect(late.socket.frames[0]).toMatchObject({ type: 'welcome', hostSid: host.sid });
    expect(late.socket.messages()).toEqual([
      { type: 'scene', data: { ...view, senderSid: host.sid } },
      { type: 'infospot', data: { senderSid: host.sid, infospotId: 'spot-1' } },
    ]);
  });

  it('relays signalling to a participant on the other server, to that participant alone', async () => {
    const [a, b] = [await server(), await server()];
    const ann = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    const cat = await join(b.hub, 'Cat::3');
    const offer = { description: { type: 'offer', sdp: 'v=0\r\n' } };
    await a.hub.message(ann.sid, { type: 'signal', data: { senderSid: ann.sid, to: bob.sid, payload: offer } });
    await b.hub.message(bob.sid, { type: 'signal', data: { senderSid: bob.sid, to: ann.sid, payload: { audioMuted: true } } });
    await expect.poll(() => messages(bob.socket, 'signal'), POLL).toEqual([{ type: 'signal', data: { senderSid: ann.sid, to: bob.sid, payload: offer } }]);
    await expect
      .poll(() => messages(ann.socket, 'signal'), POLL)
      .toEqual([{ type: 'signal', data: { senderSid: bob.sid, to: ann.sid, payload: { audioMuted: true } } }]);
    expect(messages(cat.socket, 'signal')).toEqual([]);
  });

  it('holds the room cap across servers, even for newcomers joining both at once', async () => {
    const [a, b] = [await server({ roomCap: 3 }), await server({ roomCap: 3 })];
    const sockets = Array.from({ length: 8 }, () => recordingSocket());
    const sids = await Promise.all(sockets.map((socket, i) => (i % 2 ? a : b).hub.join(socket, `P${i}::${i}`, 'room')));
    expect(sids.filter(Boolean)).toHaveLength(3);
    for (const [i, socket] of sockets.entries()) {
      if (!sids[i]) expect(received(socket, 'error')).toEqual([{ type: 'error', code: 53105, message: 'Room contains too many Participants' }]);
    }
    expect(await b.hub.participants('room')).toHaveLength(3);
  });

  it('replaces a participant who connects again through the other server (53205), wherever the old connection is', async () => {
    const [a, b] = [await server(), await server()];
    const old = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    await a.hub.message(old.sid, { type: 'host', data: { hostSid: old.sid } });
    const again = await join(b.hub, 'Ann::1');
    await expect
      .poll(() => received(old.socket, 'error'), POLL)
      .toEqual([{ type: 'error', code: 53205, message: 'Participant disconnected because of duplicate identity' }]);
    expect(again.socket.frames[0]).toMatchObject({ type: 'welcome', participants: [{ identity: 'Bob::2' }], hostSid: null });
    await expect
      .poll(() => identities(bob.socket.frames.filter((frame) => frame.type !== 'heartbeat')), POLL)
      .toEqual(['welcome', 'msg', 'Ann::1', 'msg', 'Ann::1']);
    expect(messages(bob.socket, 'host_reset')).toEqual([{ type: 'host_reset', data: { senderSid: old.sid } }]);
  });

  it('takes a stopped server’s participants out of their rooms: the others see them leave, and the host passes to one of them', async () => {
    const [a, b] = [await server(), await server()];
    const host = await join(a.hub, 'Host::1');
    await join(a.hub, 'Ann::2');
    const bob = await join(b.hub, 'Bob::3');
    await a.hub.message(host.sid, { type: 'host', data: { hostSid: host.sid } });
    await a.hub.message(host.sid, { type: 'scene', data: { senderSid: host.sid, ...view } });
    await expect.poll(() => messages(bob.socket, 'scene'), POLL).toHaveLength(1);

    // Server A stops without a word: no leaving announced, its sign of life left to expire.
    servers[0].stopped = true;
    await a.store.close();
    await expect.poll(() => identities(received(bob.socket, 'left')).sort(), POLL).toEqual(['Ann::2', 'Host::1']);
    expect(messages(bob.socket, 'host_reset')).toEqual([{ type: 'host_reset', data: { senderSid: host.sid } }]);
    expect(await b.hub.participants('room')).toEqual([{ sid: bob.sid, identity: 'Bob::3', name: 'Bob' }]);

    await b.hub.message(bob.sid, { type: 'host', data: { hostSid: bob.sid } });
    expect(await b.hub.hostOf('room')).toBe(bob.sid);
    // The host's old view went with the host: a newcomer is not shown it.
    const late = await join(b.hub, 'Cat::4');
    expect(late.socket.frames[0]).toMatchObject({ type: 'welcome', hostSid: bob.sid, participants: [{ identity: 'Bob::3' }] });
    expect(late.socket.messages()).toEqual([]);
  });

  it('disconnects the participants of a server that was presumed dead while it lived, so that they join again', async () => {
    const [a, b] = [await server(), await server()];
    const ann = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    // A's sign of life lapses, as when Redis was out of its reach for longer than it lasts.
    await prefix.remove(`instance:${a.store.instance}`);
    await expect.poll(() => identities(received(bob.socket, 'left')), POLL).toEqual(['Ann::1']);
    await expect.poll(() => ann.socket.closed, POLL).toEqual({ code: 1012, reason: 'join the room again' });
    const again = await join(a.hub, 'Ann::1');
    expect(again.socket.frames[0]).toMatchObject({ type: 'welcome', participants: [{ identity: 'Bob::2' }] });
    await expect.poll(() => identities(received(bob.socket, 'joined')), POLL).toEqual(['Ann::1']);
  });

  it('ends a room on every server when its tour is deleted on one (53118), announcing no leaving', async () => {
    const [a, b] = [await server(), await server()];
    const ann = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    await b.hub.endRoom('room');
    for (const { socket } of [ann, bob]) {
      await expect.poll(() => socket.closed, POLL).toEqual({ code: 4118, reason: 'Room completed' });
      expect(received(socket, 'error')).toEqual([{ type: 'error', code: 53118, message: 'Room completed' }]);
      expect(received(socket, 'left')).toEqual([]);
    }
    expect(await a.hub.participants('room')).toEqual([]);
  });

  it('announces the leaving of a server’s participants when it closes in good order', async () => {
    const [a, b] = [await server(), await server()];
    const ann = await join(a.hub, 'Ann::1');
    const bob = await join(b.hub, 'Bob::2');
    await a.hub.close();
    expect(ann.socket.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await expect.poll(() => identities(received(bob.socket, 'left')), POLL).toEqual(['Ann::1']);
  });
});
