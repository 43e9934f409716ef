import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { DEMO_PANORAMA } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});

const MB = 1024 * 1024;

/** A JSON-looking body of `totalBytes`, produced only as the server pulls it; counts what was pulled. */
function endlessJson(totalBytes: number) {
  const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"password":"'));
    },
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      pulled += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, pulled: () => pulled };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.app.request(path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, duplex: 'half' } as RequestInit);
}

async function expect413(response: Response) {
  expect(response.status).toBe(413);
  const body = await response.json();
  expect(body.error.code).toBe('PayloadTooLarge');
  expect(body.error.message).toMatch(/larger than 2 MB/);
}

describe('request body limits', () => {
  it('refuses a chunked 100 MB JSON body to the password route with 413 after reading little more than 2 MB', async () => {
    const body = endlessJson(100 * MB);
    await expect413(await post('/api/status/tours/password', body.stream));
    expect(body.pulled()).toBeLessThan(3 * MB);
  });

  it('refuses by Content-Length without reading the body at all', async () => {
    const body = endlessJson(100 * MB);
    await expect413(await post('/api/tours', body.stream, { 'Content-Length': String(100 * MB), ...owner.auth }));
    expect(body.pulled()).toBe(0);
  });

  it('bounds every API route, signed in or not, whatever the content type', async () => {
    const big = new Uint8Array(3 * MB);
    for (const path of ['/api/auth/login', '/api/assets', `/api/floorplans/1`, '/api/leads/1', '/api/no-such-route']) {
      await expect413(await post(path, big, { ...owner.auth, 'Content-Type': 'text/plain' }));
    }
  });

  it('still takes ordinary JSON bodies and uploads far over 2 MB on the upload routes', async () => {
    const login = await post('/api/auth/login', JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }));
    expect(login.status).toBe(401);
    const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const picture = await sharp(readFileSync(DEMO_PANORAMA)).jpeg({ quality: 95 }).toBuffer();
    expect(picture.length).toBeGreaterThan(2 * MB);
    const form = new FormData();
    form.set('image', new File([new Uint8Array(picture)], 'big.jpg'));
    form.set('tourId', String(tour.id));
    expect((await t.app.request('/api/images/', { method: 'POST', body: form, headers: owner.auth })).status).toBe(201);
  });
});
