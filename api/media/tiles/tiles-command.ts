import type { Logger } from '../../config/logger';
import type { Db } from '../../db/database';
import type { MediaStorage } from '../media-storage';
import { cutClaimedTiles } from './cut-scene-tiles';
import { claimableTiles, claimTiles, requeueFailedTiles } from './scene-tiles.repository';
import { newClaimer } from './tile-queue';
import { queueUncutPanoramas, shownPanoramas } from './uncut-panoramas';

export interface TilesCommandDeps {
  db: Db;
  media: MediaStorage;
  logger: Logger;
  spoolDir: string;
  /** Where each progress line goes, as it happens. */
  say: (line: string) => void;
}

/**
 * `npm run admin -- tiles`: cuts the tiles of every wide panorama a tour shows that has none (tours from before tiles,
 * cuts that failed for good, cuts a dead instance left), one at a time, with a line for each. Claims each in the
 * database as the servers' queues do, so it may run beside them: what an instance is cutting is left to it. Run again,
 * it finds nothing left. Exit code 0, or 1 when a cut failed.
 */
export async function runTilesCommand({ db, media, logger, spoolDir, say }: TilesCommandDeps): Promise<0 | 1> {
  const shown = await shownPanoramas(db);
  await queueUncutPanoramas(db, media, logger, shown);
  await requeueFailedTiles(db, [...shown.keys()]);
  const todo = await claimableTiles(db, { images: [...shown.keys()] });
  if (todo.length === 0) {
    say('Every wide panorama has its tiles.');
    return 0;
  }
  const claimer = newClaimer('command');
  const counts = { ready: 0, failed: 0, elsewhere: 0 };
  for (const [index, image] of todo.entries()) {
    const { shortId, sceneId, title } = shown.get(image)!;
    const prefix = `${index + 1}/${todo.length} tour ${shortId} scene ${JSON.stringify(title || sceneId)}`;
    if (!(await claimTiles(db, image, claimer))) {
      counts.elsewhere += 1;
      say(`${prefix}: being cut by a server`);
      continue;
    }
    const { state, seconds, error } = await cutClaimedTiles({ db, media, logger, spoolDir }, image, claimer);
    if (error) {
      counts.failed += 1;
      say(`${prefix}: failed after ${seconds} s (${error})`);
    } else {
      counts.ready += 1;
      say(`${prefix}: ${state === 'ready' ? 'tiles ready' : 'deleted meanwhile'} in ${seconds} s`);
    }
  }
  say(`Tiles cut for ${counts.ready} panorama(s); ${counts.failed} failed; ${counts.elsewhere} left to a server cutting them.`);
  return counts.failed > 0 ? 1 : 0;
}
