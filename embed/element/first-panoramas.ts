import type { Tour } from '../../api/schema/tour';
import { apiOriginOf } from './api-origin';
import { startsAtOnce } from './loading-mode';
import { startEarlyPanorama } from '../panorama/early-panorama';
import { prefetchTour } from '../tour/tour-client';
import { linkedView, openingSceneId } from '../tour/view-hash';
import { listingModeAllowed, listingModeRequested } from '../tour/viewer-rules';

/**
 * Tours that start at once (eager, or on screen already) are fetched as soon as the entry runs, and their first
 * panorama starts the moment the tour arrives, before React and the element's code are loaded. Settles when every
 * one of them is drawn or failed; never rejects (the element then starts its own).
 */
export function startFirstPanoramas(): Promise<unknown> {
  const elements = [...document.querySelectorAll('tour-viewer[short-id]')].filter(startsAtOnce);
  return Promise.all(
    elements.map(async (element) => {
      const apiOrigin = apiOriginOf(element);
      if (!apiOrigin) return; // the element itself tells the page its server attribute is wrong
      try {
        const result = await prefetchTour(apiOrigin, element.getAttribute('short-id')!);
        if (result.ok) await startFirstPanorama(element, apiOrigin, result.value);
      } catch (err) {
        console.error('tour-viewer: the first panorama could not be started early', err);
      }
    }),
  );
}

/** Unless the viewer will not show a panorama (a locked tour, a refused listing mode) or is already running. */
async function startFirstPanorama(element: Element, apiOrigin: string, tour: Tour): Promise<void> {
  const listingMode = listingModeRequested(element.getAttribute('mls'));
  if (customElements.get('tour-viewer') || tour.locked || tour.images.length === 0 || (listingMode && !listingModeAllowed(tour))) return;
  const sceneId = openingSceneId(tour);
  await startEarlyPanorama(element, tour, { apiOrigin, sceneId, firstView: linkedView(sceneId), allowLinks: !listingMode });
}
