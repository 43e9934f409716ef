import { useCallback } from 'react';
import { toggleFixedFullscreen } from '../tour/viewer-store';
import type { Viewer } from '../viewer/viewer-context';

/** The sidebar's fullscreen toggle: the element goes fullscreen, or covers the window where it cannot. */
export function useFullscreen({ store, host }: Viewer): () => void {
  return useCallback(() => {
    if (document.fullscreenElement) return void document.exitFullscreen();
    // iPhone Safari has no Fullscreen API for elements: cover the window instead.
    if (!host.requestFullscreen) return toggleFixedFullscreen(store);
    void host.requestFullscreen().catch(() => toggleFixedFullscreen(store));
  }, [store, host]);
}
