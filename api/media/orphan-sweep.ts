import type { Logger } from '../config/logger';
import type { Db } from '../db/database';
import type { MediaStorage } from './media-storage';
import { removeTilesOf, tilesQueuedBefore } from './tiles/tiles-removal';
import { idsNamedByRows, STORED_FILE_NAME, unlinkMediaFiles } from './unreferenced-files';

/**
 * How old an unnamed file must be before the sweep takes it. An upload is named by the tour's save within seconds
 * of it; a younger file may be an upload whose save is still on its way.
 */
export const UNNAMED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
export const MEDIA_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How long a sweep's lock outlives an instance that died sweeping; far longer than a sweep takes. */
export const MEDIA_SWEEP_LOCK_MS = 60 * 60 * 1000;
/** The folders under media/ where the stores write; social/ holds the share-picture crops of panoramas. */
const SWEPT_FOLDERS = ['tours', 'assets', 'audio', 'social'];

/** The stored files last written before `cutoff`, as `folder/name` under the media folder, keyed by their random id. */
async function storedFilesOlderThan(media: MediaStorage, cutoff: number): Promise<Map<string, string[]>> {
  const files = new Map<string, string[]>();
  for (const folder of SWEPT_FOLDERS) {
    for (const { name, modifiedMs } of await media.list(folder)) {
      const id = STORED_FILE_NAME.exec(name)?.[1];
      if (id && modifiedMs < cutoff) files.set(id, [...(files.get(id) ?? []), `${folder}/${name}`]);
    }
  }
  return files;
}

/**
 * Removes the stored files that no row names and that are older than the grace period: uploads whose tour was
 * never saved, an uploaded logo's unused thumbnail, anything a crash left between a change and its clean-up.
 * Removing what a change leaves unnamed is removeUnreferencedFiles' work; this catches what nothing ever named.
 * Answers how many files went. It never throws: a file left behind only wastes space, so failures are logged.
 */
export async function sweepUnnamedMedia(db: Db, media: MediaStorage, logger: Logger): Promise<number> {
  try {
    const cutoff = Date.now() - UNNAMED_MEDIA_GRACE_MS;
    const old = await storedFilesOlderThan(media, cutoff);
    const oldTiles = await tilesQueuedBefore(db, cutoff);
    // Checked and removed in one transaction, which holds the database: no save can name a file between the two.
    const removed =
      old.size === 0 && oldTiles.length === 0
        ? 0
        : await db.transaction().execute(async (trx) => {
            const named = await idsNamedByRows(trx);
            const files = await unlinkMediaFiles(
              media,
              [...old].filter(([id]) => !named.has(id)).flatMap(([, paths]) => paths),
              logger,
            );
            // A panorama's tiles are a folder with a row of their own: they go when nothing names the panorama.
            const tiles = await removeTilesOf(
              trx,
              media,
              oldTiles.filter((image) => !named.has(image)),
              logger,
            );
            return files + tiles;
          });
    logger.info(`media sweep: removed ${removed} file(s) nothing names`);
    return removed;
  } catch (err) {
    logger.error({ err }, 'media sweep failed; unnamed files stay until the next one');
    return 0;
  }
}

/** Keeps instances that share one media store from sweeping it at once (a Redis lock). */
export interface SweepLock {
  /** Runs `task`, or answers undefined without running it while another instance holds the lock. */
  runExclusive<T>(task: () => Promise<T>): Promise<T | undefined>;
}

/** One sweep, unless another instance is sweeping the same store. Never throws, like the sweep itself. */
async function sweepAlone(db: Db, media: MediaStorage, logger: Logger, lock: SweepLock | undefined): Promise<void> {
  if (!lock) {
    await sweepUnnamedMedia(db, media, logger);
    return;
  }
  try {
    const removed = await lock.runExclusive(() => sweepUnnamedMedia(db, media, logger));
    if (removed === undefined) logger.info('media sweep: skipped, another instance is sweeping');
  } catch (err) {
    logger.error({ err }, 'media sweep skipped: its lock could not be taken; unnamed files stay until the next one');
  }
}

export interface MediaSweeps {
  /** Stops the schedule; resolves once a sweep under way has finished, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Sweeps now and then every MEDIA_SWEEP_INTERVAL_MS, without keeping the process alive for it. With a lock (several
 * instances), a sweep that finds another instance sweeping skips its turn.
 */
export function startMediaSweeps(db: Db, media: MediaStorage, logger: Logger, lock?: SweepLock): MediaSweeps {
  let running = sweepAlone(db, media, logger, lock);
  const timer = setInterval(() => {
    // One sweep at a time: a slow one is followed, not overlapped.
    running = running.then(() => sweepAlone(db, media, logger, lock));
  }, MEDIA_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
