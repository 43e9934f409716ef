import { execFile } from 'node:child_process';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepUnnamedMedia, UNNAMED_MEDIA_GRACE_MS } from '../../api/media/orphan-sweep';
import { makeMissingVariants } from '../../api/media/variants-command';
import type { SceneImageFormat } from '../../api/schema/tour';
import { setTourType } from '../../api/tours/tour.repository';
import { smallPanorama } from '../support/pictures';
import { TEST_JWT_SECRET } from '../support/test-secret';
import type { Page } from '../../api/schema/requests';
import type { MyTour, TeamTour } from '../../api/schema/team';
import { createTestApp, type TestApp } from './support/test-app';
import { expectCall, person, teamWith } from './support/teams';
import { TEST_ENGINE } from './support/test-database';
import { json, signUp, type TestUser } from './support/users';

const execFileAsync = promisify(execFile);

let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});

interface Upload {
  image: string;
  formats?: SceneImageFormat[];
  url: string;
  thumbUrl: string;
  hotspotUrl: string;
  mobileUrl: string;
  width: number;
  height: number;
}

interface SavedTour {
  id: number;
  shortId: string;
  revision: number;
  images: Array<{ id: string; url: string; formats?: SceneImageFormat[] }>;
}

/** A new tour, published (free) so that visitors see its scenes. */
async function newTour(): Promise<SavedTour> {
  const tour: SavedTour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  await setTourType(t.db, { shortId: tour.shortId }, 'free');
  return tour;
}

async function uploadPanorama(tour: SavedTour, width: number, fields: Record<string, string> = {}): Promise<Upload> {
  const form = new FormData();
  form.set('tourId', String(tour.id));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('image', new File([new Uint8Array(await smallPanorama(width))], 'room.jpg'));
  const response = await t.app.request('/api/images/', { method: 'POST', body: form, headers: owner.auth });
  expect(response.status).toBe(201);
  return response.json();
}

/** Saves the tour with one scene per upload; answers the tour as the save answers it. */
async function saveScenes(tour: SavedTour, uploads: Upload[]): Promise<SavedTour> {
  const images = uploads.map((upload, i) => ({ id: `scene-${i}`, title: `Room ${i}`, uploaded: true, ...upload }));
  const response = await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, images }, owner.auth));
  expect(response.status).toBe(200);
  return response.json();
}

/** The tour as a visitor reads it (the read cache's answer, not the owner's fresh read). */
async function visitorRead(tour: SavedTour): Promise<SavedTour> {
  const response = await t.app.request(`/api/tours/${tour.shortId}`);
  expect(response.status).toBe(200);
  return response.json();
}

function storedFiles(): string[] {
  const dir = join(t.config.dataDir, 'media', 'tours');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Fetches a listed address and checks its bytes are of `type` (by magic number) and `width`×`height`. */
async function expectPicture(url: string, type: string, width: number, height: number): Promise<void> {
  const response = await t.app.request(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (type === 'image/webp') expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
  else expect(bytes.toString('latin1', 4, 12)).toBe('ftypavif');
  expect(await sharp(bytes).metadata()).toMatchObject({ width, height });
}

async function expectJpeg(url: string, width: number, height: number): Promise<void> {
  const response = await t.app.request(url);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width, height });
}

const stem = (upload: Upload) => upload.image.replace(/\.jpg$/, '');

describe('modern image types of uploaded panoramas', () => {
  it('stores WebP and AVIF small pictures beside the JPEGs, and the tour answer lists their working addresses', async () => {
    const tour = await newTour();
    const wide = await uploadPanorama(tour, 6000);
    const id = stem(wide);
    expect(storedFiles()).toEqual(
      [
        `${id}.jpg`,
        `hotspot-${id}.avif`,
        `hotspot-${id}.jpg`,
        `hotspot-${id}.webp`,
        `mobile-${id}.jpg`,
        `mobile-${id}.webp`,
        `thumb-${id}.avif`,
        `thumb-${id}.jpg`,
        `thumb-${id}.webp`,
      ].sort(),
    );
    const saved = await saveScenes(tour, [wide]);
    expect(wide.formats, 'the upload’s answer lists them as the tour answer will').toEqual(saved.images[0].formats);
    const expected = [
      { type: 'image/avif', thumbUrl: `/media/tours/thumb-${id}.avif`, hotspotUrl: `/media/tours/hotspot-${id}.avif`, mobileUrl: '' },
      {
        type: 'image/webp',
        thumbUrl: `/media/tours/thumb-${id}.webp`,
        hotspotUrl: `/media/tours/hotspot-${id}.webp`,
        mobileUrl: `/media/tours/mobile-${id}.webp`,
      },
    ];
    expect(saved.images[0].formats).toEqual(expected);
    const [avif, webp] = (await visitorRead(tour)).images[0].formats!;
    expect([avif, webp]).toEqual(expected);
    await expectPicture(avif.thumbUrl, 'image/avif', 400, 200);
    await expectPicture(avif.hotspotUrl, 'image/avif', 160, 160);
    await expectPicture(webp.thumbUrl, 'image/webp', 400, 200);
    await expectPicture(webp.hotspotUrl, 'image/webp', 160, 160);
    await expectPicture(webp.mobileUrl, 'image/webp', 4096, 2048);
  });

  it('keeps the base the upload gave (MEDIA_BASE_URL, a CDN) in the listed addresses', async () => {
    t = await createTestApp({ MEDIA_BASE_URL: 'https://cdn.example.com/media/' });
    owner = await signUp(t);
    const tour = await newTour();
    const upload = await uploadPanorama(tour, 800);
    const saved = await saveScenes(tour, [upload]);
    expect(saved.images[0].formats?.map((format) => format.thumbUrl)).toEqual([
      `https://cdn.example.com/media/tours/thumb-${stem(upload)}.avif`,
      `https://cdn.example.com/media/tours/thumb-${stem(upload)}.webp`,
    ]);
  });

  it('removes the modern pictures with their scene, and keeps those of the scenes still shown', async () => {
    const tour = await newTour();
    const [gone, kept] = [await uploadPanorama(tour, 800), await uploadPanorama(tour, 800)];
    const saved = await saveScenes(tour, [gone, kept]);
    await saveScenes(saved, [kept]);
    expect(storedFiles().filter((name) => name.includes(stem(gone)))).toEqual([]);
    expect(storedFiles().filter((name) => name.includes(stem(kept)))).toHaveLength(7);
    const rows = await t.db.selectFrom('image_format').select('image').execute();
    expect(rows.map((row) => row.image)).toEqual([stem(kept)]);
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect(await t.db.selectFrom('image_format').select('image').execute()).toEqual([]);
  });

  it('makes a floor plan only the JPEGs, its thumbnail among them, and no tiles however wide', async () => {
    const tour = await newTour();
    const plan = await uploadPanorama(tour, 6000, { isNotEquirect: 'true', use: 'floorplan' });
    const id = stem(plan);
    expect(plan).not.toHaveProperty('tilesPreparing');
    expect(plan).not.toHaveProperty('formats');
    expect(storedFiles()).toEqual([`${id}.jpg`, `hotspot-${id}.jpg`, `mobile-${id}.jpg`, `thumb-${id}.jpg`].sort());
    expect(await t.db.selectFrom('image_format').select('image').execute()).toEqual([]);
    expect(await t.db.selectFrom('scene_tiles').selectAll().execute()).toEqual([]);
    await expectJpeg(plan.thumbUrl, 400, 200);
  });

  it('leaves a scene stored before them as it was: JPEG only, no formats listed', async () => {
    const tour = await newTour();
    const upload = await uploadPanorama(tour, 800);
    await forgetModernPictures(upload);
    expect((await saveScenes(tour, [upload])).images[0].formats).toBeUndefined();
    expect((await visitorRead(tour)).images[0].formats).toBeUndefined();
  });
});

describe('the owner’s lists of tours', () => {
  it('carry the modern types of each tour’s scenes as the tour answer does, and none for a scene stored before them', async () => {
    const olivia = await person(t, 'Olivia');
    owner = olivia;
    const modern = await newTour();
    const modernUpload = await uploadPanorama(modern, 800);
    const withTypes = await saveScenes(modern, [modernUpload]);
    const old = await newTour();
    const oldUpload = await uploadPanorama(old, 800);
    await forgetModernPictures(oldUpload);
    await saveScenes(old, [oldUpload]);
    const expected = withTypes.images[0].formats!;
    expect(expected.map((format) => format.type)).toEqual(['image/avif', 'image/webp']);

    const dashboard = await expectCall<Page<SavedTour>>(t, 'GET', '/tours?sort=title', olivia, 200);
    const byId = new Map(dashboard.items.map((tour) => [tour.shortId, tour.images[0]]));
    expect(byId.get(modern.shortId)?.formats).toEqual(expected);
    expect(byId.get(old.shortId)).not.toHaveProperty('formats');

    const team = await teamWith(t, olivia);
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTours`, olivia, 201, { tourIds: [modern.shortId, old.shortId] });
    const teamCards = await expectCall<Page<TeamTour>>(t, 'GET', `/teams/${team.id}/tours`, olivia, 200);
    const mine = await expectCall<Page<MyTour>>(t, 'GET', '/teams/getMyTours', olivia, 200);
    for (const cards of [teamCards.items, mine.items]) {
      const card = new Map<string, TeamTour | MyTour>(cards.map((item) => [item.shortId, item]));
      expect(card.get(modern.shortId)).toMatchObject({ thumbUrl: modernUpload.thumbUrl, formats: expected });
      expect(card.get(old.shortId)).toMatchObject({ thumbUrl: oldUpload.thumbUrl });
      expect(card.get(old.shortId)).not.toHaveProperty('formats');
    }
  });
});

describe('the sweep of files nothing names', () => {
  /** Dates every stored panorama file as written before the sweep's grace period. */
  function agePastGrace(): void {
    const when = new Date(Date.now() - UNNAMED_MEDIA_GRACE_MS - 60 * 60 * 1000);
    for (const name of storedFiles()) utimesSync(join(t.config.dataDir, 'media', 'tours', name), when, when);
  }

  it('takes an unsaved upload’s modern pictures with it, and never a saved scene’s', async () => {
    const tour = await newTour();
    const [unsaved, saved] = [await uploadPanorama(tour, 6000), await uploadPanorama(tour, 800)];
    await saveScenes(tour, [saved]);
    agePastGrace();
    expect(await sweepUnnamedMedia(t.db, t.media, t.logger)).toBe(9);
    expect(storedFiles()).toEqual(storedFiles().filter((name) => name.includes(stem(saved))));
    expect(storedFiles()).toHaveLength(7);
    const rows = await t.db.selectFrom('image_format').select('image').execute();
    expect(rows.map((row) => row.image)).toEqual([stem(saved)]);
    expect(unsaved.mobileUrl).not.toBe('');
  });
});

/** Makes an upload look like one stored before modern types: its JPEGs only, nothing noted. */
async function forgetModernPictures(upload: Upload): Promise<void> {
  const id = stem(upload);
  for (const name of storedFiles().filter((file) => file.includes(id) && !file.endsWith('.jpg'))) await t.media.delete(`tours/${name}`);
  await t.db.deleteFrom('image_format').where('image', '=', id).execute();
}

describe('npm run admin -- variants', () => {
  it('gives older panoramas their modern pictures with progress, and the cached answer lists them at once; a second run does nothing', async () => {
    const tour = await newTour();
    const [old, wide] = [await uploadPanorama(tour, 800), await uploadPanorama(tour, 6000)];
    await forgetModernPictures(old);
    await forgetModernPictures(wide);
    await saveScenes(tour, [old, wide]);
    expect((await visitorRead(tour)).images.map((image) => image.formats)).toEqual([undefined, undefined]);

    const lines: string[] = [];
    expect(await makeMissingVariants(t.db, t.media, (line) => lines.push(line))).toEqual({ made: 2, missing: 0, failed: 0 });
    const [first, second] = [stem(old), stem(wide)].sort();
    expect(lines).toEqual([
      'variants: 2 panorama(s) named by tours, 2 without modern types',
      expect.stringMatching(new RegExp(`^variants: 1/2 ${first} done: `)),
      expect.stringMatching(new RegExp(`^variants: 2/2 ${second} done: `)),
      'variants: 2 made, 0 missing, 0 failed',
    ]);
    expect(storedFiles().filter((name) => name.includes(stem(wide)))).toHaveLength(9);

    const [oldFormats, wideFormats] = (await visitorRead(tour)).images.map((image) => image.formats!);
    expect(oldFormats.map((format) => format.type)).toEqual(['image/avif', 'image/webp']);
    await expectPicture(oldFormats[0].thumbUrl, 'image/avif', 400, 200);
    await expectPicture(wideFormats[1].mobileUrl, 'image/webp', 4096, 2048);
    expect(wideFormats[1].hotspotUrl).toBe(`/media/tours/hotspot-${stem(wide)}.webp`);

    const again: string[] = [];
    expect(await makeMissingVariants(t.db, t.media, (line) => again.push(line))).toEqual({ made: 0, missing: 0, failed: 0 });
    expect(again[0]).toBe('variants: 2 panorama(s) named by tours, 0 without modern types');
  });

  it('tells of a panorama a tour names that is not in the store, and goes on', async () => {
    const tour = await newTour();
    const [lost, kept] = [await uploadPanorama(tour, 800), await uploadPanorama(tour, 800)];
    await forgetModernPictures(kept);
    await saveScenes(tour, [lost, kept]);
    // Gone from the store while its tour still names it, as a lost disk would leave it.
    await forgetModernPictures(lost);
    await t.media.delete(`tours/${lost.image}`);
    const lines: string[] = [];
    expect(await makeMissingVariants(t.db, t.media, (line) => lines.push(line))).toEqual({ made: 1, missing: 1, failed: 0 });
    expect(lines).toContain(
      `variants: ${[stem(lost), stem(kept)].sort().indexOf(stem(lost)) + 1}/2 ${stem(lost)} skipped: tours/${lost.image} is not in the media store`,
    );
  });

  it.skipIf(TEST_ENGINE !== 'sqlite')('runs as the operator runs it, on the running server’s data folder', async () => {
    t = await createTestApp({}, { sqliteFile: true });
    owner = await signUp(t);
    const tour = await newTour();
    const upload = await uploadPanorama(tour, 800);
    await forgetModernPictures(upload);
    await saveScenes(tour, [upload]);
    expect((await visitorRead(tour)).images[0].formats).toBeUndefined();
    const run = await execFileAsync(process.execPath, ['scripts/operator.mjs', 'variants'], {
      env: { ...process.env, DATA_DIR: t.config.dataDir, JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: '', S3_ENDPOINT: '' },
    });
    expect(run.stdout).toContain(`variants: 1/1 ${stem(upload)} done: thumb-${stem(upload)}.avif`);
    expect(run.stdout).toContain('variants: 1 made, 0 missing, 0 failed');
    const [avif, webp] = (await visitorRead(tour)).images[0].formats!;
    await expectPicture(avif.hotspotUrl, 'image/avif', 160, 160);
    await expectPicture(webp.thumbUrl, 'image/webp', 400, 200);
  });
});
