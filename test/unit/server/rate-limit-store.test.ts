import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../api/rate-limit-store';

describe('MemoryRateLimitStore', () => {
  it('counts hits per key in a window that starts at the first hit, and starts over once it ends', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    now = 30_000;
    expect(await store.increment('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect(await store.increment('b', 60_000)).toEqual({ count: 1, resetAt: 90_000 });
    expect(await store.get('a')).toEqual({ count: 2, resetAt: 61_000 });
    now = 61_000;
    expect(await store.get('a'), 'an ended window counts nothing').toBeUndefined();
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
    await store.reset('b');
    expect(await store.get('b')).toBeUndefined();
  });
});
