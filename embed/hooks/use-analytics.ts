import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Viewer } from '../viewer/viewer-context';

/** How long the collector waits for a quiet moment after the first view, at most. */
const IDLE_AT_MOST_MS = 2000;

/** Runs `start` once the browser is idle (Safari, without idle callbacks: in a later task); returns its cancel. */
function whenIdle(start: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(start, { timeout: IDLE_AT_MOST_MS });
  return () => cancelIdleCallback(handle);
}

/**
 * Reports the visit to the tour's owner from the first panorama on, unless `on` is false (`no-analytics`). The
 * collector is its own chunk, loaded once the first panorama is drawn and the browser is idle, so neither the first
 * view nor the controls drawn with it wait for its bytes; a chunk that cannot be loaded costs the report only.
 */
export function useAnalytics(viewer: Viewer, on: boolean): void {
  const { firstShown, tour } = useSnapshot(viewer.store);
  const shortId = on && firstShown ? tour?.shortId : undefined;
  useEffect(() => {
    if (!shortId) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const cancel = whenIdle(() => {
      import('../analytics/collector')
        .then(({ startCollector }) => {
          if (!stopped) stop = startCollector(viewer, shortId);
        })
        .catch(() => undefined);
    });
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, [viewer, shortId]);
}
