import type { Logger } from '../../config/logger';
import type { Db } from '../../db/database';
import type { MediaStorage } from '../media-storage';
import { forgetTiles, tilesFolder } from './scene-tiles.repository';

/**
 * Removes the tiles of panoramas nothing shows any more: each one's folder, then the rows of those whose folder went
 * (a folder that stays keeps its row, so the next sweep finds it again). Answers how many files went. Never throws:
 * tiles left behind only waste space, so failures are logged.
 */
export async function removeTilesOf(db: Db, media: MediaStorage, images: string[], logger: Logger): Promise<number> {
  let removed = 0;
  const gone: string[] = [];
  for (const image of images) {
    try {
      removed += await media.removeFolder(tilesFolder(image));
      gone.push(image);
    } catch (err) {
      logger.error({ err, image }, 'the tiles of a panorama nothing shows stay');
    }
  }
  await forgetTiles(db, gone).catch((err: unknown) => logger.error({ err }, 'tiles removed, but their rows stay until the next sweep'));
  return removed;
}

/** The panoramas' tile rows queued before `cutoff`: those the sweep may take when nothing names them. */
export async function tilesQueuedBefore(db: Db, cutoff: number): Promise<string[]> {
  const rows = await db.selectFrom('scene_tiles').select('image').where('queued_at', '<', new Date(cutoff).toISOString()).execute();
  return rows.map((row) => row.image);
}
