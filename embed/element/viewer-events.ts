import type { ErrorCode } from '../../api/schema/errors';

export interface ViewerEventMap {
  'tour-load': { shortId: string; title: string; sceneId: string };
  'scene-change': { sceneId: string; title: string };
  'tour-error': { code: ErrorCode | 'NetworkError' | 'NoServer' | 'SceneLoadFailed' | 'RenderFailed' | 'StylesFailed'; message: string };
  'lead-submit': { tourId: number };
  /** How far the current scene's panorama has downloaded, 0 to 1; 1 once it is drawn. */
  'load-progress': { sceneId: string; progress: number };
  /** Where the camera looks, in degrees, as it moves (at most four times a second). */
  'view-change': { sceneId: string; yaw: number; pitch: number; hfov: number };
}

/** Tells the partner page what happened; composed so it crosses the shadow boundary. */
export function emit<K extends keyof ViewerEventMap>(target: EventTarget, type: K, detail: ViewerEventMap[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** The User Timing mark of a viewer's first panorama drawn, for the page's own measuring (and `npm run bench`). */
export const FIRST_PANORAMA_MARK = 'tour-viewer:first-panorama';
const marked = new WeakSet<Element>();

/** Marks the first panorama once per element, whether drawn before the element's code loaded or by the element. */
export function markFirstPanorama(host: Element, shortId: string): void {
  if (marked.has(host)) return;
  marked.add(host);
  performance.mark(FIRST_PANORAMA_MARK, { detail: { shortId } });
}
