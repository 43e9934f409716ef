import type { Logger } from '../config/logger';

/** A background job that works in passes, never two at once (the mail sender, the tile queue). */
export interface SerialPasses {
  /** A pass after the one under way; every call until it starts shares it. Resolves when it has run. */
  run(): Promise<void>;
  /** Sets the next pass `ms` from now, replacing the one set before; nothing once stopped. */
  schedule(ms: number): void;
  /** No more passes; resolves when the one under way has ended. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

/**
 * Runs `pass` one at a time however often it is asked for, so a burst of wakes costs one more pass, not one each.
 * A pass that throws is logged with `failure.message` and tried again after `failure.retryMs`.
 */
export function serialPasses(pass: () => Promise<void>, failure: { logger: Logger; message: string; retryMs: number }): SerialPasses {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // A pass waiting for the running one to end: every call until it starts is answered by it.
  let waiting: Promise<void> | undefined;
  const passes: SerialPasses = {
    get stopped() {
      return stopped;
    },
    run() {
      if (waiting) return waiting;
      const pending = running
        .then(() => {
          waiting = undefined;
          return stopped ? undefined : pass();
        })
        .catch((err: unknown) => {
          failure.logger.error({ err }, failure.message);
          passes.schedule(failure.retryMs);
        });
      waiting = pending;
      running = pending;
      return pending;
    },
    schedule(ms) {
      clearTimeout(timer);
      if (stopped) return;
      timer = setTimeout(() => void passes.run(), ms);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
  return passes;
}
