import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/database';
import type { TilesState } from '../../db/tables';
import { imageQueue } from '../image-queue';
import type { MediaStorage } from '../media-storage';
import { cutTiles } from './cut-tiles';
import { releaseTiles, tilesFailed, tilesFolder, tilesReady } from './scene-tiles.repository';

/** Cuts take their turns in the image queue as one party, beside the addresses whose uploads wait there. */
const TILES_TURN = ['tiles'];

/** What a cut needs: the database its row is in, the store the panorama and its tiles are in, a folder to spool to. */
export interface TilesCutDeps {
  db: Db;
  media: MediaStorage;
  logger: Logger;
  /** A folder on this machine's disk (the data folder) where the panorama is copied for the cutter to read. */
  spoolDir: string;
}

/**
 * How a claimed cut ended: its row's state after it (`gone` when the panorama was deleted meanwhile, `stopped` when
 * the cut was stopped and given back), and its length.
 */
export interface TilesCutOutcome {
  state: TilesState | 'gone' | 'stopped';
  seconds: number;
  error?: string;
}

/**
 * Cuts the panorama `image`, already claimed by `claimer`, into tiles stored under its tiles folder, and records them
 * ready once all are stored. Tiles keep their paths from one cut to the next, so a cut taken up again after a crash
 * overwrites what the first left. A failure is recorded on the row (retried later, or given up on); never throws.
 * Stopped by `signal` (the process stopping), the cut ends at its next tile and its claim is given back at once, the
 * try not counted, so the next start or another instance cuts it.
 */
export async function cutClaimedTiles(
  { db, media, logger, spoolDir }: TilesCutDeps,
  image: string,
  claimer: string,
  signal?: AbortSignal,
): Promise<TilesCutOutcome> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  // The cutter reads a file (sharp opens it once for both of its workers); the store may be a bucket.
  const source = join(spoolDir, `.tiles-${image}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    const panorama = await media.get(`tours/${image}.jpg`);
    if (!panorama) throw new Error('its panorama is not in the media store');
    await pipeline(panorama, createWriteStream(source, { flags: 'wx', mode: 0o600 }));
    // Through the image queue as uploads are, a step at a time: an upload waits for one face, not the whole cut.
    const layout = await cutTiles(source, (path, data) => media.put(`${tilesFolder(image)}/${path}`, data), {
      signal,
      hold: (bytes) => imageQueue.hold(bytes, TILES_TURN),
    });
    if (await tilesReady(db, image, claimer, layout)) return { state: 'ready', seconds: seconds() };
    // The row went with the last tour showing the panorama while it was cut: so do its tiles.
    const row = await db.selectFrom('scene_tiles').select('image').where('image', '=', image).executeTakeFirst();
    if (!row) await media.removeFolder(tilesFolder(image));
    return { state: 'gone', seconds: seconds() };
  } catch (err) {
    if (signal?.aborted) {
      await releaseTiles(db, image, claimer).catch((releaseErr: unknown) =>
        logger.error({ err: releaseErr, image }, 'a stopped tile cut could not be given back; its claim runs out and it is cut again'),
      );
      logger.info({ image }, 'tile cut stopped; it is cut again by the next start or another instance');
      return { state: 'stopped', seconds: seconds() };
    }
    const error = err instanceof Error ? err.message : String(err);
    const state = await tilesFailed(db, image, claimer, error).catch((recordErr: unknown) => {
      logger.error({ err: recordErr, image }, 'a failed tile cut could not be recorded; its claim runs out and it is cut again');
      return undefined;
    });
    logger.warn({ err, image, state }, state === 'failed' ? 'tiles not cut, given up: the original serves' : 'tiles not cut; tried again later');
    // The panorama was deleted while it was cut (its row with it): what the cut stored since goes too.
    if (state === undefined) await media.removeFolder(tilesFolder(image)).catch(() => undefined);
    return { state: state ?? 'gone', seconds: seconds(), error };
  } finally {
    await unlink(source).catch(() => undefined);
  }
}
