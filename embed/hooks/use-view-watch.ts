import { useEffect, useRef } from 'react';
import type { PanoramaHandle } from '../panorama/Panorama';
import type { PanoramaView } from '../video/contract';

/**
 * Calls `changed` with the camera's view each time `key` of it differs from the last, reading it every `everyMs`:
 * pannellum tells of no camera moves, so the view is read, which also throttles whoever listens.
 */
export function useViewWatch(
  panorama: { current: PanoramaHandle | null },
  enabled: boolean,
  everyMs: number,
  key: (view: PanoramaView) => string,
  changed: (view: PanoramaView) => void,
): void {
  const latest = useRef({ key, changed });
  latest.current = { key, changed };
  useEffect(() => {
    if (!enabled) return;
    let timer = 0;
    let last = '';
    const tick = () => {
      const view = panorama.current?.getView();
      const now = view ? latest.current.key(view) : '';
      if (view && now && now !== last) {
        last = now;
        latest.current.changed(view);
      }
      timer = window.setTimeout(tick, everyMs);
    };
    tick();
    return () => clearTimeout(timer);
  }, [enabled, panorama, everyMs]);
}
