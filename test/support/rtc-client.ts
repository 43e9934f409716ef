import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Duplex } from 'node:stream';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../api/schema/video';

/** A test's end of an /api/rtc connection: every frame the server sent, and how the connection closed. */
export class RtcClient {
  readonly frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(String(data))));
    socket.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first unread frame of this type (waiting for it), taken off the list. */
  async next<T extends ServerFrame['type']>(type: T): Promise<Extract<ServerFrame, { type: T }>> {
    await expect.poll(() => this.frames.some((frame) => frame.type === type), { timeout: 5000 }).toBe(true);
    const index = this.frames.findIndex((frame) => frame.type === type);
    return this.frames.splice(index, 1)[0] as Extract<ServerFrame, { type: T }>;
  }

  /** The relayed room messages of this type received so far. */
  messages(type: string): ServerFrame[] {
    return this.frames.filter((frame) => frame.type === 'msg' && frame.body.type === type);
  }
}

/** An open /api/rtc connection that has said nothing yet. */
export async function openRtc(url: string): Promise<RtcClient> {
  const socket = new WebSocket(url);
  const client = new RtcClient(socket);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return client;
}

/** The bare TCP connection under an accepted WebSocket upgrade, to write frames no WebSocket client would. */
export async function rawUpgrade(url: string): Promise<Duplex> {
  const { hostname, port, pathname } = new URL(url);
  const headers = { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Key': randomBytes(16).toString('base64'), 'Sec-WebSocket-Version': '13' };
  return new Promise((resolve, reject) => {
    const upgrade = request({ hostname, port, path: pathname, headers });
    upgrade.once('upgrade', (_response, socket) => resolve(socket));
    upgrade.once('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    upgrade.once('error', reject);
    upgrade.end();
  });
}

/**
 * Announces a text frame of `announced` bytes but sends only its first KB, then answers the code of the close
 * frame the server sends (failing the test if none comes).
 */
export async function closeCodeForAnnouncedFrame(socket: Duplex, announced: number): Promise<number> {
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length follows
  header.writeBigUInt64BE(BigInt(announced), 2);
  // Bytes 10–13 are the mask key; zeros keep the (never completed) payload as sent.
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.write(Buffer.concat([header, Buffer.alloc(1024, 0x20)]));
  // A server close frame: 0x88, a short length, then the 2-byte code.
  await expect.poll(() => received.length >= 4 && received[0] === 0x88, { timeout: 5000 }).toBe(true);
  return received.readUInt16BE(2);
}
