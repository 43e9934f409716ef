import { serve, type ServerType } from '@hono/node-server';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { TINY_MP3 } from './support/sounds';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
let tour: { id: number; shortId: string };

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
});

function uploadImage(bytes: Buffer, user: TestUser = owner) {
  const form = new FormData();
  form.set('tourId', String(tour.id));
  form.set('image', new File([new Uint8Array(bytes)], 'room.jpg'));
  return t.app.request('/api/images/', { method: 'POST', body: form, headers: user.auth });
}

const MB = 1024 * 1024;
const BOUNDARY = 'upload-test-boundary';

/** A form part's head, as a browser's FormData writes it. */
function partHead(name: string, filename?: string): string {
  const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: image/jpeg`;
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`;
}

/** A multipart form written by hand: its parts in the order given, the file's bytes as they are. */
function formBody(parts: Array<[name: string, value: string | Buffer]>): Buffer {
  const pieces = parts.flatMap(([name, value]) => [
    Buffer.from(partHead(name, typeof value === 'string' ? undefined : 'room.jpg')),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function multipartHeaders(user: TestUser): Record<string, string> {
  return { ...user.auth, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
}

let server: ServerType | undefined;
afterEach(() => server?.close());

/**
 * The test app on a loopback port, as the server runs it: the app reads what it leaves of a request's body itself,
 * for as long as the client sends (the adapter's own clean-up would close the connection 500 ms after the answer).
 */
function listen(): Promise<number> {
  return new Promise(
    (resolve) => (server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', autoCleanupIncoming: false }, (info) => resolve(info.port))),
  );
}

function write(request: ClientRequest, chunk: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => request.write(chunk, (err) => (err ? reject(err) : resolve())));
}

async function readJsonBody(response: IncomingMessage): Promise<{ error: { code: string } }> {
  let text = '';
  for await (const chunk of response) text += chunk;
  return JSON.parse(text);
}

function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
}

/** Stored media and upload spools left in the data folder: the database aside, nothing. */
function storedFilesAndSpools(): string[] {
  return filesUnder(t.config.dataDir).filter((name) => !name.endsWith('.sqlite') && name !== 'media');
}

describe('uploads per user', () => {
  it('takes 60 uploads a minute from one user, all at once, and refuses the 61st with 429 and Retry-After', async () => {
    const picture = await smallPanorama(200);
    const answers = await Promise.all(Array.from({ length: 60 }, () => uploadImage(picture)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(201));
    const refused = await uploadImage(picture);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await refused.json();
    expect(body.error.code).toBe('TooManyRequests');
    expect(body.error.message).toMatch(/60 uploads a minute/);
    // The count is per user: someone else still uploads.
    const other = await signUp(t, 'Other');
    const otherTour = await (await t.app.request('/api/tours', { method: 'POST', headers: other.auth })).json();
    const form = new FormData();
    form.set('tourId', String(otherTour.id));
    form.set('image', new File([new Uint8Array(picture)], 'room.jpg'));
    expect((await t.app.request('/api/images/', { method: 'POST', body: form, headers: other.auth })).status).toBe(201);
  });
});

describe('uploads as they stream', () => {
  it("answers a stranger's upload with 404 once the tour's id is read, before the file ends, and drops the rest", async () => {
    const port = await listen();
    const stranger = await signUp(t, 'Stranger');
    // Sent without a length (chunked), as a stream that is still going when the answer comes.
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/images/', headers: multipartHeaders(stranger) });
    const answered = new Promise<IncomingMessage>((resolve) => request.once('response', resolve));
    const chunk = Buffer.alloc(MB, 0xab);
    await write(request, partHead('tourId') + `${tour.id}\r\n` + partHead('image', 'room.jpg'));
    await write(request, chunk);
    const response = await answered;
    expect(response.statusCode).toBe(404);
    expect((await readJsonBody(response)).error.code).toBe('TourNotFound');

    // The client goes on sending 48 MB: each write completes because the server reads and drops it (the e2e
    // upload-memory test shows the server's memory meanwhile).
    for (let i = 0; i < 48; i++) await write(request, chunk);
    request.destroy();
    expect(storedFilesAndSpools()).toEqual([]);
  });

  it('takes the tour id after the file as well as before it', async () => {
    const picture = await smallPanorama(400);
    for (const parts of [
      [
        ['image', picture],
        ['tourId', String(tour.id)],
      ],
      [
        ['tourId', String(tour.id)],
        ['image', picture],
      ],
    ] as Array<Array<[string, string | Buffer]>>) {
      const response = await t.app.request('/api/images/', { method: 'POST', headers: multipartHeaders(owner), body: new Uint8Array(formBody(parts)) });
      expect(response.status).toBe(201);
      expect((await response.json()).width).toBe(400);
    }
    expect(readdirSync(t.config.dataDir).filter((name) => name.startsWith('.upload-'))).toEqual([]);
  });

  it('refuses a stranger whose tour id comes after the file, and keeps nothing of the file', async () => {
    const body = formBody([
      ['image', await smallPanorama(400)],
      ['tourId', String(tour.id)],
    ]);
    const response = await t.app.request('/api/images/', {
      method: 'POST',
      headers: multipartHeaders(await signUp(t, 'Stranger')),
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(404);
    expect(storedFilesAndSpools()).toEqual([]);
  });

  it('answers 413 once a body sent without a length passes the limit, and keeps nothing', async () => {
    const port = await listen();
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/images/', headers: multipartHeaders(owner) });
    const answered = new Promise<IncomingMessage>((resolve) => request.once('response', resolve));
    request.on('error', () => undefined); // the server may close the connection once it has answered
    await write(request, partHead('tourId') + `${tour.id}\r\n` + partHead('image', 'room.jpg'));
    const chunk = Buffer.alloc(MB, 0xab);
    let sent = 0;
    void (async () => {
      while (sent <= 62 && !request.destroyed) {
        await write(request, chunk).catch(() => undefined);
        sent += 1;
      }
    })();
    const response = await answered;
    expect(response.statusCode).toBe(413);
    expect((await readJsonBody(response)).error.code).toBe('PayloadTooLarge');
    request.destroy();
    expect(storedFilesAndSpools()).toEqual([]);
  });
});

describe('a media folder that cannot be written', () => {
  // Tests run as root, which ignores file modes: a regular file where the folder should be fails for anyone.
  function breakMediaFolder(): string {
    const media = join(t.config.dataDir, 'media');
    rmSync(media, { recursive: true, force: true });
    writeFileSync(media, 'not a folder');
    return media;
  }

  it('answers 507 StorageFailed saying what failed, for pictures, assets and sounds, and stores nothing', async () => {
    const media = breakMediaFolder();
    const image = await uploadImage(await smallPanorama());
    expect(image.status).toBe(507);
    expect((await image.json()).error).toMatchObject({
      code: 'StorageFailed',
      message: 'Could not store the image: the media folder is full or read-only.',
    });

    const assetForm = new FormData();
    assetForm.set('file', new File([new Uint8Array(await smallPanorama())], 'logo.jpg'));
    const asset = await t.app.request('/api/assets/upload', { method: 'POST', body: assetForm, headers: owner.auth });
    expect(asset.status).toBe(507);
    expect((await asset.json()).error.message).toBe('Could not store the picture: the media folder is full or read-only.');

    const audioForm = new FormData();
    audioForm.set('audio', new File([new Uint8Array(TINY_MP3)], 'Birds.mp3'));
    const audio = await t.app.request(`/api/tours/${tour.shortId}/audio`, { method: 'POST', body: audioForm, headers: owner.auth });
    expect(audio.status).toBe(507);
    expect((await audio.json()).error.code).toBe('StorageFailed');

    rmSync(media);
    expect(filesUnder(t.config.dataDir).filter((name) => !name.endsWith('.sqlite'))).toEqual([]);
  });
});
