import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, removeDataDir, startServer, tempDataDir } from './support/server';

/** A raw connection to the server, and a promise of everything it received once the server closed it. */
async function rawConnection(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

describe('the server process', () => {
  it('seeds the demo tour once, keeps it across restarts, and shuts down cleanly on SIGTERM', async () => {
    const first = await startServer();
    const demo = await (await fetch(`${first.origin}/api/tours/demo`)).json();
    expect(demo.images).toHaveLength(3);
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('SIGTERM: closing');

    // What a process killed during an upload leaves behind goes at the next start; other files stay.
    const leftover = join(first.dataDir, '.upload-0123456789abcdef01234567.tmp');
    const ownFile = join(first.dataDir, 'notes.tmp');
    writeFileSync(leftover, 'half an upload');
    writeFileSync(ownFile, 'kept');
    const second = await startServer({ dataDir: first.dataDir });
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(ownFile)).toBe(true);
    expect(second.output()).toContain('upload spool files left by an earlier process, removed: 1');
    const again = await (await fetch(`${second.origin}/api/tours/demo`)).json();
    expect(again.id).toBe(demo.id);
    expect(again.images.map((image: { url: string }) => image.url)).toEqual(demo.images.map((image: { url: string }) => image.url));
    const picture = await fetch(`${second.origin}${again.images[0].url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await second.stop()).toBe(0);
    removeDataDir(first.dataDir);
  });

  it('serves the admin app for its page addresses and the demo partner page', async () => {
    const server = await startServer();
    for (const path of ['/', '/dashboard', '/tours/demo/edit', '/not-found']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root">');
    }
    const partner = await fetch(`${server.origin}/demo/`);
    expect(await partner.text()).toContain('<tour-viewer short-id="demo">');
    await server.stop();
    removeDataDir(server.dataDir);
  });

  it('LOG_LEVEL=warn leaves out the info lines (start, access, shutdown)', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, ['dist/api/server.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // No "listening on" line to wait for: the server is asked until it answers.
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/tours/demo`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).not.toContain('"level":30');
    expect(stdout).not.toContain('listening on');
    removeDataDir(dataDir);
  });

  it('closes a connection that sends nothing, and an idle keep-alive connection after its answer', async () => {
    const server = await startServer();
    const silent = await rawConnection(server.port);
    const idle = await rawConnection(server.port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await silent.closed).toBe('');
    expect(await idle.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(await server.stop()).toBe(0);
    removeDataDir(server.dataDir);
  });

  it('cuts off a JSON body that trickles in with 408, and keeps serving', async () => {
    const server = await startServer();
    const slow = await rawConnection(server.port);
    slow.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    // A byte a second: never idle long enough for any idle timer, never done.
    const trickle = setInterval(() => slow.socket.write(' '), 1000);
    const received = await slow.closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    removeDataDir(server.dataDir);
  });

  it("closes an address's connections beyond HTTP_CONNECTIONS_PER_ADDRESS, and takes new ones as others close", async () => {
    const server = await startServer({ env: { HTTP_CONNECTIONS_PER_ADDRESS: '3' } });
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await rawConnection(server.port));
    const beyond = await rawConnection(server.port);
    beyond.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await beyond.closed).toBe('');
    held[0].socket.destroy();
    await held[0].closed;
    // The server counts the freed connection once it has seen it close.
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${server.port}/healthz`).catch(() => undefined);
      if (answered?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const connection of held) connection.socket.destroy();
    expect(await server.stop()).toBe(0);
    removeDataDir(server.dataDir);
  });
});
