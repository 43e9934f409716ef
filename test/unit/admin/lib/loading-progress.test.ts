import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_ENDING_ANIMATION_MS,
  LOADING_MAX_PROGRESS,
  LOADING_PROGRESS_INCREASE,
  LOADING_UPDATE_MS,
  loadingProgress,
  requestPending,
  requestSettled,
  trackRequest,
} from '../../../../admin/lib/loading-progress';

describe('the top loading bar progress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    while (loadingProgress.pending > 0) requestSettled();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('uses the specified constants', () => {
    expect([LOADING_UPDATE_MS, LOADING_MAX_PROGRESS, LOADING_PROGRESS_INCREASE, LOADING_ENDING_ANIMATION_MS]).toEqual([400, 99, 20, 200]);
  });

  it('shows nothing before the first 400 ms step, then grows by 20 and less each step', () => {
    requestPending();
    vi.advanceTimersByTime(LOADING_UPDATE_MS - 1);
    expect(loadingProgress.percent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(loadingProgress.percent).toBe(20);
    vi.advanceTimersByTime(LOADING_UPDATE_MS);
    const second = loadingProgress.percent;
    expect(second).toBeGreaterThan(20);
    expect(second - 20).toBeLessThan(20);
  });

  it('never passes 99 while a request is pending, however long it takes', () => {
    requestPending();
    vi.advanceTimersByTime(LOADING_UPDATE_MS * 1000);
    expect(loadingProgress.percent).toBeLessThanOrEqual(LOADING_MAX_PROGRESS);
    expect(loadingProgress.percent).toBeGreaterThan(90);
  });

  it('waits for the last of several requests, then fills to 100 and hides after the 200 ms ending', () => {
    requestPending();
    requestPending();
    vi.advanceTimersByTime(LOADING_UPDATE_MS * 2);
    requestSettled();
    expect(loadingProgress).toMatchObject({ pending: 1, ending: false });
    requestSettled();
    expect(loadingProgress).toMatchObject({ pending: 0, percent: 100, ending: true });
    vi.advanceTimersByTime(LOADING_ENDING_ANIMATION_MS);
    expect(loadingProgress).toMatchObject({ pending: 0, percent: 0, ending: false });
    vi.advanceTimersByTime(LOADING_UPDATE_MS * 3);
    expect(loadingProgress.percent).toBe(0);
  });

  it('never flashes for a request quicker than one step', () => {
    requestPending();
    vi.advanceTimersByTime(LOADING_UPDATE_MS / 2);
    requestSettled();
    expect(loadingProgress).toMatchObject({ percent: 0, ending: false });
  });

  it('restarts from zero when a request goes out during the ending', () => {
    requestPending();
    vi.advanceTimersByTime(LOADING_UPDATE_MS);
    requestSettled();
    requestPending();
    expect(loadingProgress).toMatchObject({ pending: 1, percent: 0, ending: false });
    vi.advanceTimersByTime(LOADING_ENDING_ANIMATION_MS + LOADING_UPDATE_MS);
    expect(loadingProgress.percent).toBe(20);
  });

  it('counts a tracked request from pending until it is fulfilled or rejected', async () => {
    let settle!: () => void;
    const fulfilled = trackRequest(new Promise<string>((resolve) => (settle = () => resolve('ok'))));
    const rejected = trackRequest(Promise.reject(new Error('offline')));
    expect(loadingProgress.pending).toBe(2);
    await expect(rejected).rejects.toThrow('offline');
    expect(loadingProgress.pending).toBe(1);
    settle();
    await expect(fulfilled).resolves.toBe('ok');
    expect(loadingProgress.pending).toBe(0);
  });

  it('refuses to settle a request that was never pending', () => {
    expect(() => requestSettled()).toThrow('without a pending request');
  });
});
