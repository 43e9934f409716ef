import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLock } from '../../../../api/redis/redis-lock';
import { localRedis } from '../../../support/local-redis';

const redis = await localRedis();

describe.skipIf(!redis)('RedisLock', () => {
  const other = redis?.duplicate();
  afterAll(() => other?.quit());
  /** The same lock as two instances see it, each on its own connection. */
  const contenders = (ttlMs = 60_000) => {
    const name = `test-${randomUUID()}`;
    return [new RedisLock(redis!, name, ttlMs), new RedisLock(other!, name, ttlMs)];
  };

  it('goes to one of two instances that race for it', async () => {
    const [a, b] = contenders();
    const tokens = await Promise.all([a.acquire(), b.acquire()]);
    expect(tokens.filter(Boolean)).toHaveLength(1);
  });

  it('is released only by its holder, and is free again after', async () => {
    const [a, b] = contenders();
    const token = (await a.acquire())!;
    expect(await b.release('not-the-token')).toBe(false);
    expect(await b.acquire(), 'still held').toBeUndefined();
    expect(await a.release(token)).toBe(true);
    expect(await b.acquire()).toBeDefined();
  });

  it('expires, so an instance that died holding it blocks the others only for its lifetime', async () => {
    const [a, b] = contenders(50);
    const stale = (await a.acquire())!;
    let taken: string | undefined;
    while (!(taken = await b.acquire())) await sleep(20);
    expect(await a.release(stale), "the late holder cannot free the new holder's lock").toBe(false);
    expect(await b.release(taken)).toBe(true);
  });

  it('runs a task on one instance at a time, skipping it on the other', async () => {
    const [a, b] = contenders();
    let release: (() => void) | undefined;
    const running = a.runExclusive(() => new Promise<string>((resolve) => (release = () => resolve('swept'))));
    // The task starts once its instance holds the lock.
    while (!release) await sleep(5);
    expect(await b.runExclusive(async () => 'also swept')).toBeUndefined();
    release();
    expect(await running).toBe('swept');
    expect(await b.runExclusive(async () => 'swept later')).toBe('swept later');
  });
});
