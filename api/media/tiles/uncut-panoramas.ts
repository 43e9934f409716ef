import sharp from 'sharp';
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/database';
import type { MediaStorage } from '../media-storage';
import { cubeResolutionFor } from './cut-tiles';
import { panoramaImageOf, queueTiles } from './scene-tiles.repository';

/** A stored panorama as a tour's scene shows it: where to say it is when reporting on it. */
export interface ShownPanorama {
  image: string;
  shortId: string;
  sceneId: string;
  title: string;
}

/** The stored JPEG's header lies in its first bytes: our originals carry no metadata before the frame header. */
const HEADER_BYTES = 64 * 1024;
/** Panoramas looked up in scene_tiles at a time. */
const IMAGES_PER_QUERY = 200;
/** How often each instance looks for panoramas shown but not yet queued (tours from before tiles, a restore). */
export const TILES_SWEEP_INTERVAL_MS = 60 * 60_000;
/** The first look waits until the server has settled after its start. */
export const TILES_SWEEP_FIRST_MS = 60_000;
/**
 * How long the instance that sweeps keeps the others from sweeping: taken for its hour and not given back, so of
 * instances that look at different minutes one reads every tour each hour; it runs out before its taker looks again.
 */
export const TILES_SWEEP_LOCK_MS = TILES_SWEEP_INTERVAL_MS - 5 * 60_000;

/** Every stored panorama a tour's scene shows, once (with the first scene found showing it); tours are streamed. */
export async function shownPanoramas(db: Db): Promise<Map<string, ShownPanorama>> {
  const shown = new Map<string, ShownPanorama>();
  for await (const { short_id: shortId, data } of db.selectFrom('tour').select(['short_id', 'data']).orderBy('id').stream()) {
    const images = (JSON.parse(data) as { images?: Array<{ id?: string; url?: string; title?: string }> }).images ?? [];
    for (const scene of Array.isArray(images) ? images : []) {
      const image = panoramaImageOf(String(scene.url ?? ''));
      if (image && !shown.has(image)) shown.set(image, { image, shortId, sceneId: String(scene.id), title: String(scene.title ?? '') });
    }
  }
  return shown;
}

/** A stored panorama's width, from its header alone; undefined when it is not in the store. */
async function storedWidth(media: MediaStorage, image: string): Promise<number | undefined> {
  const stream = await media.get(`tours/${image}.jpg`);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= HEADER_BYTES) break;
  }
  stream.destroy();
  return (await sharp(Buffer.concat(chunks)).metadata()).width;
}

/**
 * Queues the tiles of every panorama in `shown` that scene_tiles does not know yet: a wide one to be cut (its tours
 * told), a narrow one as skipped, so it is not read again. Answers how many were queued to be cut. A panorama that
 * cannot be read is logged and looked at again next time.
 */
export async function queueUncutPanoramas(db: Db, media: MediaStorage, logger: Logger, shown: Map<string, ShownPanorama>): Promise<number> {
  const images = [...shown.keys()];
  let queued = 0;
  for (let start = 0; start < images.length; start += IMAGES_PER_QUERY) {
    const chunk = images.slice(start, start + IMAGES_PER_QUERY);
    const known = new Set((await db.selectFrom('scene_tiles').select('image').where('image', 'in', chunk).execute()).map((row) => row.image));
    for (const image of chunk.filter((name) => !known.has(name))) {
      const width = await storedWidth(media, image).catch((err: unknown) => {
        logger.warn({ err, image }, 'a panorama could not be read to see whether it needs tiles');
        return undefined;
      });
      if (width === undefined) continue;
      const wide = cubeResolutionFor(width) !== undefined;
      if ((await queueTiles(db, image, { state: wide ? 'pending' : 'skipped', touchTours: true })) && wide) queued += 1;
    }
  }
  return queued;
}

export interface TilesSweeps {
  stop(): Promise<void>;
}

/** Keeps instances sharing a database from each sweeping it (a Redis lock, taken for TILES_SWEEP_LOCK_MS). */
export interface TilesSweepLock {
  /** Answers a token when this instance took the lock, undefined while another holds it. */
  acquire(): Promise<string | undefined>;
}

/**
 * Looks now and then for panoramas tours show that were never queued, queues them, and wakes the queue: a low
 * priority pass (one header read at a time), never on a visitor's request. Without keeping the process alive. With a
 * lock (several instances), a look that finds another instance has swept this hour skips its turn.
 */
export function startTilesSweeps(db: Db, media: MediaStorage, logger: Logger, wake: () => void, lock?: TilesSweepLock): TilesSweeps {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        if (lock && !(await lock.acquire())) {
          logger.debug('tiles sweep: skipped, another instance swept this hour');
          return;
        }
        const queued = await queueUncutPanoramas(db, media, logger, await shownPanoramas(db));
        if (queued > 0) {
          logger.info(`tiles sweep: queued ${queued} panorama(s) to cut`);
          wake();
        }
      } catch (err) {
        logger.error({ err }, 'tiles sweep failed; it looks again later');
      }
    });
  };
  const first = setTimeout(sweep, TILES_SWEEP_FIRST_MS);
  const timer = setInterval(sweep, TILES_SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
