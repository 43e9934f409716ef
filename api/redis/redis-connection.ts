import { Redis } from 'ioredis';
import type { Logger } from '../config/logger';

/** Every key the app writes starts with this, as the video rooms' keys do (api/rtc/redis-room-store.ts). */
export const REDIS_KEY_PREFIX = 'tours:';

/**
 * The app's one connection to Redis. A command waits through at most one reconnection attempt before it fails,
 * so a request that needs Redis while it is down gets an error within seconds rather than hanging.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  logConnectionErrors(redis, logger);
  return redis;
}

/** Logs each lost connection of `redis` in one line: it reconnects by itself, and unheard errors would print their own. */
export function logConnectionErrors(redis: Redis, logger: Logger): void {
  redis.on('error', (err: Error) => logger.warn({ err }, 'Redis connection failed; reconnecting'));
}

/** The readiness check's question: connected, and answering. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  return redis.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
}
