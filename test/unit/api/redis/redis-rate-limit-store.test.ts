import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../../../../api/redis/redis-rate-limit-store';
import { localRedis, testPrefix } from '../../../support/local-redis';

const redis = await localRedis();

describe.skipIf(!redis)('RedisRateLimitStore', () => {
  // A second connection: the other instance behind the load balancer.
  const other = redis?.duplicate();
  afterAll(() => other?.quit());
  let prefix = '';
  /** Two stores on one fresh prefix, each on its own connection. */
  const twoInstances = () => {
    prefix = testPrefix('redis-rate-limit-store').prefix;
    return [new RedisRateLimitStore(redis!, prefix), new RedisRateLimitStore(other!, prefix)];
  };

  it('counts hits per key in one window that every instance shares', async () => {
    const [a, b] = twoInstances();
    const first = await a.increment('login x', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetAt).toBeGreaterThan(Date.now() + 50_000);
    expect((await b.increment('login x', 60_000)).count).toBe(2);
    expect((await a.increment('login y', 60_000)).count).toBe(1);
    await b.reset('login x');
    expect((await a.increment('login x', 60_000)).count).toBe(1);
    expect((await a.increment('login y', 60_000)).count).toBe(2);
  });

  it('takes hits back on any instance, never below zero and never starting a window', async () => {
    const [a, b] = twoInstances();
    await a.increment('k', 60_000);
    await a.increment('k', 60_000);
    await b.decrement('k');
    expect((await a.increment('k', 60_000)).count).toBe(2);
    await Promise.all(Array.from({ length: 5 }, () => b.decrement('k')));
    expect((await a.increment('k', 60_000)).count, 'never below zero').toBe(1);
    await b.decrement('never counted');
    expect(await redis!.exists(`${prefix}never counted`)).toBe(0);
  });

  it('starts a new window once the last one has ended', async () => {
    const [a, b] = twoInstances();
    await a.increment('k', 50);
    await b.increment('k', 50);
    while (await redis!.exists(`${prefix}k`)) await sleep(20);
    expect((await b.increment('k', 60_000)).count, 'an ended window counts nothing').toBe(1);
  });

  it('counts 50 hits made at once on two instances as exactly 50', async () => {
    const [a, b] = twoInstances();
    const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).increment('burst', 60_000)));
    expect(counts.map(({ count }) => count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await a.increment('burst', 60_000)).count).toBe(51);
  });

  it('keeps its keys under its own prefix', async () => {
    const [a] = twoInstances();
    await a.increment('route 1.2.3.4 /api/auth/login', 60_000);
    expect(await redis!.keys(`${prefix}*`)).toEqual([`${prefix}route 1.2.3.4 /api/auth/login`]);
  });
});
