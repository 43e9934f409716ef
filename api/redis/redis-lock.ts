import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS_KEY_PREFIX } from './redis-connection';

/** Deletes the lock only while it still holds this holder's token: a lock that expired and was taken is not ours. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * A lock that one instance at a time holds, for work that must not run on two at once. It expires after `ttlMs`,
 * so an instance that dies holding it blocks the others only that long.
 */
export class RedisLock {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    name: string,
    private readonly ttlMs: number,
  ) {
    this.key = `${REDIS_KEY_PREFIX}lock:${name}`;
  }

  /** Takes the lock when it is free: answers the token that releases it, or undefined while another holds it. */
  async acquire(): Promise<string | undefined> {
    const token = randomUUID();
    return (await this.redis.set(this.key, token, 'PX', this.ttlMs, 'NX')) === 'OK' ? token : undefined;
  }

  /** Frees the lock if `token` still holds it; answers whether it did. */
  async release(token: string): Promise<boolean> {
    return (await this.redis.eval(RELEASE, 1, this.key, token)) === 1;
  }

  /** Runs `task` holding the lock and releases it after; answers undefined, without running it, while another holds it. */
  async runExclusive<T>(task: () => Promise<T>): Promise<T | undefined> {
    const token = await this.acquire();
    if (token === undefined) return undefined;
    try {
      return await task();
    } finally {
      // A release that fails (Redis gone) leaves the lock to expire: the task's own outcome is what counts.
      await this.release(token).catch(() => false);
    }
  }
}
