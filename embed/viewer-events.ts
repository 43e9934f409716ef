import type { ErrorCode } from '../api/schema/errors';

export interface ViewerEventMap {
  'tour-load': { shortId: string; title: string; sceneId: string };
  'scene-change': { sceneId: string; title: string };
  'tour-error': { code: ErrorCode | 'NetworkError' | 'SceneLoadFailed'; message: string };
  'lead-submit': { tourId: number };
}

/** Tells the partner page what happened; composed so it crosses the shadow boundary. */
export function emit<K extends keyof ViewerEventMap>(target: EventTarget, type: K, detail: ViewerEventMap[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
