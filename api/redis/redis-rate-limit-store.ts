import type { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from '../http/rate-limit-store';
import { REDIS_KEY_PREFIX } from './redis-connection';

/**
 * Counts a hit and answers [count, milliseconds left in the window] in one step, so two instances counting the
 * same key at once never both start a window or lose a hit. A key without an expiry (never expected) gets one.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

/** Takes one hit back, in one step, only from a window still open and above zero (never starting one). */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
`;

/** Counts in Redis, shared by every instance behind the load balancer; Redis's key expiry ends each window. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = `${REDIS_KEY_PREFIX}rate-limit:`,
  ) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const [count, leftMs] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, resetAt: Date.now() + leftMs };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
