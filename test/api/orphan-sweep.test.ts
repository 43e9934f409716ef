import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedDemoTour } from '../../api/demo/seed-demo-tour';
import { MEDIA_SWEEP_INTERVAL_MS, startMediaSweeps, sweepUnnamedMedia, UNNAMED_MEDIA_GRACE_MS } from '../../api/media/orphan-sweep';
import { RedisLock } from '../../api/redis/redis-lock';
import { localRedis } from '../support/local-redis';
import { flatPhoto, smallPanorama } from '../support/pictures';
import { TINY_MP3 } from './support/sounds';
import { createTestApp, type TestApp } from './support/test-app';
import { postFile } from './support/uploads';
import { json, signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
const redis = await localRedis();

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  vi.spyOn(t.logger, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const mediaDir = () => join(t.config.dataDir, 'media');
const sweep = () => sweepUnnamedMedia(t.db, t.media, t.logger);

/** Every file under the data folder (the media folder and what lies beside it), relative to it. */
function dataFiles(): string[] {
  return readdirSync(t.config.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(t.config.dataDir, join(entry.parentPath, entry.name)))
    .sort();
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/** Dates `paths` under the data folder (every file by default) as last written `ageMs` ago. */
function writtenAgo(ageMs: number, paths = dataFiles()): void {
  const when = new Date(Date.now() - ageMs);
  for (const path of paths) utimesSync(join(t.config.dataDir, path), when, when);
}

const pastGrace = (paths?: string[]) => writtenAgo(UNNAMED_MEDIA_GRACE_MS + ONE_HOUR_MS, paths);

const post = (path: string, field: string, bytes: Buffer, fields?: Record<string, string>) => postFile(t, owner, path, field, bytes, fields);

/** A picture uploaded in the editor for a logo or a user picture: the upload names it nowhere. */
const uploadPicture = async () => post('/api/assets/upload', 'file', await flatPhoto());

interface TourRef {
  id: number;
  shortId: string;
  revision: number;
}

async function newTour(): Promise<TourRef> {
  return (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
}

/** A panorama uploaded for `tour` (wider than a phone's limit, so with a mobile- variant too) and not yet saved. */
async function uploadScene(tour: TourRef) {
  const { url, thumbUrl, hotspotUrl, mobileUrl } = await post('/api/images/', 'image', await smallPanorama(4200), { tourId: String(tour.id) });
  return { id: 'hall', url, thumbUrl, hotspotUrl, mobileUrl };
}

async function save(tour: TourRef, changes: Record<string, unknown>): Promise<void> {
  expect((await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...changes }, owner.auth))).status).toBe(200);
}

/** The stored files of the upload at `url`, with every variant. */
function filesOf(url: string): string[] {
  const id = /[0-9a-f]{32}/.exec(url)![0];
  return dataFiles().filter((file) => file.includes(id));
}

/**
 * What an admin leaves behind without ever saving: a scene uploaded to a tour (and a share crop of it), a logo
 * with its thumbnail, a sound. Answers their files, 13 in all (the scene's small pictures in JPEG, WebP and AVIF).
 */
async function unsavedUploads(): Promise<string[]> {
  const tour = await newTour();
  const scene = await uploadScene(tour);
  mkdirSync(join(mediaDir(), 'social'));
  writeFileSync(join(mediaDir(), 'social', scene.url.split('/').pop()!), 'crop');
  await uploadPicture();
  await post(`/api/tours/${tour.shortId}/audio`, 'audio', TINY_MP3);
  const files = dataFiles();
  expect(files).toHaveLength(13);
  return files;
}

async function setPicture(picture: string): Promise<void> {
  expect((await t.app.request(`/api/users/${owner.id}`, json({ picture }, owner.auth))).status).toBe(200);
}

describe('sweepUnnamedMedia', () => {
  it('removes the uploads nothing names once past the grace period, with every variant and share crop', async () => {
    await unsavedUploads();
    pastGrace();
    expect(await sweep()).toBe(13);
    expect(dataFiles()).toEqual([]);
    expect(t.logger.info).toHaveBeenCalledWith(expect.stringContaining('removed 13 '));
  });

  it('keeps an unnamed upload younger than the grace period: its save may still be on its way', async () => {
    const files = await unsavedUploads();
    writtenAgo(UNNAMED_MEDIA_GRACE_MS - ONE_HOUR_MS);
    expect(await sweep()).toBe(0);
    expect(dataFiles()).toEqual(files);
  });

  it("keeps what a tour's data, a clone, the library, a floor plan, a user picture and the demo tour name", async () => {
    await seedDemoTour(t.db, t.media, resolve('.'));
    // A tour with a scene (and its share crop) and an ambience sound.
    const tour = await newTour();
    const scene = await uploadScene(tour);
    const sound = await post(`/api/tours/${tour.shortId}/audio`, 'audio', TINY_MP3);
    await save(tour, { images: [scene], config: { ambience: { name: sound.name, audio: sound.url } } });
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: owner.auth })).status).toBe(200);
    // A scene only a clone still shows: its source is gone.
    const source = await newTour();
    await save(source, { images: [await uploadScene(source)] });
    expect((await t.app.request(`/api/tours/${source.shortId}/clone`, { headers: owner.auth })).status).toBe(201);
    expect((await t.app.request(`/api/tours/${source.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    const asset = await uploadPicture();
    expect((await t.app.request('/api/assets', json({ name: 'Brand', url: asset.url, thumbUrl: asset.thumbUrl, assetType: 'logo' }, owner.auth))).status).toBe(
      201,
    );
    const plan = await post('/api/images/', 'image', await flatPhoto(), { tourId: String(tour.id), isNotEquirect: 'true' });
    expect((await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground floor', url: plan.url, thumbUrl: plan.thumbUrl }, owner.auth))).status).toBe(
      201,
    );
    // The user picture's thumbnail is the one file here that nothing names.
    const picture = await uploadPicture();
    await setPicture(picture.url);
    const unnamed = filesOf(picture.thumbUrl);
    expect(unnamed).toHaveLength(1);
    pastGrace();
    const before = dataFiles();
    expect(await sweep()).toBe(1);
    expect(dataFiles()).toEqual(before.filter((file) => !unnamed.includes(file)));
  });

  it('never touches a file outside the stored names of the media folders', async () => {
    const hex = 'a'.repeat(32);
    const strangers = [
      'jwt-secret',
      'media/README',
      'media/tours/notes.txt',
      `media/tours/${hex.toUpperCase()}.jpg`,
      `media/tours/preview-${hex}.jpg`,
      `media/tours/${hex}.jpg.0a1b2c.tmp`,
      `media/other/${hex}.jpg`,
      `tours/${hex}.jpg`,
    ];
    for (const path of strangers) {
      mkdirSync(join(t.config.dataDir, path, '..'), { recursive: true });
      writeFileSync(join(t.config.dataDir, path), 'not ours');
    }
    // One unnamed stored file, so the sweep does run.
    const logo = await uploadPicture();
    pastGrace();
    expect(await sweep()).toBe(2);
    expect(filesOf(logo.url)).toEqual([]);
    expect(dataFiles()).toEqual([...strangers].sort());
  });

  it('logs a file it cannot remove and removes the rest', async () => {
    const logo = await uploadPicture();
    const [stuck] = filesOf(logo.url);
    // A directory under the file's name: unlink fails on it even for root.
    rmSync(join(t.config.dataDir, stuck));
    mkdirSync(join(t.config.dataDir, stuck));
    pastGrace([...dataFiles(), stuck]);
    const logged = vi.spyOn(t.logger, 'error').mockImplementation(() => undefined);
    expect(await sweep()).toBe(1);
    expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining(relative(mediaDir(), join(t.config.dataDir, stuck))));
    expect(existsSync(join(t.config.dataDir, stuck))).toBe(true);
    expect(filesOf(logo.thumbUrl)).toEqual([]);
  });

  it('logs a database it cannot read and answers instead of throwing', async () => {
    await uploadPicture();
    const files = dataFiles();
    pastGrace();
    await t.db.destroy();
    const logged = vi.spyOn(t.logger, 'error').mockImplementation(() => undefined);
    expect(await sweep()).toBe(0);
    expect(logged).toHaveBeenCalled();
    expect(dataFiles()).toEqual(files);
  });
});

describe('startMediaSweeps', () => {
  it('sweeps at once, before the first interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await uploadPicture();
    pastGrace();
    await startMediaSweeps(t.db, t.media, t.logger).stop();
    expect(dataFiles()).toEqual([]);
  });

  it('sweeps again every interval', async () => {
    await uploadPicture();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The first sweep finds the upload young; by the next one it is past the grace period.
    const sweeps = startMediaSweeps(t.db, t.media, t.logger);
    vi.setSystemTime(Date.now() + UNNAMED_MEDIA_GRACE_MS);
    vi.advanceTimersByTime(MEDIA_SWEEP_INTERVAL_MS);
    await sweeps.stop();
    expect(dataFiles()).toEqual([]);
  });
});

describe.skipIf(!redis)('startMediaSweeps on several instances (a Redis lock)', () => {
  const sweepLock = (name: string) => new RedisLock(redis!, name, 60_000);

  it('skips a sweep while another instance sweeps, and sweeps once the lock is free', async () => {
    await uploadPicture();
    pastGrace();
    const files = dataFiles();
    const name = `media-sweep-${randomUUID()}`;
    const otherInstance = (await sweepLock(name).acquire())!;
    const logged = vi.spyOn(t.logger, 'info');
    await startMediaSweeps(t.db, t.media, t.logger, sweepLock(name)).stop();
    expect(dataFiles()).toEqual(files);
    expect(logged).toHaveBeenCalledWith('media sweep: skipped, another instance is sweeping');
    await sweepLock(name).release(otherInstance);
    await startMediaSweeps(t.db, t.media, t.logger, sweepLock(name)).stop();
    expect(dataFiles()).toEqual([]);
    expect(await sweepLock(name).acquire(), 'released after the sweep').toBeDefined();
  });
});

describe('POST /api/users/{id} changing the picture', () => {
  it("removes the former picture's file", async () => {
    const [first, second] = [await uploadPicture(), await uploadPicture()];
    await setPicture(first.url);
    await setPicture(second.url);
    expect(filesOf(first.url)).toEqual([]);
    expect(filesOf(second.url)).toHaveLength(1);
  });

  it('keeps a former picture the library still shows', async () => {
    const asset = await uploadPicture();
    expect((await t.app.request('/api/assets', json({ name: 'Me', url: asset.url, thumbUrl: asset.thumbUrl, assetType: 'image' }, owner.auth))).status).toBe(
      201,
    );
    await setPicture(asset.url);
    await setPicture('');
    expect(filesOf(asset.url)).toHaveLength(1);
  });
});
