import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCodeForAnnouncedFrame, openRtc, rawUpgrade, type RtcClient } from '../support/rtc-client';
import { removeDataDir, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let room = '';
const clients: RtcClient[] = [];

beforeAll(async () => {
  // Three participants from loopback: one address, more seats than a real visitor's.
  server = await startServer({ env: { ROOM_SEATS_PER_ADDRESS: '20' } });
  room = String((await (await fetch(`${server.origin}/api/tours/demo`)).json()).id);
});
afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** A visitor in the demo tour's room, with a mesh token asked for as the viewer asks for it. */
async function join(name: string): Promise<{ client: RtcClient; sid: string; others: string[] }> {
  const identity = `${name}::${randomUUID()}`;
  const response = await fetch(`${server.origin}/api/mesh/video-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity, room }),
  });
  const { token } = await response.json();
  const client = await openRtc(`${server.origin.replace(/^http/, 'ws')}/api/rtc`);
  clients.push(client);
  client.send({ type: 'hello', version: 2, id: randomUUID(), token });
  const welcome = await client.next('welcome');
  return { client, sid: welcome.participant.sid, others: welcome.participants.map((participant) => participant.sid) };
}

describe('the server process against hostile /api/rtc frames', () => {
  it('survives a signal nested 20 000 deep: it still answers HTTP and the room still relays and admits', async () => {
    const ann = await join('Ann');
    const bob = await join('Bob');
    ann.client.send(`{"type":"msg","body":{"type":"signal","data":{"to":"${bob.sid}","payload":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`);
    expect((await ann.client.next('bad')).reason).toBe('nested too deep');

    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.origin}/api/tours/demo`)).status).toBe(200);
    ann.client.send({ type: 'msg', body: { type: 'signal', data: { to: bob.sid, payload: { audioMuted: true } } } });
    expect((await bob.client.next('msg')).body).toMatchObject({ type: 'signal', data: { senderSid: ann.sid, payload: { audioMuted: true } } });
    expect((await join('Cat')).others).toEqual([ann.sid, bob.sid]);
    expect(server.output()).not.toContain('RangeError');
  });

  it('refuses a 50 MB frame from its header alone (1009) and carries on', async () => {
    const raw = await rawUpgrade(`${server.origin.replace(/^http/, 'ws')}/api/rtc`);
    try {
      expect(await closeCodeForAnnouncedFrame(raw, 50 * 1024 * 1024)).toBe(1009);
    } finally {
      raw.destroy();
    }
    expect((await fetch(`${server.origin}/api/tours/demo`)).status).toBe(200);
  });
});
