/** A key's hits in its current window, which ends at `resetAt` (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Where counts live. Asynchronous so that a shared store (Redis, for several instances) fits behind the same
 * limiters as the in-process one.
 */
export interface RateLimitStore {
  /** Counts one hit; a key whose window has ended starts a new one of `windowMs`. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one hit back from the key's current window, if it has one and its count is above zero. */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counts in this process's memory, which suits the one-process deployment. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, WindowCount>();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.hits.set(key, fresh);
      return { ...fresh };
    }
    entry.count += 1;
    return { ...entry };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > this.now() && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
