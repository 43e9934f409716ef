import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import type { SceneMultires } from '../../api/schema/tour';

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
