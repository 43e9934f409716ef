import { onOwnPage } from '../element/api-origin';
import type { PanoramaHandle } from '../panorama/Panorama';
import { viewHash } from '../tour/view-hash';
import { useViewWatch } from './use-view-watch';

/** How often the address catches up with the camera. */
const HASH_SYNC_MS = 500;

/** On the tour's own page the address keeps a deep link to where the camera looks (a partner's address is not ours). */
export function useViewHashSync(panorama: { current: PanoramaHandle | null }, ready: boolean): void {
  useViewWatch(panorama, ready && onOwnPage(), HASH_SYNC_MS, viewHash, (view) =>
    history.replaceState(history.state, '', `${location.pathname}${location.search}${viewHash(view)}`),
  );
}
