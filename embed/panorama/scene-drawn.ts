import type { PannellumViewer } from 'pannellum/build/pannellum.js';

/**
 * Tells once each scene is drawn with its own imagery, or why it cannot be. pannellum's 'load' means drawn for a
 * whole picture; for tiles it comes before any tile has arrived, and a tile that fails is only left blank. So a
 * tiled scene counts as drawn the frame after the visible tiles of its coarsest level arrived, and as failed when
 * any of them did not (pannellum's fallback faces, without WebGL, are loaded before its 'load').
 */
export function watchSceneDrawn(
  viewer: PannellumViewer,
  tiledBasePath: (sceneId: string) => string | undefined,
  drawn: () => void,
  failed: (message: string) => void,
): void {
  viewer.on('load', () => {
    const sceneId = viewer.getScene();
    const basePath = tiledBasePath(sceneId);
    if (basePath === undefined) return drawn();
    // pannellum starts a tour's autorotate at 'load': for tiles, that would turn the view while its first tiles are
    // on their way, and bring more faces into sight for the first view to wait for. It starts once they are drawn.
    const rotation = viewer.getConfig().autoRotate;
    if (rotation) viewer.stopAutoRotate();
    const shown = () => {
      if (rotation) viewer.startAutoRotate(rotation, viewer.getPitch());
      drawn();
    };
    const check = () => {
      const renderer = viewer.getRenderer();
      // Destroyed, or already on another scene: nobody waits for this one.
      if (!renderer || viewer.getScene() !== sceneId) return;
      const base = renderer.baseLevelSettled();
      if (!base?.settled) requestAnimationFrame(check);
      else if (base.failed > 0) failed(`The panorama's tiles at ${basePath} could not be accessed.`);
      // The tiles that arrived are uploaded by now and drawn in the next frame.
      else requestAnimationFrame(shown);
    };
    check();
  });
  viewer.on('error', (message: string) => failed(message));
}
