import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedDemoTour } from '../../api/demo/seed-demo-tour';
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

/** What these tests read of the tour the API answers. */
interface TourRef {
  id: number;
  shortId: string;
  revision: number;
  images: Array<{ id: string; url: string }>;
  logo: string;
  config: { ambience?: { audio: string } };
  floorplans: Array<{ floorplanId: string }>;
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

/** Files the admin uploaded, kept in the owner's library; answers the asset id. */
async function addToLibrary(files: { url: string; thumbUrl?: string }, assetType: string): Promise<string> {
  const response = await t.app.request('/api/assets', json({ name: 'Brand', ...files, assetType }, owner.auth));
  expect(response.status).toBe(201);
  return (await response.json()).assetId;
}

async function deleteAsset(assetId: string): Promise<void> {
  expect((await t.app.request(`/api/asset/${assetId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
}

async function uploadPicture(tour: TourRef, bytes: Buffer, fields: Record<string, string> = {}) {
  return (await upload('/api/images/', 'image', bytes, { tourId: String(tour.id), ...fields })).json();
}

async function uploadSound(tour: TourRef): Promise<{ name: string; url: string }> {
  return (await upload(`/api/tours/${tour.shortId}/audio`, 'audio', TINY_MP3)).json();
}

/** A floor plan on a picture uploaded for it; answers the plan's id. */
/** Adds a floor plan; the write raises the tour's revision, which `tour` takes for its next save. */
async function addFloorplan(tour: TourRef): Promise<string> {
  const plan = await uploadPicture(tour, await flatPhoto(), { isNotEquirect: 'true' });
  const response = await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground floor', url: plan.url, thumbUrl: plan.thumbUrl }, owner.auth));
  expect(response.status).toBe(201);
  const added = await response.json();
  tour.revision = added.revision;
  return added.floorplanId;
}

/** The stored files of the picture or sound at `url`, with every variant. */
function filesOf(url: string): string[] {
  const id = /[0-9a-f]{32}/.exec(url)![0];
  return storedFiles().filter((file) => file.includes(id));
}

/** The files a tour's data names under `urls`, listed before the change that may remove them. */
function filesOfAll(urls: string[]): string[] {
  return urls.flatMap(filesOf).sort();
}

async function newTour(): Promise<TourRef> {
  return (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
}

async function trySave(tour: TourRef, changes: Record<string, unknown>): Promise<Response> {
  return t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...changes }, owner.auth));
}

/** Answers the tour as saved, with its new revision. */
async function save(tour: TourRef, changes: Record<string, unknown>): Promise<TourRef> {
  const response = await trySave(tour, changes);
  expect(response.status).toBe(200);
  return response.json();
}

async function deleteTour(tour: TourRef): Promise<void> {
  expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
}

/** A picture uploaded as a tour's own logo, kept out of the library. */
async function unlistedLogo(): Promise<{ url: string }> {
  const logo = await uploadAsset();
  // Only a library record names a picture's thumbnail; this logo has none, so its thumbnail is nobody's from the start.
  rmSync(join(t.config.dataDir, logo.thumbUrl));
  return logo;
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
  const scenes = [];
  for (const width of [4200, 800]) {
    const stored = await uploadPicture(tour, await smallPanorama(width));
    scenes.push({ id: `scene-${width}`, url: stored.url, thumbUrl: stored.thumbUrl, hotspotUrl: stored.hotspotUrl, mobileUrl: stored.mobileUrl });
  }
  await addFloorplan(tour);
  const logo = await unlistedLogo();
  const sound = await uploadSound(tour);
  const saved = await save(tour, { images: scenes, logo: logo.url, config: { ambience: { name: sound.name, audio: sound.url } } });
  expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: owner.auth })).status).toBe(200);
  const files = storedFiles().filter((file) => !before.includes(file));
  // The panoramas and the plan with thumb- and hotspot- in JPEG, WebP and AVIF (the wide panorama with mobile- in
  // JPEG and WebP, and its share crop too), the logo, the sound.
  expect(files).toHaveLength(26);
  expect(files.filter((file) => file.startsWith('social/'))).toHaveLength(1);
  return { tour: saved, files };
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
    await addToLibrary(asset, 'logo');
    const libraryFiles = storedFiles();
    const tour = await newTour();
    await save(tour, { logo: asset.url, defaultHotspotImage: asset.thumbUrl });
    await deleteTour(tour);
    expect(storedFiles()).toEqual(libraryFiles);
  });

  it("keeps the demo tour's files when a clone of the demo is deleted", async () => {
    await seedDemoTour(t.db, t.media, resolve('.'));
    const demoFiles = storedFiles();
    expect(demoFiles).toHaveLength(21);
    await deleteTour(await cloneOf({ shortId: 'demo' }));
    expect(storedFiles()).toEqual(demoFiles);
  });

  it('never touches a file outside the media folder, whatever the tour names', async () => {
    const outside = join(t.config.dataDir, 'tours', `${'a'.repeat(32)}.jpg`);
    mkdirSync(join(t.config.dataDir, 'tours'));
    writeFileSync(outside, 'not media');
    const tour = await newTour();
    await save(tour, {
      logo: `/media/audio/../../tours/${'a'.repeat(32)}.jpg`,
      description: outside,
      socialImage: `/media/tours/../../tours/${'a'.repeat(32)}.jpg`,
    });
    await deleteTour(tour);
    expect(existsSync(outside)).toBe(true);
  });

  it('logs a file it cannot remove and still answers 200 with the tour deleted', async () => {
    const { tour, files } = await furnishedTour();
    const sound = files.find((file) => file.startsWith('audio/'))!;
    // A directory under the sound's name: unlink fails on it even for root.
    rmSync(join(mediaDir(), sound));
    mkdirSync(join(mediaDir(), sound));
    const logged = vi.spyOn(t.logger, 'error').mockImplementation(() => undefined);
    await deleteTour(tour);
    expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining(sound));
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).status).toBe(404);
    expect(storedFiles()).toEqual([]);
  });
});

describe('DELETE /api/asset/{assetId} and the media files', () => {
  it('removes the picture and its thumbnail', async () => {
    const other = await uploadAsset();
    await addToLibrary(other, 'logo');
    const kept = storedFiles();
    const asset = await uploadAsset();
    await deleteAsset(await addToLibrary(asset, 'logo'));
    expect(storedFiles()).toEqual(kept);
  });

  it('keeps a picture a tour shows as its logo or hotspot face, and removes the rest', async () => {
    const logo = await uploadAsset();
    const face = await uploadAsset();
    const [logoId, faceId] = [await addToLibrary(logo, 'logo'), await addToLibrary(face, 'hotspot')];
    const tour = await newTour();
    await save(tour, {
      logo: logo.url,
      images: [{ id: 'hall', hotspots: [{ image: { id: 'hall' }, style: 4, customImageUrl: face.thumbUrl, coords: { x: 0, y: 0, z: -1 } }] }],
    });
    const shown = filesOfAll([logo.url, face.thumbUrl]);
    expect(shown).toHaveLength(2);
    await deleteAsset(logoId);
    await deleteAsset(faceId);
    expect(storedFiles()).toEqual(shown);
  });

  it('keeps a sound a tour plays as its ambience and removes one nobody chose', async () => {
    const tour = await newTour();
    const [chosen, unused] = [await uploadSound(tour), await uploadSound(tour)];
    const [chosenId, unusedId] = [await addToLibrary(chosen, 'ambience'), await addToLibrary(unused, 'ambience')];
    await save(tour, { config: { ambience: { name: chosen.name, audio: chosen.url } } });
    const played = filesOfAll([chosen.url]);
    expect(played).toHaveLength(1);
    await deleteAsset(chosenId);
    await deleteAsset(unusedId);
    expect(storedFiles()).toEqual(played);
  });
});

describe('POST /api/assets updating an asset and the media files', () => {
  it('removes the files the asset no longer names, unless a tour shows them', async () => {
    const first = await uploadAsset();
    const assetId = await addToLibrary(first, 'logo');
    const tour = await newTour();
    await save(tour, { logo: first.url });
    const second = await uploadAsset();
    const before = storedFiles();
    const thumb = filesOfAll([first.thumbUrl]);
    expect(thumb).toHaveLength(1);
    expect((await t.app.request('/api/assets', json({ assetId, name: 'Brand', ...second, assetType: 'logo' }, owner.auth))).status).toBe(200);
    expect(storedFiles()).toEqual(before.filter((file) => !thumb.includes(file)));
  });
});

describe('DELETE /api/floorplan/delete/{floorplanId} and the media files', () => {
  const deletePlan = async (floorplanId: string) =>
    expect((await t.app.request(`/api/floorplan/delete/${floorplanId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);

  it("removes the plan's picture with its variants and nothing else", async () => {
    const tour = await newTour();
    await addFloorplan(tour);
    const kept = storedFiles();
    await deletePlan(await addFloorplan(tour));
    expect(storedFiles()).toEqual(kept);
  });

  it("keeps the picture while a clone's copy of the plan shows it", async () => {
    const tour = await newTour();
    const floorplanId = await addFloorplan(tour);
    const files = storedFiles();
    expect(files).toHaveLength(7);
    const clone = await cloneOf(tour);
    await deletePlan(floorplanId);
    expect(storedFiles()).toEqual(files);
    await deletePlan(clone.floorplans[0].floorplanId);
    expect(storedFiles()).toEqual([]);
  });

  it("removes a plan's former picture once no plan shows it", async () => {
    const tour = await newTour();
    const floorplanId = await addFloorplan(tour);
    const clone = await cloneOf(tour);
    const former = storedFiles();
    const next = await uploadPicture(tour, await flatPhoto(), { isNotEquirect: 'true' });
    const moveTo = async (id: string) =>
      expect((await t.app.request(`/api/floorplan/update/${id}`, json({ url: next.url, thumbUrl: next.thumbUrl }, owner.auth))).status).toBe(200);
    await moveTo(floorplanId);
    expect(storedFiles().filter((file) => former.includes(file))).toEqual(former);
    await moveTo(clone.floorplans[0].floorplanId);
    expect(storedFiles()).toEqual(filesOfAll([next.url]));
  });
});

describe('POST /api/tours/{shortId} (save) and the media files', () => {
  /** Changes that drop the tour's second scene and replace its logo and ambience sound; and the files they leave unnamed. */
  async function pare(tour: TourRef) {
    const logo = await unlistedLogo();
    const sound = await uploadSound(tour);
    const changes = { images: tour.images.slice(0, 1), logo: logo.url, config: { ambience: { name: sound.name, audio: sound.url } } };
    // The narrow panorama with thumb- and hotspot- in three types, the logo, the sound.
    const dropped = filesOfAll([tour.images[1].url, tour.logo, tour.config.ambience!.audio]);
    expect(dropped).toHaveLength(9);
    return { changes, dropped };
  }

  it('removes the files of a dropped scene and of the replaced logo and ambience, and nothing else', async () => {
    const { tour } = await furnishedTour();
    const { changes, dropped } = await pare(tour);
    const before = storedFiles();
    await save(tour, changes);
    expect(storedFiles()).toEqual(before.filter((file) => !dropped.includes(file)));
  });

  it('keeps what a clone still shows until the clone drops it too', async () => {
    const { tour } = await furnishedTour();
    const clone = await cloneOf(tour);
    const { changes, dropped } = await pare(tour);
    const before = storedFiles();
    await save(tour, changes);
    expect(storedFiles()).toEqual(before);
    await save(clone, changes);
    expect(storedFiles()).toEqual(before.filter((file) => !dropped.includes(file)));
  });

  it('removes nothing when the save is refused as stale', async () => {
    const { tour } = await furnishedTour();
    const { changes } = await pare(tour);
    const before = storedFiles();
    expect((await trySave({ ...tour, revision: tour.revision - 1 }, changes)).status).toBe(409);
    expect(storedFiles()).toEqual(before);
  });

  it('of two saves racing on one revision, only the winner removes what it dropped', async () => {
    const { tour } = await furnishedTour();
    const before = storedFiles();
    const filesByScene = new Map(tour.images.map((image) => [image.id, filesOfAll([image.url])]));
    const answers = await Promise.all(tour.images.map((image) => trySave(tour, { images: [image], logo: tour.logo, config: tour.config })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner: TourRef = await answers.find((answer) => answer.status === 200)!.json();
    const lost = tour.images.find((image) => image.id !== winner.images[0].id)!;
    expect(storedFiles()).toEqual(before.filter((file) => !filesByScene.get(lost.id)!.includes(file)));
  });
});
