import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../../api/http/rate-limit-store';

describe('MemoryRateLimitStore', () => {
  it('counts hits per key in a window that starts at the first hit, and starts over once it ends', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    now = 30_000;
    expect(await store.increment('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect(await store.increment('b', 60_000)).toEqual({ count: 1, resetAt: 90_000 });
    now = 61_000;
    expect(await store.increment('a', 60_000), 'an ended window counts nothing').toEqual({ count: 1, resetAt: 121_000 });
    await store.reset('b');
    expect(await store.increment('b', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it('takes hits back down to zero, and never from a window that has ended', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    await store.increment('a', 60_000);
    await store.increment('a', 60_000);
    await store.decrement('a');
    expect((await store.increment('a', 60_000)).count).toBe(2);
    for (let i = 0; i < 5; i++) await store.decrement('a');
    expect((await store.increment('a', 60_000)).count, 'never below zero').toBe(1);
    await store.decrement('never counted');
    expect((await store.increment('never counted', 60_000)).count).toBe(1);
    now = 61_000;
    await store.decrement('a');
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
  });
});
