import type { PannellumViewer } from 'pannellum/build/pannellum.js';

/**
 * Tells once each scene is drawn with its own imagery, or why it cannot be. pannellum's 'load' means drawn for a
 * whole picture; for tiles it comes before any tile has arrived, and a tile that fails is only left blank. So a
 * tiled scene counts as drawn once pannellum has drawn a frame with every visible tile of its coarsest level, and as
 * failed when any of them did not arrive (pannellum's fallback faces, without WebGL, are loaded before its 'load').
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
    let told = false;
    const shown = () => {
      if (told) return;
      told = true;
      stopWatching?.();
      if (rotation) viewer.startAutoRotate(rotation, viewer.getPitch());
      drawn();
    };
    // Told as pannellum finishes drawing the frame with them (Marzipano's `renderComplete` is the same moment).
    const renderer = viewer.getRenderer();
    const stopWatching =
      renderer &&
      afterEachFrame(renderer, () => {
        const base = renderer.baseLevelSettled();
        if (viewer.getScene() !== sceneId || told) stopWatching?.();
        else if (base?.settled && base.failed === 0) shown();
      });
    const check = () => {
      const renderer = viewer.getRenderer();
      // Destroyed, or already on another scene: nobody waits for this one.
      if (!renderer || viewer.getScene() !== sceneId || told) return;
      const base = renderer.baseLevelSettled();
      if (!base?.settled) requestAnimationFrame(check);
      else if (base.failed > 0) failed(`The panorama's tiles at ${basePath} could not be accessed.`);
      // Drawn by now, should pannellum not draw again to say so: the tiles that arrived were uploaded as they came.
      else requestAnimationFrame(shown);
    };
    check();
  });
  viewer.on('error', (message: string) => failed(message));
}

type Renderer = NonNullable<ReturnType<PannellumViewer['getRenderer']>>;

const frameListeners = new WeakMap<Renderer, Set<() => void>>();

/** Calls `listener` each time pannellum has drawn a frame (it draws through `renderer.render`) until it is removed. */
function afterEachFrame(renderer: Renderer, listener: () => void): () => void {
  let listeners = frameListeners.get(renderer);
  if (!listeners) {
    const all = (listeners = new Set());
    frameListeners.set(renderer, all);
    const render = renderer.render;
    renderer.render = (...view) => {
      render.apply(renderer, view);
      for (const each of [...all]) each();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
