import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { flatPhoto, flatPng, flatWebp, pngClaiming, smallPanorama, truncatedJpeg } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
let tourId: number;

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  tourId = (await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json()).id;
});

function upload(bytes: Buffer, name: string, extra: Record<string, string> = {}, user: TestUser | null = owner) {
  const form = new FormData();
  form.set('tourId', String(tourId));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  form.set('image', new File([new Uint8Array(bytes)], name));
  return t.app.request('/api/images/', { method: 'POST', body: form, headers: user?.auth ?? {} });
}

function storedFiles(): string[] {
  const dir = join(t.config.dataDir, 'media', 'tours');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('POST /api/images/', () => {
  it('stores a panorama as JPEG without metadata, with thumb- and hotspot- variants under a random name', async () => {
    const withExif = await sharp(await smallPanorama())
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .jpeg()
      .toBuffer();
    const response = await upload(withExif, 'Living room.jpg');
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ width: 800, height: 400, url: `/media/tours/${body.image}`, thumbUrl: `/media/tours/thumb-${body.image}`, mobileUrl: '' });
    expect(body.image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const modern = ['avif', 'webp'].flatMap((ext) => ['hotspot', 'thumb'].map((kind) => body.image.replace(/^(.*)\.jpg$/, `${kind}-$1.${ext}`)));
    expect(storedFiles().sort()).toEqual([body.image, `hotspot-${body.image}`, `thumb-${body.image}`, ...modern].sort());
    const served = await t.app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('makes a phone-sized variant of panoramas wider than 4096 px', async () => {
    const body = await (await upload(await smallPanorama(6000), 'wide.jpg')).json();
    expect(body.mobileUrl).toBe(`/media/tours/mobile-${body.image}`);
    const mobile = await sharp(Buffer.from(await (await t.app.request(body.mobileUrl)).arrayBuffer())).metadata();
    expect(mobile.width).toBe(4096);
  });

  it('accepts a flat photo only when flagged isNotEquirect', async () => {
    const photo = await flatPhoto();
    const refused = await upload(photo, 'office.png');
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.code).toBe('NotEquirectangular');
    expect((await upload(photo, 'office.png', { isNotEquirect: 'true' })).status).toBe(201);
  });

  it.each([
    ['a text file named .jpg', () => Buffer.from('hello, I am not a picture'), 'fake.jpg', 415],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 20, height: 10, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      'anim.gif',
      415,
    ],
    ['a PNG that claims 100000×100000', () => pngClaiming(100_000, 100_000), 'bomb.png', 422],
    ['a JPEG cut in half', truncatedJpeg, 'half.jpg', 422],
  ] as const)('refuses %s and stores nothing', async (_label, make, name, status) => {
    const response = await upload(await make(), name);
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toBeTruthy();
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    ['a lossless WebP', () => flatWebp(16383, 8191)],
    ['a PNG', () => flatPng(16384, 8192)],
  ])('refuses %s of one colour that unpacks to 16K from far less than a byte per 100 pixels', async (_label, make) => {
    const bomb = await make();
    const response = await upload(bomb, 'bomb.webp');
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'ImageTooLarge', details: { bytes: bomb.length } });
    expect(error.message).toMatch(/too many for its size/);
    expect(storedFiles()).toEqual([]);
  });

  it('takes a logo or floor plan of one colour however well it packs, below 16 megapixels', async () => {
    const plan = await flatPng(4000, 3000);
    expect(plan.length * 100).toBeLessThan(4000 * 3000);
    expect((await upload(plan, 'plan.png', { isNotEquirect: 'true' })).status).toBe(201);
  });

  it('refuses more than 60 MB with 413', async () => {
    const response = await upload(Buffer.alloc(61 * 1024 * 1024, 1), 'huge.jpg');
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PayloadTooLarge');
  });

  it('lets only the tour owner upload', async () => {
    const picture = await smallPanorama();
    expect((await upload(picture, 'a.jpg', {}, null)).status).toBe(401);
    // Another owner's tour answers as a missing one does: numeric ids do not tell which tours exist.
    expect((await upload(picture, 'a.jpg', {}, await signUp(t, 'Other'))).status).toBe(404);
    expect(storedFiles()).toEqual([]);
  });
});
