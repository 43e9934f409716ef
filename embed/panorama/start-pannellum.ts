import pannellum, { type PannellumViewer } from 'pannellum/build/pannellum.js';
import type { Infospot, Tour } from '../../api/schema/tour';
import type { PanoramaView } from '../video/contract';
import { renderSceneHotspot } from './hotspot-element';
import { renderInfospot } from './infospot-element';
import { fetchOpeningTiles, prefetchOpeningTiles } from './opening-tiles';
import { initialView, pannellumConfig } from './scene-config';
import { watchSceneDrawn } from './scene-drawn';
import { spotLabels, type SpotLabels, type Translate } from './spot-labels';

export type FirstView = Omit<PanoramaView, 'sceneId'>;

/** What a panorama starts with. */
export interface PanoramaStart {
  /** The tour server the tour's media paths are on. */
  apiOrigin: string;
  sceneId: string;
  firstView?: FirstView;
  /** Whether info spots may link out (not in listing-compliant mode). */
  allowLinks: boolean;
  /** Shown until the first panorama is drawn (default: the opening scene's thumbnail). */
  poster?: string;
  /** The viewer's language as far as it has arrived; its owner passes a later one to `labels.relabel`. */
  t: Translate;
}

/** What a running pannellum tells whoever owns it; set by the owner, since a viewer started early is owned later. */
export interface PanoramaHandlers {
  /** The hotspot `hotspotId` was followed to `sceneId`. */
  goTo(sceneId: string, hotspotId: string): void;
  openInfospot(spot: Infospot): void;
  /** How far the picture being loaded has downloaded, 0 to 1. */
  progress(fraction: number): void;
  /** A scene was drawn with its own imagery (for tiles: the coarsest ones in sight). */
  drawn(sceneId: string): void;
  /** A scene's picture or tiles could not be loaded or shown; the message is plain text. */
  failed(message: string): void;
}

export interface StartedPanorama {
  viewer: PannellumViewer;
  /** pannellum's own element, inside the parent it was started in. */
  container: HTMLDivElement;
  handlers: PanoramaHandlers;
  /** The spots' accessible names, named again when the language changes. */
  labels: SpotLabels;
  /** What the viewer was started with: a viewer started early is only taken over for the same. */
  key: string;
  /** True once a scene was drawn; the message if one failed. Both may happen before anyone listens. */
  loaded: boolean;
  error?: string;
}

export function panoramaKey(tour: Tour, { apiOrigin, sceneId, firstView, allowLinks }: Omit<PanoramaStart, 'poster' | 't'>): string {
  return JSON.stringify([apiOrigin, tour.shortId, sceneId, firstView ?? null, allowLinks]);
}

/**
 * pannellum reports a failure as HTML (a link to the picture that failed); the viewer passes it on as plain text, so
 * a partner page may show it however it likes. A parsed document runs no script and loads nothing.
 */
export function errorText(message: string): string {
  return new DOMParser().parseFromString(message, 'text/html').body.textContent ?? '';
}

/** Starts pannellum on the whole tour at one scene, in a new element inside `parent`. */
export function startPannellum(parent: Element, tour: Tour, start: PanoramaStart): StartedPanorama {
  const container = document.createElement('div');
  parent.append(container);
  const handlers: PanoramaHandlers = {
    goTo: () => undefined,
    openInfospot: () => undefined,
    progress: () => undefined,
    drawn: () => undefined,
    failed: () => undefined,
  };
  const labels = spotLabels(container, start.t);
  const opening = tour.images.find((image) => image.id === start.sceneId);
  if (opening) fetchOpeningTiles(opening, start.firstView ?? initialView(opening), parent, start.apiOrigin);
  const viewer = pannellum.viewer(
    container,
    pannellumConfig(tour, start, {
      renderHotspot: (div, hotspot) =>
        renderSceneHotspot(
          div,
          hotspot,
          start.apiOrigin,
          labels,
          (id, hotspotId) => handlers.goTo(id, hotspotId),
          tour.images.find((image) => image.id === hotspot.image.id),
        ),
      renderInfospot: (div, spot) => renderInfospot(div, spot, labels, (open) => handlers.openInfospot(open), start.allowLinks),
    }),
  );
  watchProgress(container, (fraction) => handlers.progress(fraction));
  const started: StartedPanorama = { viewer, container, handlers, labels, key: panoramaKey(tour, start), loaded: false };
  const tilesOf = (sceneId: string) => tour.images.find((image) => image.id === sceneId)?.multires;
  const tiledBasePath = (sceneId: string) => tilesOf(sceneId)?.basePath;
  watchSceneDrawn(
    viewer,
    tiledBasePath,
    () => {
      started.loaded = true;
      handlers.drawn(viewer.getScene());
    },
    (message) => {
      started.error = errorText(message);
      handlers.failed(started.error);
    },
  );
  // pannellum's own load button, the one way to start a viewer made without autoLoad.
  container.querySelector<HTMLElement>('.pnlm-load-button')!.click();
  prefetchOpeningTiles(viewer, tilesOf(start.sceneId));
  return started;
}

/** pannellum shows a picture's download in its loading bar (the width of its fill) and tells of it nowhere else. */
function watchProgress(container: Element, progress: (fraction: number) => void): void {
  const fill = container.querySelector<HTMLElement>('.pnlm-lbar-fill');
  if (!fill) return;
  new MutationObserver(() => {
    const percent = parseFloat(fill.style.width);
    if (Number.isFinite(percent)) progress(Math.min(percent / 100, 1));
  }).observe(fill, { attributes: true, attributeFilter: ['style'] });
}
