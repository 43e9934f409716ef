import { emit } from '../element/viewer-events';
import type { PanoramaView } from '../video/contract';
import type { Viewer } from '../viewer/viewer-context';
import { useViewWatch } from './use-view-watch';

/** The page hears of camera moves at most this often (a drag would otherwise be an event per frame). */
export const VIEW_CHANGE_EVERY_MS = 250;

/** Tells the page where the camera looks as it moves: `view-change` `{sceneId, yaw, pitch, hfov}`, rounded to 0.1°. */
export function useViewChangeEvents({ panorama, host }: Viewer, ready: boolean): void {
  useViewWatch(
    panorama,
    ready,
    VIEW_CHANGE_EVERY_MS,
    (view) => JSON.stringify(rounded(view)),
    (view) => emit(host, 'view-change', rounded(view)),
  );
}

function rounded({ sceneId, yaw, pitch, hfov }: PanoramaView): PanoramaView {
  const tenth = (degrees: number) => Math.round(degrees * 10) / 10;
  return { sceneId, yaw: tenth(yaw), pitch: tenth(pitch), hfov: tenth(hfov) };
}
