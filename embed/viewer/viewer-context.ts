import { createContext, useContext } from 'react';
import { subscribeKey } from 'valtio/utils';
import { apiOriginOf } from '../element/api-origin';
import { createPanoramaControl, type AttachablePanoramaControl } from '../panorama/panorama-control';
import type { PanoramaHandle } from '../panorama/Panorama';
import { closeModal, createViewerStore, openInfospot, sceneChanged, type ViewerState } from '../tour/viewer-store';
import type { PanoramaView } from '../video/contract';

/** One element's viewer: its store and what its components share besides it, handed down by ViewerContext. */
export interface Viewer {
  store: ViewerState;
  /** The `<tour-viewer>` element: events go to it, its width decides the layout. */
  host: HTMLElement;
  /** The tour server this element talks to (its `server` attribute, else its script's origin); '' for a bad attribute. */
  apiOrigin: string;
  /** pannellum's handle once it is built (a lost WebGL context builds it again). */
  panorama: { current: PanoramaHandle | null };
  /** The panorama as the video chat drives it; scene and info spot go through the store. */
  control: AttachablePanoramaControl;
  /** Goes to a scene as the visitor asked; the page is told once it is shown (sceneDrawn). */
  goTo(sceneId: string): void;
  /** What the visit collector (loaded after the first panorama) is told besides the store; unset without one. */
  track?: (action: TrackedAction, targetId?: string) => void;
  /**
   * Notes the scene pannellum has drawn: true if it is not the one drawn before. The page is told of a scene when it
   * is drawn, not when picked, so a scene that fails, or a pick overtaken by the next, never reaches the page.
   */
  sceneDrawn(sceneId: string): boolean;
}

/** A hotspot followed (its id), a showing requested. */
export type TrackedAction = 'hotspot' | 'showing';

export function createViewer(host: HTMLElement, store: ViewerState = createViewerStore()): Viewer {
  let drawnSceneId = '';
  const viewer: Viewer = {
    store,
    host,
    apiOrigin: apiOriginOf(host) ?? '',
    panorama: { current: null },
    goTo(sceneId) {
      sceneChanged(store, sceneId);
    },
    sceneDrawn(sceneId) {
      const changed = sceneId !== drawnSceneId;
      drawnSceneId = sceneId;
      return changed;
    },
    control: createPanoramaControl({
      goToScene: (sceneId) => viewer.goTo(sceneId),
      openInfospot: (infospotId) => (infospotId ? openInfospot(store, infospotId) : closeModal(store)),
      watchScene: (listener) => subscribeKey(store, 'sceneId', listener),
      watchInfospot: (listener) => subscribeKey(store, 'infospotId', listener),
    }),
  };
  return viewer;
}

export const ViewerContext = createContext<Viewer | null>(null);

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('useViewer outside a ViewerContext');
  return viewer;
}

/** Each element's way to read its camera: pannellum lives in the component, the public getter on the element. */
const viewReaders = new WeakMap<Element, () => PanoramaView | undefined>();

/** Lets the element's `view` getter read this viewer's camera; returns the undo. */
export function registerViewReader(viewer: Viewer): () => void {
  viewReaders.set(viewer.host, () => viewer.control.getView());
  return () => void viewReaders.delete(viewer.host);
}

/** Where the element's camera looks now (a copy), or undefined until a panorama is shown. */
export function currentView(host: Element): PanoramaView | undefined {
  const view = viewReaders.get(host)?.();
  return view && { ...view };
}
