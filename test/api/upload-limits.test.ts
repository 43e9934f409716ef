import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
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
  form.set('image', new File([new Uint8Array(bytes)], 'room.jpg'));
  form.set('tourId', String(tour.id));
  return t.app.request('/api/images/', { method: 'POST', body: form, headers: user.auth });
}

function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
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
    form.set('image', new File([new Uint8Array(picture)], 'room.jpg'));
    form.set('tourId', String(otherTour.id));
    expect((await t.app.request('/api/images/', { method: 'POST', body: form, headers: other.auth })).status).toBe(201);
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
