import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaStorage } from '../../api/media/media-storage';
import { readMediaFile } from '../../api/media/media-storage';
import { sweepUnnamedMedia, UNNAMED_MEDIA_GRACE_MS } from '../../api/media/orphan-sweep';
import { claimTiles, TILES_CLAIM_MS, tilesReady } from '../../api/media/tiles/scene-tiles.repository';
import { startTileQueue, type TileQueue } from '../../api/media/tiles/tile-queue';
import { queueUncutPanoramas, shownPanoramas, startTilesSweeps, TILES_SWEEP_FIRST_MS, TILES_SWEEP_LOCK_MS } from '../../api/media/tiles/uncut-panoramas';
import { RedisLock } from '../../api/redis/redis-lock';
import type { SceneAnswer, Tour } from '../../api/schema/tour';
import { localRedis } from '../support/local-redis';
import { smallPanorama } from '../support/pictures';
import { startTestS3 } from '../support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { postFile } from './support/uploads';
import { json, signUp, type TestUser } from './support/users';

const s3 = await startTestS3();
const redis = await localRedis();
/** Tests that cut several panoramas: each cut keeps both cores busy for seconds, longer on a shared machine. */
const CUTTING_SEVERAL = 300_000;
const queues: TileQueue[] = [];

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A tile queue of its own on the app's database and store: another instance, or the app's own once started. */
function queueOf(t: TestApp, media: MediaStorage = t.media): TileQueue {
  const queue = startTileQueue({ db: t.db, media, logger: t.logger, spoolDir: t.config.dataDir });
  queues.push(queue);
  return queue;
}

/** The app's store, telling `onPut` of each file before it is stored. */
function watchedMedia(t: TestApp, onPut: (path: string) => void): MediaStorage {
  return Object.assign(Object.create(Object.getPrototypeOf(t.media) as object) as MediaStorage, t.media, {
    put: async (path: string, data: Buffer) => {
      onPut(path);
      return t.media.put(path, data);
    },
  });
}

async function newTour(t: TestApp, owner: TestUser): Promise<Tour> {
  return (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
}

/** Uploads a panorama `width` pixels wide to the tour; answers the upload's addresses. */
async function upload(t: TestApp, owner: TestUser, tour: Tour, width: number) {
  return postFile(t, owner, '/api/images/', 'image', await smallPanorama(width), { tourId: String(tour.id) });
}

/** Saves the tour with one scene per upload, in order; answers the owner's read of it. */
async function saveScenes(t: TestApp, owner: TestUser, tour: Tour, uploads: Array<Record<string, string>>): Promise<Tour> {
  const current: Tour = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
  const images = uploads.map(({ url, thumbUrl, hotspotUrl, mobileUrl }, i) => ({ id: `scene${i}`, title: `Scene ${i}`, url, thumbUrl, hotspotUrl, mobileUrl }));
  const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: current.revision, images }, owner.auth));
  expect(saved.status).toBe(200);
  return ownerRead(t, owner, tour);
}

/** A fresh app with an owner's tour showing one uploaded panorama `width` pixels wide. */
async function tourShowing(width: number) {
  const t = await createTestApp();
  const owner = await signUp(t);
  const tour = await newTour(t, owner);
  const scene = await upload(t, owner, tour, width);
  await saveScenes(t, owner, tour, [scene]);
  return { t, owner, tour, image: imageOf(scene.url) };
}

async function ownerRead(t: TestApp, owner: TestUser, tour: Tour): Promise<Tour> {
  const read = await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth });
  expect(read.status).toBe(200);
  return read.json();
}

const imageOf = (url: string) => /\/tours\/([0-9a-f]{32})\.jpg$/.exec(url)![1];
const tilesRow = (t: TestApp, image: string) => t.db.selectFrom('scene_tiles').selectAll().where('image', '=', image).executeTakeFirst();
const writeCount = async (t: TestApp, tour: Tour) =>
  (await t.db.selectFrom('tour').select('write_count').where('id', '=', tour.id).executeTakeFirstOrThrow()).write_count;

/** Every tile pannellum may ask for in a scene's layout, and the six fallback faces, as paths under its folder. */
function expectedTiles(scene: SceneAnswer): string[] {
  const { cubeResolution, maxLevel, tileResolution } = scene.multires!;
  const paths: string[] = [];
  for (let level = 1; level <= maxLevel; level++) {
    // pannellum's own sizes: the full face at maxLevel, half (rounded down) at each level below.
    let size = cubeResolution;
    for (let i = level; i < maxLevel; i++) size = Math.floor(size / 2);
    const perSide = Math.ceil(size / tileResolution);
    for (const face of 'fbudlr') for (let y = 0; y < perSide; y++) for (let x = 0; x < perSide; x++) paths.push(`${level}/${face}${y}_${x}.jpg`);
  }
  return [...paths, ...[...'fbudlr'].map((face) => `fallback/${face}.jpg`)];
}

describe('tiles of wide panoramas', () => {
  it(
    'queues an upload 4096 wide or more, cuts it in the background, then the answer carries multires',
    async () => {
      const t = await createTestApp();
      const owner = await signUp(t);
      const tour = await newTour(t, owner);
      const wide = await upload(t, owner, tour, 4096);
      const narrow = await upload(t, owner, tour, 2048);
      expect(await tilesRow(t, imageOf(wide.url)), 'queued with the upload').toMatchObject({ state: 'pending', tries: 0 });
      expect(wide.tilesPreparing, 'the upload says so').toBe(true);
      expect(narrow.tilesPreparing).toBeUndefined();
      expect(await tilesRow(t, imageOf(narrow.url)), 'too narrow for tiles').toBeUndefined();

      const before = await saveScenes(t, owner, tour, [wide, narrow]);
      expect(before.images[0]).toMatchObject({ tilesPreparing: true });
      expect(before.images[0].multires, 'the original serves until the tiles are ready').toBeUndefined();
      expect(before.images[1].tilesPreparing).toBeUndefined();
      const counted = await writeCount(t, tour);

      await queueOf(t).cutWaiting();
      expect(await tilesRow(t, imageOf(wide.url))).toMatchObject({
        state: 'ready',
        tries: 1,
        claimed_by: null,
        tile_resolution: 512,
        max_level: 2,
        cube_resolution: 1024,
      });
      expect(await writeCount(t, tour), "the tour's cached answers are stale").toBeGreaterThan(counted);

      const after = await ownerRead(t, owner, tour);
      const image = imageOf(wide.url);
      expect(after.images[0].multires).toEqual({
        basePath: `/media/tiles/${image}`,
        path: '/%l/%s%y_%x',
        fallbackPath: '/fallback/%s',
        extension: 'jpg',
        tileResolution: 512,
        maxLevel: 2,
        cubeResolution: 1024,
      });
      expect(after.images[0].tilesPreparing).toBeUndefined();
      expect(after.images[1].multires).toBeUndefined();
      // Every tile is served from the store as a JPEG of its level's size.
      for (const path of expectedTiles(after.images[0])) {
        const served = await t.app.request(`${after.images[0].multires!.basePath}/${path}`);
        expect(served.status, path).toBe(200);
        expect(served.headers.get('Content-Type')).toBe('image/jpeg');
        const { width, format } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(format).toBe('jpeg');
        expect(width, path).toBe(path.startsWith('fallback/') ? 1024 : 512);
      }
      // Listed level by level on the local folder, as the store lists any folder.
      expect((await t.media.list(`tiles/${image}/1`)).map((file) => file.name).sort()).toEqual([...'bdflru'].map((face) => `${face}0_0.jpg`));
      expect((await t.media.list(`tiles/${image}/2`)).length).toBe(6 * 4);
    },
    CUTTING_SEVERAL,
  );

  it('gives the tiles an address under MEDIA_BASE_URL, as the other media of the scene', async () => {
    const t = await createTestApp({ MEDIA_BASE_URL: 'https://cdn.example/media' });
    const owner = await signUp(t);
    const tour = await newTour(t, owner);
    const wide = await upload(t, owner, tour, 4096);
    await saveScenes(t, owner, tour, [wide]);
    await queueOf(t).cutWaiting();
    expect((await ownerRead(t, owner, tour)).images[0].multires?.basePath).toBe(`https://cdn.example/media/tiles/${imageOf(wide.url)}`);
  });

  it(
    'never cuts one panorama twice when two instances and a late claimer race for it',
    async () => {
      const t = await createTestApp();
      const owner = await signUp(t);
      const tour = await newTour(t, owner);
      const uploads = [await upload(t, owner, tour, 4096), await upload(t, owner, tour, 4200), await upload(t, owner, tour, 4400)];
      await saveScenes(t, owner, tour, uploads);
      // Both instances' stores are the same folder, watched for which panorama each cut writes.
      const written = new Map<string, number>();
      const watched = watchedMedia(t, (path) => {
        if (path.endsWith('/fallback/f.jpg')) written.set(path, (written.get(path) ?? 0) + 1);
      });
      const [one, two] = [queueOf(t, watched), queueOf(t, watched)];
      await Promise.all([one.cutWaiting(), two.cutWaiting(), one.cutWaiting(), two.cutWaiting()]);
      expect([...written.values()], 'each panorama cut once').toEqual([1, 1, 1]);
      for (const { url } of uploads) expect(await tilesRow(t, imageOf(url))).toMatchObject({ state: 'ready', tries: 1 });
      const scenes = (await ownerRead(t, owner, tour)).images;
      expect(scenes.every((scene) => scene.multires)).toBe(true);
    },
    CUTTING_SEVERAL,
  );

  it(
    'stops a cut under way at a tile when its queue stops, giving the claim back at once; another instance finishes it',
    async () => {
      const { t, owner, tour, image } = await tourShowing(8192);
      let stopped: Promise<void> | undefined;
      let writesAfterStop = 0;
      // The queue is stopped as its cut hands over its first tile, as a SIGTERM mid-cut does.
      const stopping = watchedMedia(t, () => {
        if (stopped) writesAfterStop += 1;
        else stopped = queue.stop();
      });
      const queue = queueOf(t, stopping);
      vi.spyOn(t.logger, 'info').mockImplementation(() => undefined);
      await queue.cutWaiting();
      await stopped;
      // Only the tiles already being encoded beside the first (four at a time) were handed over after it.
      expect(writesAfterStop).toBeLessThanOrEqual(3);
      expect(await tilesRow(t, image), 'claimable again, the try not counted').toMatchObject({ state: 'pending', tries: 0, claimed_by: null, error: null });
      expect(
        readdirSync(t.config.dataDir).filter((name) => name.startsWith('.tiles-')),
        'the spool file removed',
      ).toEqual([]);
      expect((await ownerRead(t, owner, tour)).images[0]).toMatchObject({ tilesPreparing: true });

      await queueOf(t).cutWaiting();
      expect(await tilesRow(t, image)).toMatchObject({ state: 'ready', tries: 1, cube_resolution: 2560 });
      expect((await ownerRead(t, owner, tour)).images[0].multires).toMatchObject({ cubeResolution: 2560, maxLevel: 4 });
    },
    CUTTING_SEVERAL,
  );

  it(
    'answers an upload that arrives during a cut before the cut is done: the cut takes its turns a face at a time',
    async () => {
      const { t, owner, tour, image } = await tourShowing(8192);
      const picture = await smallPanorama(4096);
      let answered: Promise<{ url?: string; stateThen?: string }> | undefined;
      // Sent once the cut hands over its first tile; its state read as soon as the upload is answered.
      const media = watchedMedia(t, () => {
        answered ??= postFile(t, owner, '/api/images/', 'image', picture, { tourId: String(tour.id) }).then(async ({ url }) => ({
          url,
          stateThen: (await tilesRow(t, image))?.state,
        }));
      });
      await queueOf(t, media).cutWaiting();
      expect(await answered).toEqual({ url: expect.stringMatching(/\/tours\/[0-9a-f]{32}\.jpg$/), stateThen: 'cutting' });
      expect(await tilesRow(t, image)).toMatchObject({ state: 'ready' });
    },
    CUTTING_SEVERAL,
  );

  it('lets another claimer take a cut whose claimer died, and drops the dead claim when it comes back', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await newTour(t, owner);
    const image = imageOf((await upload(t, owner, tour, 4096)).url);
    expect(await claimTiles(t.db, image, 'first')).toBe(true);
    expect(await claimTiles(t.db, image, 'second'), 'held by the first').toBe(false);
    await t.db
      .updateTable('scene_tiles')
      .set({ claimed_at: new Date(Date.now() - TILES_CLAIM_MS - 1000).toISOString() })
      .where('image', '=', image)
      .execute();
    expect(await claimTiles(t.db, image, 'second'), 'the claim ran out').toBe(true);
    const layout = { tileResolution: 512, maxLevel: 2, cubeResolution: 1024 };
    expect(await tilesReady(t.db, image, 'first', layout), 'no longer the first one’s').toBe(false);
    expect(await tilesReady(t.db, image, 'second', layout)).toBe(true);
    expect(await tilesRow(t, image)).toMatchObject({ state: 'ready', tries: 2 });
  });

  it(
    'removes the tiles of a deleted scene and keeps those of a live one; the sweep takes tiles nothing names',
    async () => {
      const t = await createTestApp();
      const owner = await signUp(t);
      const tour = await newTour(t, owner);
      const [kept, dropped, unsaved] = [await upload(t, owner, tour, 4096), await upload(t, owner, tour, 4096), await upload(t, owner, tour, 4096)];
      await saveScenes(t, owner, tour, [kept, dropped]);
      await queueOf(t).cutWaiting();
      const tileOf = (url: string) => `tiles/${imageOf(url)}/1/f0_0.jpg`;
      for (const { url } of [kept, dropped, unsaved]) expect(await t.media.exists(tileOf(url))).toBe(true);

      await saveScenes(t, owner, tour, [kept]);
      expect(await t.media.exists(tileOf(dropped.url)), "a deleted scene's tiles go with it").toBe(false);
      expect(await t.media.list(`tiles/${imageOf(dropped.url)}/2`)).toEqual([]);
      expect(await tilesRow(t, imageOf(dropped.url))).toBeUndefined();
      expect(await t.media.exists(tileOf(kept.url))).toBe(true);

      vi.spyOn(t.logger, 'info').mockImplementation(() => undefined);
      await sweepUnnamedMedia(t.db, t.media, t.logger);
      expect(await t.media.exists(tileOf(unsaved.url)), 'an upload may be saved within the grace period').toBe(true);
      await t.db
        .updateTable('scene_tiles')
        .set({ queued_at: new Date(Date.now() - UNNAMED_MEDIA_GRACE_MS - 60_000).toISOString() })
        .execute();
      await sweepUnnamedMedia(t.db, t.media, t.logger);
      expect(await t.media.exists(tileOf(unsaved.url)), 'never saved: swept').toBe(false);
      expect(await tilesRow(t, imageOf(unsaved.url))).toBeUndefined();
      expect(await t.media.exists(tileOf(kept.url)), "a live scene's tiles are never swept").toBe(true);
      expect((await t.media.list(`tiles/${imageOf(kept.url)}/2`)).length).toBe(24);
      expect(await tilesRow(t, imageOf(kept.url))).toMatchObject({ state: 'ready' });

      expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
      expect(await t.media.exists(tileOf(kept.url)), "a deleted tour's tiles go with it").toBe(false);
      expect(await tilesRow(t, imageOf(kept.url))).toBeUndefined();
    },
    CUTTING_SEVERAL,
  );

  it(
    'stores, lists, serves and removes tiles in S3-compatible storage',
    async () => {
      const settings = await s3.newBucket();
      const t = await createTestApp(settings);
      const owner = await signUp(t);
      const tour = await newTour(t, owner);
      const wide = await upload(t, owner, tour, 4096);
      const scene = (await saveScenes(t, owner, tour, [wide])).images[0];
      await queueOf(t).cutWaiting();
      const image = imageOf(wide.url);
      const multires = (await ownerRead(t, owner, tour)).images[0].multires!;
      const keys = (await s3.keys(settings.S3_BUCKET)).filter((key) => key.startsWith(`tiles/${image}/`));
      expect(keys.sort()).toEqual(
        expectedTiles({ ...scene, multires })
          .map((path) => `tiles/${image}/${path}`)
          .sort(),
      );
      expect((await t.media.list(`tiles/${image}/2`)).map((file) => file.name).sort()).toEqual(
        [...'bdflru'].flatMap((face) => ['0_0', '0_1', '1_0', '1_1'].map((tile) => `${face}${tile}.jpg`)),
      );
      const served = await t.app.request(`${multires.basePath}/2/f1_1.jpg`);
      expect(served.status).toBe(200);
      expect(served.headers.get('Content-Type')).toBe('image/jpeg');
      expect(Buffer.from(await served.arrayBuffer()).equals((await readMediaFile(t.media, `tiles/${image}/2/f1_1.jpg`))!)).toBe(true);

      expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
      expect(await s3.keys(settings.S3_BUCKET)).toEqual([]);
    },
    CUTTING_SEVERAL,
  );

  it('queues the wide panoramas of tours from before tiles, telling their tours, and skips narrow ones', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await newTour(t, owner);
    const [wide, narrow] = [await upload(t, owner, tour, 4200), await upload(t, owner, tour, 1024)];
    await saveScenes(t, owner, tour, [wide, narrow]);
    await t.db.deleteFrom('scene_tiles').execute();
    const counted = await writeCount(t, tour);
    const shown = await shownPanoramas(t.db);
    expect([...shown.values()]).toEqual([
      { image: imageOf(wide.url), shortId: tour.shortId, sceneId: 'scene0', title: 'Scene 0' },
      { image: imageOf(narrow.url), shortId: tour.shortId, sceneId: 'scene1', title: 'Scene 1' },
    ]);
    expect(await queueUncutPanoramas(t.db, t.media, t.logger, shown)).toBe(1);
    expect(await tilesRow(t, imageOf(wide.url))).toMatchObject({ state: 'pending' });
    expect(await tilesRow(t, imageOf(narrow.url))).toMatchObject({ state: 'skipped' });
    expect(await writeCount(t, tour), 'the editor learns its scene is being prepared').toBeGreaterThan(counted);
    expect((await ownerRead(t, owner, tour)).images.map((scene) => scene.tilesPreparing)).toEqual([true, undefined]);
    expect(await queueUncutPanoramas(t.db, t.media, t.logger, shown), 'each is read once').toBe(0);
  });

  it('records a cut that fails and tries it again later, the original serving meanwhile', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await newTour(t, owner);
    const wide = await upload(t, owner, tour, 4096);
    await saveScenes(t, owner, tour, [wide]);
    await t.media.put(`tours/${imageOf(wide.url)}.jpg`, Buffer.from('not a picture'));
    vi.spyOn(t.logger, 'warn').mockImplementation(() => undefined);
    await queueOf(t).cutWaiting();
    expect(await tilesRow(t, imageOf(wide.url))).toMatchObject({ state: 'pending', tries: 1, claimed_by: null, error: expect.any(String) });
    expect(t.logger.warn).toHaveBeenCalled();
    expect((await ownerRead(t, owner, tour)).images[0].multires).toBeUndefined();
  });
});

describe.skipIf(!redis)('the tiles sweep on several instances (a Redis lock)', () => {
  it('reads the tours on one instance of two each hour; the other skips its turn', async () => {
    const { t, image } = await tourShowing(4200);
    await t.db.deleteFrom('scene_tiles').execute();
    const other = redis!.duplicate();
    try {
      const name = `tiles-sweep-${randomUUID()}`;
      const skipped = vi.spyOn(t.logger, 'debug').mockImplementation(() => undefined);
      vi.spyOn(t.logger, 'info').mockImplementation(() => undefined);
      const read = vi.spyOn(t.db, 'selectFrom');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const woken: string[] = [];
      const sweepers = [redis!, other].map((connection, i) =>
        startTilesSweeps(t.db, t.media, t.logger, () => woken.push(`instance ${i}`), new RedisLock(connection, name, TILES_SWEEP_LOCK_MS)),
      );
      vi.advanceTimersByTime(TILES_SWEEP_FIRST_MS);
      vi.useRealTimers();
      await Promise.all(sweepers.map((sweeper) => sweeper.stop()));
      expect(
        read.mock.calls.filter(([table]) => table === 'tour'),
        'every tour read once',
      ).toHaveLength(1);
      expect(skipped).toHaveBeenCalledWith('tiles sweep: skipped, another instance swept this hour');
      expect(woken).toHaveLength(1);
      expect(await tilesRow(t, image)).toMatchObject({ state: 'pending' });
      expect(await new RedisLock(other, name, TILES_SWEEP_LOCK_MS).acquire(), 'kept for the hour, not given back').toBeUndefined();
    } finally {
      await other.quit();
    }
  });
});
