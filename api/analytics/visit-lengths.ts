/** What raising a visit's length did: `raised` false when the report was not longer than the one kept. */
export interface LengthRaise {
  raised: boolean;
  /** The length kept before, when there was one. */
  before?: number;
}

/**
 * The longest length each visit of the day has reported so far, so a visit's duration counts once whatever number
 * of reports it sends and whichever instance receives them: in memory for one instance, in Redis across several.
 */
export interface VisitLengths {
  /** Keeps `ms` for `key` (until `ttlMs` has passed) if it is longer than the length kept, answering that one. */
  raise(key: string, ms: number, ttlMs: number): Promise<LengthRaise>;
}

/** Visits and scene stays whose length one process remembers (some 30 MB at most); past that, reports count as they come. */
export const VISIT_LENGTHS_KEPT = 200_000;
/** How often a full store looks for lengths of days gone by, at most. */
const SWEEP_EVERY_MS = 60_000;

/** In this process's memory, which suits the one-process deployment. */
export class MemoryVisitLengths implements VisitLengths {
  private readonly kept = new Map<string, { ms: number; expires: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async raise(key: string, ms: number, ttlMs: number): Promise<LengthRaise> {
    const now = this.now();
    let entry = this.kept.get(key);
    if (entry && entry.expires <= now) entry = undefined;
    if (entry && entry.ms >= ms) return { raised: false, before: entry.ms };
    if (!entry && this.kept.size >= VISIT_LENGTHS_KEPT && now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_EVERY_MS;
      for (const [stale, { expires }] of this.kept) if (expires <= now) this.kept.delete(stale);
    }
    if (!entry && this.kept.size >= VISIT_LENGTHS_KEPT) return { raised: true };
    this.kept.set(key, { ms, expires: now + ttlMs });
    return { raised: true, before: entry?.ms };
  }
}
