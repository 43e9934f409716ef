import type { PannellumConfig, PannellumHotSpot, PannellumScene } from 'pannellum/build/pannellum.js';
import { coordsToYawPitch } from '../../api/schema/coords';
import { DEFAULT_FOV_DEG, facesInSight, tileUrl } from '../../api/schema/multires';
import type { Hotspot, Image, Infospot, SceneAnswer, Tour } from '../../api/schema/tour';
import { absoluteUrl } from '../element/api-origin';
import { maxTextureSize } from './max-texture-size';
import { pictureUrl } from './picture-types';
import type { PanoramaStart } from './start-pannellum';

/** Autorotate speed .003 (rad per frame) as pannellum's degrees per second at 60 fps. */
export const AUTO_ROTATE_DEG_PER_S = -(0.003 * 60 * 180) / Math.PI;

/** Every WebGL device in use takes textures this wide (WebGL 1 devices report at least 4096 in practice). */
const TEXTURE_SIZE_EVERYWHERE = 4096;

/**
 * pannellum splits a panorama over two textures, so it shows widths up to twice the device limit; anything wider
 * uses the phone-sized variant. Only pictures wider than any device surely takes ask the device: asking costs a
 * WebGL context, on the way to the first panorama.
 */
export function panoramaUrl(image: SceneAnswer, apiOrigin: string): string {
  const tooWide = image.width > 2 * TEXTURE_SIZE_EVERYWHERE && maxTextureSize() > 0 && image.width > 2 * maxTextureSize();
  return absoluteUrl(tooWide && image.mobileUrl ? pictureUrl(image, 'mobileUrl') : image.url, apiOrigin);
}

/**
 * The VR view draws a scene as one texture, tiles or not: the whole picture where the device takes it that wide,
 * else the phone variant (one texture is all the VR sphere has; a wider picture would be scaled down on the device).
 */
export function vrPanoramaUrl(image: Image, apiOrigin: string): string {
  const fits = image.width <= TEXTURE_SIZE_EVERYWHERE || image.width <= maxTextureSize();
  return absoluteUrl(!fits && image.mobileUrl ? image.mobileUrl : image.url, apiOrigin);
}

/**
 * A scene with tiles opens them as pannellum multires: the first view needs only the few coarsest tiles in sight,
 * detail follows the zoom (each tile is a small texture, so a device's texture limit never caps the detail), and
 * browsers without WebGL get pannellum's fallback faces. Any other scene opens its whole picture.
 */
export function scenePicture(image: SceneAnswer, apiOrigin: string): PannellumScene {
  if (image.multires) return { type: 'multires', multiRes: { ...image.multires, basePath: absoluteUrl(image.multires.basePath, apiOrigin) } };
  return { type: 'equirectangular', panorama: panoramaUrl(image, apiOrigin), ...(image.isNotEquirect ? { haov: 360, vaov: 180 } : {}) };
}

/**
 * What a scene's first view draws, to be had before pannellum is asked to show it (so that a scene that cannot be
 * shown is found out while the current one stays, and pannellum finds it in the HTTP cache, media being immutable):
 * its whole picture, or for tiles the coarsest tiles of the faces in sight in a frame `aspect` (width / height) wide.
 */
export function openingPictureUrls(image: SceneAnswer, view: { yaw: number; pitch: number; hfov: number }, aspect: number, apiOrigin: string): string[] {
  const { multires } = image;
  if (!multires) return [panoramaUrl(image, apiOrigin)];
  return facesInSight(view, aspect).map((face) => absoluteUrl(tileUrl(multires, 1, face), apiOrigin));
}

/** A frame's width over its height; a frame not laid out yet is taken as a landscape one. */
export function frameAspect(frame: Element): number {
  const { width, height } = frame.getBoundingClientRect();
  return width > 0 && height > 0 ? width / height : 16 / 9;
}

export interface SceneConfigOptions {
  renderHotspot: (div: HTMLDivElement, hotspot: Hotspot) => void;
  renderInfospot: (div: HTMLDivElement, spot: Infospot) => void;
}

/** A scene's links and info spots as pannellum hot spots (the editor adds them one scene at a time). */
export function sceneHotspots(image: Image, options: SceneConfigOptions): PannellumHotSpot[] {
  return [
    ...image.hotspots.map((hotspot) => ({
      id: hotspot.id,
      ...coordsToYawPitch(hotspot.coords),
      cssClass: 'tv-hotspot-anchor',
      createTooltipFunc: (div: HTMLDivElement) => options.renderHotspot(div, hotspot),
    })),
    ...image.infospots.map((spot) => ({
      id: spot.id,
      ...coordsToYawPitch(spot.coords),
      cssClass: 'tv-hotspot-anchor',
      createTooltipFunc: (div: HTMLDivElement) => options.renderInfospot(div, spot),
    })),
  ];
}

/** The initial view of a scene, or of a scene entered from a given one (initialViewOverrides). */
export function initialView(image: Image, fromSceneId?: string): { yaw: number; pitch: number; hfov: number } {
  const override = fromSceneId ? image.initialViewOverrides.find((entry) => entry.id === fromSceneId) : undefined;
  const position = override?.cameraPosition ?? image.cameraPosition;
  return { yaw: position?.yaw ?? 0, pitch: position?.pitch ?? 0, hfov: image.cameraZoom ?? DEFAULT_FOV_DEG };
}

/** The whole tour as pannellum's tour config: one scene per image, links and info spots drawn by the viewer. */
export function pannellumConfig(
  tour: Tour,
  { apiOrigin, sceneId: firstScene, firstView, poster }: Omit<PanoramaStart, 'allowLinks'>,
  options: SceneConfigOptions,
): PannellumConfig {
  // Shown until the first panorama is drawn: the page's poster, else the opening scene's own thumbnail. Not for
  // tiles: pannellum takes it away before the first tile arrives, so it would only compete with them for bandwidth.
  const opening = tour.images.find((image) => image.id === firstScene);
  const preview = opening?.multires ? undefined : poster || (opening && pictureUrl(opening, 'thumbUrl'));
  const scenes: Record<string, PannellumScene> = {};
  for (const image of tour.images) {
    const view = image.id === firstScene && firstView ? firstView : initialView(image);
    scenes[image.id] = {
      ...scenePicture(image, apiOrigin),
      title: image.title,
      ...view,
      hotSpots: sceneHotspots(image, options),
    };
  }
  return {
    // pannellum writes scene titles (and any hot-spot text or author) with innerHTML unless told to escape them.
    escapeHTML: true,
    ...(preview ? { preview: absoluteUrl(preview, apiOrigin) } : {}),
    default: {
      firstScene,
      // Started by startPannellum once it listens: tiles are 'load'ed within pannellum.viewer() itself.
      autoLoad: false,
      showControls: false,
      showFullscreenCtrl: false,
      showZoomCtrl: false,
      compass: false,
      crossOrigin: 'anonymous',
      sceneFadeDuration: 600,
      autoRotate: tour.config.autoRotate ? AUTO_ROTATE_DEG_PER_S : false,
      // Never pannellum's resume, which levels the view: the viewer resumes autorotate itself (use-auto-rotate).
      autoRotateInactivityDelay: -1,
      hfov: DEFAULT_FOV_DEG,
      strings: { loadingLabel: 'Loading…' },
    },
    scenes,
  };
}
