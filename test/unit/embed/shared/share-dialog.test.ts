import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_SHOWN_MS, createCopier, tourShareLinks } from '../../../../embed/shared/share-dialog';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the share dialogs’ logic', () => {
  it('names the shared tour by its title, else its name, else as a virtual tour', () => {
    const named = (tour: { title: string; name: string }) =>
      new URL(tourShareLinks('https://tours.example', { shortId: 'ab c', ...tour }, false).twitter).searchParams.get('text');
    expect(named({ title: 'Sea view', name: 'internal' })).toBe('Sea view');
    expect(named({ title: '', name: 'internal' })).toBe('internal');
    expect(named({ title: '', name: '' })).toBe('Virtual tour');
    const { link, script } = tourShareLinks('https://tours.example', { shortId: 'abc' }, true);
    expect(link).toBe('https://tours.example/tours/abc?mls=1');
    expect(script).toContain('<tour-viewer short-id="abc" mls="1">');
  });

  it('says "copied" at once and for a while, a newer copy starting the wait again', async () => {
    const clipboard: string[] = [];
    // Node has no clipboard: the browser's, as far as the copy uses it.
    vi.stubGlobal('navigator', { clipboard: { writeText: async (text: string) => void clipboard.push(text) } });
    const shown: boolean[] = [];
    const copy = createCopier((copied) => shown.push(copied));
    await copy('one');
    expect(shown).toEqual([true]);
    await vi.advanceTimersByTimeAsync(COPIED_SHOWN_MS - 1);
    await copy('two');
    await vi.advanceTimersByTimeAsync(COPIED_SHOWN_MS - 1);
    expect(shown).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([true, true, false]);
    expect(clipboard).toEqual(['one', 'two']);
  });
});
