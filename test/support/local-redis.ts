import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { skipUnlessRequired } from './required-service';
import { afterAll } from 'vitest';

/** The project machines' Redis. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Whether the local Redis answers. When it does not, the suite is skipped with a line saying so, unless
 * REQUIRE_SERVICES=1 (CI), which makes that a failure.
 */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return skipUnlessRequired('Redis at 127.0.0.1:6379');
  } finally {
    probe.disconnect();
  }
}

/** A connection to the local Redis for this test file, closed after it; undefined when redisAnswers() says no. */
export async function localRedis(): Promise<Redis | undefined> {
  if (!(await redisAnswers())) return undefined;
  const redis = new Redis(REDIS_URL);
  afterAll(() => redis.quit());
  return redis;
}

async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(REDIS_URL);
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** A key prefix of a test's own, the removal of one key under it, and of every key under it. */
export function testPrefix(name: string): { prefix: string; remove(key: string): Promise<void>; clear(): Promise<void> } {
  const prefix = `test:${name}:${randomUUID()}:`;
  return {
    prefix,
    remove: (key) => withRedis(async (redis) => void (await redis.del(`${prefix}${key}`))),
    clear: () =>
      withRedis(async (redis) => {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      }),
  };
}
