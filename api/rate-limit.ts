import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';

/**
 * The caller's address. Behind TRUST_PROXY proxies it is the one the outermost trusted proxy saw: counted from the
 * right of X-Forwarded-For, since entries further left come from the caller and may be made up. In tests through
 * app.request() there is no socket, so all callers without the header share one key.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.var.config.trustProxy;
  if (hops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const address = forwarded.at(-hops);
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** Counts events per key in a fixed window; in memory, which suits the one-process deployment. */
export class WindowCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly max: number, private readonly windowMs: number) {}

  /** True while the key is still under its limit (the hit is counted either way). */
  hit(key: string, now = Date.now()): boolean {
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  isOver(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > now && entry.count >= this.max;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** Limits anonymous endpoints per client address: 429 beyond `max` requests a window. */
export function rateLimit({ max, windowMs }: { max: number; windowMs: number }): MiddlewareHandler<AppEnv> {
  const counter = new WindowCounter(max, windowMs);
  return async (c, next) => {
    if (!counter.hit(`${clientAddress(c)} ${c.req.routePath}`)) {
      throw new ApiError(429, 'TooManyRequests', 'Too many attempts. Please wait a minute and try again.');
    }
    await next();
  };
}
