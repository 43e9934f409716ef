import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createApp } from '../../../../api/app';
import { RoomHub } from '../../../../api/rtc/room-hub';
import { tourInputSchema } from '../../../../api/schema/tour';
import { insertTour } from '../../../../api/tours/tour.repository';
import { mintMeshToken } from '../../../../api/video/video-token';
import { createTestApp } from '../../../api/support/test-app';
import { TEST_JWT_SECRET } from '../../../support/test-secret';

import { ControlSocket, RECONNECT_MAX_MS, SESSION_TIMEOUT_MS, type ConnectionState } from '../../../../embed/video/control-socket';
import { ControlledRoom } from '../../../../embed/video/providers/controlled-room';
import type { RoomError } from '../../../../embed/video/providers/media-provider';

/** The tour server the viewer reaches: the loopback server each test starts. */
const loopback = { origin: '' };

const SECRET = TEST_JWT_SECRET;
let server: ServerType | undefined;
let hub: RoomHub;
let room = '';
/** Every WebSocket the client opened, first connection and reconnections alike (Node 20 has no global WebSocket). */
const opened: WebSocket[] = [];
/** What each test leaves: a socket still reconnecting would call on the next test's server. */
const leaveAfterTest: Array<() => void> = [];

class RecordedWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    opened.push(this);
  }
}

/** Serves a fresh app with `hub` on a loopback port of its own, the server the viewer reaches from here on. */
async function startLoopbackServer(nextHub: RoomHub): Promise<void> {
  const t = await createTestApp({ JWT_SECRET: SECRET });
  room = String((await insertTour(t.db, { shortId: 'call-tour', userId: null, type: 'paid', input: tourInputSchema.parse({}) })).id);
  hub = nextHub;
  const app = createApp({ db: t.db, config: t.config, rootDir: '.', hub });
  loopback.origin = await new Promise((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
}

async function stopLoopbackServer(): Promise<void> {
  hub.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
}

beforeEach(async () => {
  vi.stubGlobal('WebSocket', RecordedWebSocket);
  await startLoopbackServer(new RoomHub());
});

afterEach(async () => {
  vi.useRealTimers();
  for (const leave of leaveAfterTest.splice(0)) leave();
  vi.unstubAllGlobals();
  for (const socket of opened.splice(0)) socket.terminate();
  await stopLoopbackServer();
});

/** A ControlSocket for `identity` in the tour's room, recording every state it reports. */
async function recordedSocket(identity = 'Ann::1') {
  const states: Array<ConnectionState | [ConnectionState, { code: number; message: string }]> = [];
  const socket = new ControlSocket(loopback.origin, await mintMeshToken({ identity, room }, SECRET), {
    frame: () => undefined,
    state: (state, error) => states.push(error ? [state, error] : state),
  });
  leaveAfterTest.push(() => socket.close());
  return { socket, states };
}

/** recordedSocket, once it is welcomed. */
async function joinedSocket(identity?: string) {
  const joined = await recordedSocket(identity);
  await expect.poll(() => joined.states).toEqual(['connected']);
  return joined;
}

describe('the /api/rtc control socket against the real server', () => {
  it('a room completed (53118, the tour was deleted) ends it for good: disconnected with the error, and no reconnection', async () => {
    const { states } = await joinedSocket();
    // Reconnections wait on setTimeout: held from here, they can be counted instead of waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hub.endRoom(room);
    await expect.poll(() => opened[0].readyState).toBe(WebSocket.CLOSED);
    vi.advanceTimersByTime(SESSION_TIMEOUT_MS + RECONNECT_MAX_MS);
    expect(states).toEqual(['connected', ['disconnected', { code: 53118, message: 'Room completed' }]]);
    expect(opened).toHaveLength(1);
  });

  it('a connection that merely drops is reconnected (what the test above would see if 53118 were not final)', async () => {
    const { states } = await joinedSocket();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server goes away without a word about the room, as in a restart.
    hub.close();
    await expect.poll(() => opened[0].readyState).toBe(WebSocket.CLOSED);
    expect(states).toEqual(['connected', 'reconnecting']);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(opened).toHaveLength(2);
    await expect.poll(() => states).toEqual(['connected', 'reconnecting', 'connected']);
  });

  it('a server at its connection limit answers busy: the next try waits the retryAfter it names, not the short backoff', async () => {
    await stopLoopbackServer();
    await startLoopbackServer(new RoomHub({ maxConnections: 1 }));
    await joinedSocket('Bob::2');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { states } = await recordedSocket('Ann::1');
    await expect.poll(() => opened[1]?.readyState).toBe(WebSocket.CLOSED);
    expect(states).toEqual(['reconnecting']);
    // The backoff alone would have tried again within 120 ms; the server asked for 5 s (room-hub.ts).
    vi.advanceTimersByTime(4_500);
    expect(opened).toHaveLength(2);
    vi.advanceTimersByTime(600);
    expect(opened).toHaveLength(3);
    // Still full: refused again, and waiting again.
    await expect.poll(() => opened[2].readyState).toBe(WebSocket.CLOSED);
    vi.advanceTimersByTime(4_500);
    expect(opened).toHaveLength(3);
  });

  it('a room on it ends once with 53118 and closes its media plane too: the chat shows that error and leaves', async () => {
    const states: Array<[string, RoomError | undefined]> = [];
    let mediaClosed = false;
    const ignore = () => undefined;
    const token = await mintMeshToken({ identity: 'Ann::1', room }, SECRET);
    const chat = new ControlledRoom(
      { apiOrigin: loopback.origin, controlToken: token, room, local: undefined as unknown as MediaStream, iceServers: [] },
      {
        state: (state, error) => states.push([state, error]),
        welcome: ignore,
        joined: ignore,
        left: ignore,
        media: ignore,
        dominantSpeaker: ignore,
        message: ignore,
      },
      () => ({ setEnabled: ignore, close: () => (mediaClosed = true) }),
    );
    leaveAfterTest.push(() => chat.disconnect());
    await expect.poll(() => states).toEqual([['connected', undefined]]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hub.endRoom(room);
    await expect.poll(() => opened[0].readyState).toBe(WebSocket.CLOSED);
    vi.advanceTimersByTime(SESSION_TIMEOUT_MS + RECONNECT_MAX_MS);
    expect(states).toEqual([
      ['connected', undefined],
      ['disconnected', { code: 53118, message: 'Room completed' }],
    ]);
    expect([mediaClosed, opened.length]).toEqual([true, 1]);
  });
});
