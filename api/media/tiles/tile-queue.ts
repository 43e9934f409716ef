import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { serialPasses } from '../../jobs/serial-passes';
import { cutClaimedTiles, type TilesCutDeps } from './cut-scene-tiles';
import { claimableTiles, claimTiles } from './scene-tiles.repository';

/** How often an idle queue looks for cuts queued on another instance, put back after a failure, or left by a crash. */
const IDLE_LOOK_MS = 30_000;

export interface TileQueue {
  /** A cut was queued: starts it after the current one, without keeping the caller waiting. */
  wake(): void;
  /** Cuts everything claimable now, one at a time; resolves when none is left (or one failed: tried later). */
  cutWaiting(): Promise<void>;
  /**
   * Stops taking cuts and stops the one under way at its next tile, giving its claim back: what is left is cut by the
   * next start or another instance. Resolves once nothing of it runs.
   */
  stop(): Promise<void>;
}

/** A name for this process's claims, unique across instances and the apps of one process. */
export function newClaimer(kind: string): string {
  return `${kind} ${hostname()} ${process.pid} ${randomUUID().slice(0, 8)}`;
}

/**
 * Cuts queued panoramas into tiles in the background, one at a time in this instance (a cut keeps both cores busy
 * and holds a panorama's worth of memory). Each is claimed in the database first, so instances and the operator's
 * command sharing it never cut one twice. Never runs on a visitor's request: uploads and the background sweep queue.
 */
export function startTileQueue(deps: TilesCutDeps): TileQueue {
  const claimer = newClaimer('instance');
  const stopping = new AbortController();
  const passes = serialPasses(pass, { logger: deps.logger, message: 'the tile queue could not be read; it is looked at again shortly', retryMs: IDLE_LOOK_MS });

  async function pass(): Promise<void> {
    while (!passes.stopped) {
      const [image] = await claimableTiles(deps.db, { limit: 1 });
      if (!image) break;
      if (!(await claimTiles(deps.db, image, claimer))) continue;
      // A failure may be the store or the disk: the next try waits for the idle look rather than spinning.
      if ((await cutClaimedTiles(deps, image, claimer, stopping.signal)).error) break;
    }
    passes.schedule(IDLE_LOOK_MS);
  }

  void passes.run();
  return {
    wake: () => void passes.run(),
    cutWaiting: () => passes.run(),
    stop: () => {
      stopping.abort();
      return passes.stop();
    },
  };
}
