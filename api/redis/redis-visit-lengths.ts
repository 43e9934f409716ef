import type { Redis } from 'ioredis';
import type { LengthRaise, VisitLengths } from '../analytics/visit-lengths';
import { REDIS_KEY_PREFIX } from './redis-connection';

/**
 * Compares and keeps in one step, answering [raised, length before or -1], so two instances receiving one visit's
 * reports at once never both count its length.
 */
const RAISE = `
local before = tonumber(redis.call('GET', KEYS[1]))
if before and before >= tonumber(ARGV[1]) then return {0, before} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, before or -1}
`;

/** Visits' lengths in Redis, shared by every instance; Redis's key expiry forgets them with their day. */
export class RedisVisitLengths implements VisitLengths {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = `${REDIS_KEY_PREFIX}visit-length:`,
  ) {}

  async raise(key: string, ms: number, ttlMs: number): Promise<LengthRaise> {
    const [raised, before] = (await this.redis.eval(RAISE, 1, this.prefix + key, ms, Math.max(1, Math.ceil(ttlMs)))) as [number, number];
    return { raised: raised === 1, ...(before >= 0 ? { before } : {}) };
  }
}
