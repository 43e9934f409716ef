import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { cutClaimedTiles, type TilesCutDeps } from './cut-scene-tiles';
import { claimableTiles, claimTiles } from './scene-tiles.repository';

/** How often an idle queue looks for cuts queued on another instance, put back after a failure, or left by a crash. */
const IDLE_LOOK_MS = 30_000;

export interface TileQueue {
  /** A cut was queued: starts it after the current one, without keeping the caller waiting. */
  wake(): void;
  /** Cuts everything claimable now, one at a time; resolves when none is left (or one failed: tried later). */
  cutWaiting(): Promise<void>;
  /** Stops taking cuts and waits for the one under way; what is left is cut by the next start or another instance. */
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // A pass waiting for the running one to end: every wake until it starts is answered by it.
  let waiting: Promise<void> | undefined;

  async function pass(): Promise<void> {
    while (!stopped) {
      const [image] = await claimableTiles(deps.db, { limit: 1 });
      if (!image) break;
      if (!(await claimTiles(deps.db, image, claimer))) continue;
      // A failure may be the store or the disk: the next try waits for the idle look rather than spinning.
      if ((await cutClaimedTiles(deps, image, claimer)).error) break;
    }
    schedule();
  }

  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void cutWaiting(), IDLE_LOOK_MS);
    timer.unref();
  }

  function cutWaiting(): Promise<void> {
    if (waiting) return waiting;
    const pending = running
      .then(() => {
        waiting = undefined;
        return stopped ? undefined : pass();
      })
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'the tile queue could not be read; it is looked at again shortly');
        schedule();
      });
    waiting = pending;
    running = pending;
    return pending;
  }

  void cutWaiting();
  return {
    wake: () => void cutWaiting(),
    cutWaiting,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
