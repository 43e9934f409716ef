import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import { facesInSight, tileUrl } from '../../api/schema/multires';
import type { SceneMultires } from '../../api/schema/tour';
import { absoluteUrl } from '../element/api-origin';
import type { FirstView } from './start-pannellum';

/**
 * Asks for the coarsest tiles a tiled scene's first view shows before pannellum is started: setting pannellum up
 * (its WebGL context, its shaders) takes longer than the tiles take to arrive, and pannellum would only ask once it
 * is done. Asked as pannellum asks (CORS, no credentials), read whole, so its own request is answered from the HTTP
 * cache (media is served immutable). A tile that fails is pannellum's to report when it asks again.
 */
export function fetchOpeningTiles(multires: SceneMultires | undefined, view: FirstView, frame: Element, apiOrigin: string): void {
  if (!multires) return;
  const { width, height } = frame.getBoundingClientRect();
  // A frame not laid out yet is taken as a landscape one.
  const aspect = width > 0 && height > 0 ? width / height : 16 / 9;
  for (const face of facesInSight(view, aspect)) {
    fetch(absoluteUrl(tileUrl(multires, 1, face), apiOrigin), { mode: 'cors', credentials: 'omit', priority: 'high' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
}

/**
 * pannellum asks for a tiled scene's tiles one per frame it draws, so the first view's few coarsest tiles would
 * trickle out over several frames (long ones on a slow phone). Once it has drawn its first frame (at once, on WebGL)
 * they are all asked for together, as pannellum asks (an image without credentials), and it finds them in the memory
 * cache. Without WebGL it shows its fallback faces and there are none.
 */
export function prefetchOpeningTiles(viewer: PannellumViewer, multires: SceneMultires | undefined): void {
  if (!multires) return;
  for (const path of viewer.getRenderer()?.baseLevelTiles() ?? []) {
    // A loading image is kept alive until it has loaded: nothing needs to hold on to it.
    const tile = new Image();
    tile.crossOrigin = 'anonymous';
    tile.src = `${path}.${multires.extension}`;
  }
}
