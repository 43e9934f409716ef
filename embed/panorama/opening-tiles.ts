import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import type { SceneAnswer, SceneMultires } from '../../api/schema/tour';
import { fetchPanorama } from './fetch-panorama';
import { frameAspect, openingPictureUrls } from './scene-config';
import type { FirstView } from './start-pannellum';

/**
 * Asks for the coarsest tiles a tiled scene's first view shows before pannellum is started in `frame`: setting
 * pannellum up (its WebGL context, its shaders) takes longer than the tiles take to arrive, and pannellum would only
 * ask once it is done. It finds them in the HTTP cache; a tile that fails is pannellum's to report when it asks again.
 */
export function fetchOpeningTiles(image: SceneAnswer, view: FirstView, frame: Element, apiOrigin: string): void {
  if (!image.multires) return;
  const preloaded = preloadedImages();
  for (const url of openingPictureUrls(image, view, frameAspect(frame), apiOrigin)) {
    // The tour page preloads them as pannellum asks (an image), and pannellum's request takes the preload; a fetch
    // cannot (another kind of request), so it would fetch the tile a second time.
    if (!preloaded.has(url)) void fetchPanorama(url).catch(() => undefined);
  }
}

/** The images this page preloads for its screen (a preload whose media does not match was never made). */
function preloadedImages(): Set<string> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  return new Set(links.filter((link) => !link.media || matchMedia(link.media).matches).map((link) => link.href));
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
