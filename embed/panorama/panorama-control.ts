import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import type { PanoramaControl, PanoramaView } from '../video/contract';

/** What the control needs from the viewer around it; scene and info-spot state stay in the viewer's store. */
export interface PanoramaControlHost {
  goToScene(sceneId: string): void;
  openInfospot(infospotId: string | null): void;
  /** Subscribes to the store; each returns its unsubscribe function. */
  watchScene(listener: (sceneId: string) => void): () => void;
  watchInfospot(listener: (infospotId: string | null) => void): () => void;
}

/** The PanoramaControl handed to the video chat, plus `attach`, called for every pannellum build (context loss rebuilds it). */
export interface AttachablePanoramaControl extends PanoramaControl {
  attach(viewer: PannellumViewer | null): void;
}

function subscribe<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** PanoramaControl over pannellum: a view for another scene is applied once that scene has loaded. */
export function createPanoramaControl(host: PanoramaControlHost): AttachablePanoramaControl {
  let viewer: PannellumViewer | null = null;
  let pending: PanoramaView | null = null;
  const interactions = new Set<() => void>();
  const notifyInteraction = () => interactions.forEach((listener) => listener());
  const onLoad = () => {
    if (!viewer || !pending || pending.sceneId !== viewer.getScene()) return;
    viewer.lookAt(pending.pitch, pending.yaw, pending.hfov, false);
    pending = null;
  };
  // pannellum's own element, there from the start (its canvas only once a scene has loaded).
  const container = () => viewer?.getContainer() ?? null;

  return {
    attach(next) {
      if (viewer) {
        viewer.off('load', onLoad).off('mousedown', notifyInteraction).off('touchstart', notifyInteraction);
        container()?.removeEventListener('keydown', notifyInteraction);
        container()?.removeEventListener('wheel', notifyInteraction);
      }
      viewer = next;
      if (!viewer) return;
      // Not pannellum's 'zoomchange': it fires on every frame of any camera move and on each scene load, so a
      // follower being moved by the host would count as touching the view. A zoom by hand is a wheel or a pinch.
      viewer.on('load', onLoad).on('mousedown', notifyInteraction).on('touchstart', notifyInteraction);
      container()?.addEventListener('keydown', notifyInteraction);
      container()?.addEventListener('wheel', notifyInteraction);
    },
    getView() {
      if (!viewer) return undefined;
      return { sceneId: viewer.getScene(), yaw: viewer.getYaw(), pitch: viewer.getPitch(), hfov: viewer.getHfov() };
    },
    setView(view, animateMs) {
      if (!viewer) return;
      if (view.sceneId === viewer.getScene() && viewer.isLoaded()) {
        viewer.lookAt(view.pitch, view.yaw, view.hfov, animateMs > 0 ? animateMs : false);
        return;
      }
      pending = view;
      if (view.sceneId === viewer.getScene()) return; // still loading: applied on 'load'
      host.goToScene(view.sceneId);
    },
    onUserInteraction: (listener) => subscribe(interactions, listener),
    onSceneChange: (listener) => host.watchScene(listener),
    openInfospot: (infospotId) => host.openInfospot(infospotId),
    onInfospotOpen: (listener) => host.watchInfospot(listener),
  };
}
