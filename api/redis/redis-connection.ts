import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/** Every key the app writes starts with this, as the video rooms' keys do (api/rtc/redis-room-store.ts). */
export const REDIS_KEY_PREFIX = 'tours:';

/**
 * The app's one connection to Redis. A command waits through at most one reconnection attempt before it fails,
 * so a request that needs Redis while it is down gets an error within seconds rather than hanging.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  // It reconnects by itself; each lost connection is worth a line, and unheard errors would print their own.
  redis.on('error', (err: Error) => logger.warn({ err }, 'Redis connection failed; reconnecting'));
  return redis;
}

/** The readiness check's question: connected, and answering. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  return redis.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
}
