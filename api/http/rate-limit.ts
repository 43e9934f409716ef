import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

/**
 * The caller's address. Behind TRUST_PROXY proxies it is the one the outermost trusted proxy saw: counted from the
 * right of X-Forwarded-For, since entries further left come from the caller and may be made up. In tests through
 * app.request() there is no socket, so all callers without the header share one key.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get('config').trustProxy;
  if (hops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const address = forwarded.at(-hops);
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** A refusal's text: fixed, or made from the wait it tells the person about. */
export type LimitMessage = string | ((retryAfterSeconds: number) => string);

/** "2 minutes", "1 minute", "40 seconds": a wait as a person reads it, rounded up. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 in the one error shape, telling the client when to try again. */
export function tooManyRequests(resetAt: number, message: LimitMessage): ApiError {
  const retryAfterS = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  const text = typeof message === 'string' ? message : message(retryAfterS);
  return new ApiError(429, 'TooManyRequests', text, { details: { retryAfterSeconds: retryAfterS }, headers: { 'Retry-After': String(retryAfterS) } });
}

/** At most `max` events per key in a fixed window, counted in the app's store under this limiter's `name`. */
export class Limiter {
  constructor(private readonly options: { name: string; max: number; windowMs: number; message: LimitMessage }) {}

  /**
   * Counts the event, then throws 429 if the key is over its limit. Counting first means that of many requests
   * arriving together only `max` get through: checking first would let all of them past before any was counted.
   */
  async hit(c: Context<AppEnv>, key: string): Promise<void> {
    const { count, resetAt } = await c.get('rateLimitStore').increment(this.key(key), this.options.windowMs);
    if (count > this.options.max) throw tooManyRequests(resetAt, this.options.message);
  }

  /** Takes back one hit that turned out not to count against the limit (a right password, say). */
  async giveBack(c: Context<AppEnv>, key: string): Promise<void> {
    await c.get('rateLimitStore').decrement(this.key(key));
  }

  /** Forgets the key's count, as after a successful sign-in. */
  async reset(c: Context<AppEnv>, key: string): Promise<void> {
    await c.get('rateLimitStore').reset(this.key(key));
  }

  private key(key: string): string {
    return `${this.options.name} ${key}`;
  }
}

/** Limits anonymous endpoints per client address and route: 429 beyond `max` requests a window. */
export function rateLimit({ max, windowMs }: { max: number; windowMs: number }): MiddlewareHandler<AppEnv> {
  const limiter = new Limiter({ name: 'route', max, windowMs, message: 'Too many attempts. Please wait a minute and try again.' });
  return async (c, next) => {
    await limiter.hit(c, `${clientAddress(c)} ${c.req.routePath}`);
    await next();
  };
}
