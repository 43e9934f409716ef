import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestFailed } from '../../../../../admin/lib/request-failed';
import { OFFLINE_RETRY_MS, SAVE_DEBOUNCE_MS, TourSaver } from '../../../../../admin/features/editor/tour-saver';
import { imageSchema, tourConfigSchema, type Tour } from '../../../../../api/schema/tour';

// The reel hidden, so the schema's reachability warning applies (a shown reel reaches every scene).
const config = tourConfigSchema.parse({ enableRibbon: false });
const tour = (title: string, revision = 1, images: Tour['images'] = []) => ({ title, revision, images, floorplans: [], config }) as unknown as Tour;
const scene = (id: string, title: string) => imageSchema.parse({ id, title, url: `/media/${id}.jpg` });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('TourSaver', () => {
  it('debounces changes into one save and ends saved', async () => {
    const save = vi.fn(async (t: Tour) => ({ ...t, revision: t.revision + 1 }));
    const saver = new TourSaver(save, () => undefined);
    saver.change(tour('a'));
    saver.change(tour('ab'));
    expect(saver.state.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0].title).toBe('ab');
    expect(saver.state.status).toBe('saved');
  });

  it('keeps the edit through a network failure, says Not Connected to Internet, and saves when back', async () => {
    let online = false;
    const save = vi.fn(async (t: Tour) => {
      if (!online) throw new RequestFailed(0, 'NetworkError', 'Not Connected to Internet');
      return { ...t, revision: 2 };
    });
    const saved: Array<{ revision: number }> = [];
    const saver = new TourSaver(save, (t) => saved.push(t));
    saver.change(tour('offline edit'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saver.state).toEqual({ status: 'offline', message: 'Not Connected to Internet', warnings: [] });
    online = true;
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS);
    expect(saver.state.status).toBe('saved');
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'offline edit' }));
    expect(saved).toEqual([expect.objectContaining({ revision: 2 })]);
  });

  it('runs a floor-plan write between saves and sends the next save on the revision that write made', async () => {
    let release = () => {};
    const order: string[] = [];
    const save = vi.fn(async (t: Tour) => {
      order.push(`save on ${t.revision}`);
      return { ...t, revision: t.revision + 1 };
    });
    const revisions: number[] = [];
    const saver = new TourSaver(save, (saved) => revisions.push(saved.revision));
    const plan = saver.between(async () => {
      order.push('plan');
      await new Promise<void>((resolve) => (release = resolve));
      return { revision: 2 };
    });
    saver.change(tour('typed while the plan was written'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(order).toEqual(['plan']);
    release();
    expect(await plan).toEqual({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['plan', 'save on 2']);
    expect(revisions).toEqual([2, 3]);
    expect(saver.state.status).toBe('saved');
  });

  it('stops on a conflict and on a lost sign-in, keeping the pending edit', async () => {
    const conflict = new TourSaver(
      async () => Promise.reject(new RequestFailed(409, 'StaleRevision', 'stale')),
      () => undefined,
    );
    conflict.change(tour('x'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(conflict.state.status).toBe('conflict');
    let signedIn = false;
    const save = vi.fn(async (t: Tour) => {
      if (!signedIn) throw new RequestFailed(401, 'Unauthorized', 'gone');
      return t;
    });
    const auth = new TourSaver(save, () => undefined);
    auth.change(tour('kept'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(auth.state.status).toBe('signed-out');
    signedIn = true;
    auth.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls.at(-1)![0].title).toBe('kept');
    expect(auth.state.status).toBe('saved');
  });

  it('settles by saving a pending edit at once, and says whether everything is saved', async () => {
    let online = true;
    const save = vi.fn(async (t: Tour) => {
      if (!online) throw new RequestFailed(0, 'NetworkError', 'Not Connected to Internet');
      return { ...t, revision: t.revision + 1 };
    });
    const saver = new TourSaver(save, () => undefined);
    expect(await saver.settled()).toBe(true);
    saver.change(tour('logo picked'));
    const settled = saver.settled();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    expect(await settled).toBe(true);
    online = false;
    saver.change(tour('offline'));
    const unsaved = saver.settled();
    await vi.advanceTimersByTimeAsync(0);
    expect(await unsaved).toBe(false);
    expect(saver.state.status).toBe('offline');
  });

  it("runs the schema's checks before each save: a scene no link reaches is a warning, and the save still goes", async () => {
    const save = vi.fn(async (t: Tour) => ({ ...t, revision: t.revision + 1 }));
    const saver = new TourSaver(save, () => undefined);
    saver.change(tour('two rooms', 1, [scene('hall', 'Hall'), scene('loft', 'Loft')]));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.state.warnings).toEqual(['Scene "Loft" is not reachable.']);
    saver.change(tour('one room', 2, [scene('hall', 'Hall')]));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saver.state.warnings).toEqual([]);
  });
});
