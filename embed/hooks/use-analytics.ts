import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Viewer } from '../viewer/viewer-context';

/**
 * Reports the visit to the tour's owner from the first panorama on, unless `on` is false (`no-analytics`). The
 * collector is its own chunk, loaded only once the first panorama is drawn, so it never delays it; a chunk that
 * cannot be loaded costs the report only.
 */
export function useAnalytics(viewer: Viewer, on: boolean): void {
  const { firstShown, tour } = useSnapshot(viewer.store);
  const shortId = on && firstShown ? tour?.shortId : undefined;
  useEffect(() => {
    if (!shortId) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    import('../analytics/collector')
      .then(({ startCollector }) => {
        if (!stopped) stop = startCollector(viewer, shortId);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [viewer, shortId]);
}
