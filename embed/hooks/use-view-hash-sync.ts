import { useEffect } from 'react';
import { onOwnPage } from '../element/api-origin';
import type { PanoramaHandle } from '../panorama/Panorama';
import { viewHash } from '../tour/view-hash';

/** How often the address catches up with the camera: pannellum tells of no camera moves, so it is read. */
const HASH_SYNC_MS = 500;

/** On the tour's own page the address keeps a deep link to where the camera looks (a partner's address is not ours). */
export function useViewHashSync(panorama: { current: PanoramaHandle | null }, ready: boolean): void {
  useEffect(() => {
    if (!onOwnPage() || !ready) return;
    let timer = 0;
    let last = '';
    const tick = () => {
      const view = panorama.current?.getView();
      const hash = view ? viewHash(view) : '';
      if (hash && hash !== last) {
        last = hash;
        history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
      }
      timer = window.setTimeout(tick, HASH_SYNC_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [ready, panorama]);
}
