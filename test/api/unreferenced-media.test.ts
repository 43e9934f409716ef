import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedDemoTour } from '../../demo/seed-demo-tour';
import { flatPhoto, smallPanorama } from '../support/pictures';
import { TINY_MP3 } from './support/sounds';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface TourRef {
  id: number;
  shortId: string;
  revision: number;
}

const mediaDir = () => join(t.config.dataDir, 'media');

/** Every stored file, as `folder/name` under the media folder. */
function storedFiles(): string[] {
  return readdirSync(mediaDir(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(mediaDir(), join(entry.parentPath, entry.name)))
    .sort();
}

function upload(path: string, field: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], 'upload'));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return t.app.request(path, { method: 'POST', body: form, headers: owner.auth });
}

async function uploadAsset(): Promise<{ url: string; thumbUrl: string }> {
  return (await upload('/api/assets/upload', 'file', await flatPhoto())).json();
}

async function newTour(): Promise<TourRef> {
  return (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
}

async function save(tour: TourRef, changes: Record<string, unknown>): Promise<void> {
  const response = await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...changes }, owner.auth));
  expect(response.status).toBe(200);
}

async function deleteTour(tour: TourRef): Promise<void> {
  expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
}

/**
 * A tour with all the media a tour can own, uploaded the way the admin does: a wide panorama (with its
 * phone-sized variant and the share picture cut from it) and a narrow one, a floor plan, and a logo and an
 * ambience sound kept out of the library.
 * Answers the tour and the files that are its alone.
 */
async function furnishedTour(): Promise<{ tour: TourRef; files: string[] }> {
  const before = storedFiles();
  const tour = await newTour();
  const picture = async (bytes: Buffer, fields: Record<string, string> = {}) =>
    (await upload('/api/images/', 'image', bytes, { tourId: String(tour.id), ...fields })).json();
  const scenes = [];
  for (const width of [4200, 800]) {
    const stored = await picture(await smallPanorama(width));
    scenes.push({ id: `scene-${width}`, url: stored.url, thumbUrl: stored.thumbUrl, hotspotUrl: stored.hotspotUrl, mobileUrl: stored.mobileUrl });
  }
  const plan = await picture(await flatPhoto(), { isNotEquirect: 'true' });
  expect((await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground floor', url: plan.url, thumbUrl: plan.thumbUrl }, owner.auth))).status).toBe(201);
  const logo = await uploadAsset();
  // Only a library record names a picture's thumbnail; this logo has none, so its thumbnail is nobody's from the start.
  rmSync(join(t.config.dataDir, logo.thumbUrl));
  const sound = await (await upload(`/api/tours/${tour.shortId}/audio`, 'audio', TINY_MP3)).json();
  await save(tour, { images: scenes, logo: logo.url, config: { ambience: { name: sound.name, audio: sound.url } } });
  expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: owner.auth })).status).toBe(200);
  const files = storedFiles().filter((file) => !before.includes(file));
  // The panoramas and the plan with thumb- and hotspot- (the wide panorama with mobile- and its share crop too), the logo, the sound.
  expect(files).toHaveLength(13);
  expect(files.filter((file) => file.startsWith('social/'))).toHaveLength(1);
  return { tour, files };
}

async function cloneOf(tour: Pick<TourRef, 'shortId'>): Promise<TourRef> {
  const response = await t.app.request(`/api/tours/${tour.shortId}/clone`, { headers: owner.auth });
  expect(response.status).toBe(201);
  return response.json();
}

describe('DELETE /api/tours/{shortId} and the media files', () => {
  it("removes the tour's panoramas with every variant, its floor plan, logo and sound, and nothing else", async () => {
    const other = await furnishedTour();
    const { tour, files } = await furnishedTour();
    await deleteTour(tour);
    expect(storedFiles()).toEqual(other.files);
    expect(files.some((file) => existsSync(join(mediaDir(), file)))).toBe(false);
  });

  it("keeps the source's files when a clone of it is deleted", async () => {
    const { tour, files } = await furnishedTour();
    await deleteTour(await cloneOf(tour));
    expect(storedFiles()).toEqual(files);
  });

  it('keeps the files a clone shares with its deleted source until the clone is deleted too', async () => {
    const { tour, files } = await furnishedTour();
    const clone = await cloneOf(tour);
    await deleteTour(tour);
    expect(storedFiles()).toEqual(files);
    await deleteTour(clone);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps library assets the tour showed', async () => {
    const asset = await uploadAsset();
    expect((await t.app.request('/api/assets', json({ name: 'Brand', ...asset, assetType: 'logo' }, owner.auth))).status).toBe(201);
    const libraryFiles = storedFiles();
    const tour = await newTour();
    await save(tour, { logo: asset.url, defaultHotspotImage: asset.thumbUrl });
    await deleteTour(tour);
    expect(storedFiles()).toEqual(libraryFiles);
  });

  it("keeps the demo tour's files when a clone of the demo is deleted", async () => {
    await seedDemoTour(t.db, mediaDir(), resolve('.'));
    const demoFiles = storedFiles();
    expect(demoFiles).toHaveLength(9);
    await deleteTour(await cloneOf({ shortId: 'demo' }));
    expect(storedFiles()).toEqual(demoFiles);
  });

  it('never touches a file outside the media folder, whatever the tour names', async () => {
    const outside = join(t.config.dataDir, 'tours', `${'a'.repeat(32)}.jpg`);
    mkdirSync(join(t.config.dataDir, 'tours'));
    writeFileSync(outside, 'not media');
    const tour = await newTour();
    await save(tour, { logo: `/media/audio/../../tours/${'a'.repeat(32)}.jpg`, description: outside, socialImage: `/media/tours/../../tours/${'a'.repeat(32)}.jpg` });
    await deleteTour(tour);
    expect(existsSync(outside)).toBe(true);
  });

  it('logs a file it cannot remove and still answers 200 with the tour deleted', async () => {
    const { tour, files } = await furnishedTour();
    const sound = files.find((file) => file.startsWith('audio/'))!;
    // A directory under the sound's name: unlink fails on it even for root.
    rmSync(join(mediaDir(), sound));
    mkdirSync(join(mediaDir(), sound));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await deleteTour(tour);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(sound));
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).status).toBe(404);
    expect(storedFiles()).toEqual([]);
  });
});
