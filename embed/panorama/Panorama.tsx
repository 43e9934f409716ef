import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Infospot, Tour } from '../../api/schema/tour';
import type { PanoramaView } from '../video/contract';
import { takeEarlyPanorama } from './early-panorama';
import { initialView } from './scene-config';
import { panoramaKey, startPannellum, type FirstView } from './start-pannellum';

/** What the rest of the viewer may do with the panorama. */
export interface PanoramaHandle {
  viewer: PannellumViewer;
  getView(): PanoramaView;
}

export interface PanoramaProps {
  tour: Tour;
  /** The tour server the tour's media paths are on. */
  apiOrigin: string;
  /** The scene to show; changing it switches scenes with loadScene. */
  sceneId: string;
  firstView?: FirstView;
  allowLinks: boolean;
  /** The accessible name of the panorama region. */
  label?: string;
  /** Shown until the first panorama is drawn (default: the opening scene's thumbnail). */
  poster?: string;
  onSceneChange: (sceneId: string) => void;
  onSceneLoad: (sceneId: string) => void;
  onProgress?: (sceneId: string, fraction: number) => void;
  onError: (message: string) => void;
  onInfospot: (spot: Infospot) => void;
  onReady: (handle: PanoramaHandle | null) => void;
}

/** The pannellum canvas: created once per tour, scenes switched with loadScene, destroyed on unmount. */
export function Panorama(props: PanoramaProps) {
  const { tour, allowLinks, apiOrigin } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<PannellumViewer>(undefined);
  const latest = useRef(props);
  latest.current = props;
  // A lost WebGL context (GPU reset, too many contexts on the page) is recovered by building the viewer again.
  const [generation, setGeneration] = useState(0);

  // A layout effect starts pannellum (and its panorama download) right after the DOM commit, not a frame later.
  useLayoutEffect(() => {
    const frame = containerRef.current!;
    const root = frame.getRootNode();
    const { sceneId, firstView, poster } = latest.current;
    const start = { apiOrigin, sceneId, firstView, allowLinks, poster };
    const started = (root instanceof ShadowRoot && takeEarlyPanorama(root.host, panoramaKey(tour, start), frame)) || startPannellum(frame, tour, start);
    let viewer: PannellumViewer | undefined = started.viewer;
    started.handlers.goTo = (id) => latest.current.onSceneChange(id);
    started.handlers.openInfospot = (spot) => latest.current.onInfospot(spot);
    started.handlers.progress = (fraction) => viewer && latest.current.onProgress?.(viewer.getScene(), fraction);
    viewerRef.current = viewer;
    // pannellum may still finish loading a picture after destroy(): by then there is nobody to tell.
    started.handlers.drawn = (id) => viewer && latest.current.onSceneLoad(id);
    started.handlers.failed = (message) => viewer && latest.current.onError(message);
    const onContextLost = (event: Event) => {
      event.preventDefault();
      setGeneration((n) => n + 1);
    };
    const canvas = started.container.querySelector('canvas');
    canvas?.addEventListener('webglcontextlost', onContextLost);
    // pannellum only listens to window resizes; the element can change size on its own.
    const resizes = new ResizeObserver(() => viewer?.resize());
    resizes.observe(frame);
    latest.current.onReady({
      viewer,
      getView: () => ({ sceneId: viewer!.getScene(), yaw: viewer!.getYaw(), pitch: viewer!.getPitch(), hfov: viewer!.getHfov() }),
    });
    // A panorama started early may have been drawn, or have failed, before this component existed.
    if (started.error) latest.current.onError(started.error);
    else if (started.loaded) {
      viewer.resize();
      latest.current.onSceneLoad(viewer.getScene());
    }
    return () => {
      latest.current.onReady(null);
      canvas?.removeEventListener('webglcontextlost', onContextLost);
      resizes.disconnect();
      viewer?.destroy();
      viewer = undefined;
      viewerRef.current = undefined;
      started.container.remove();
    };
  }, [tour, allowLinks, apiOrigin, generation]);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || viewer.getScene() === props.sceneId) return;
    const image = tour.images.find((candidate) => candidate.id === props.sceneId);
    if (!image) return;
    const view = initialView(image, viewer.getScene());
    viewer.loadScene(props.sceneId, view.pitch, view.yaw, view.hfov);
  }, [props.sceneId, tour]);

  return <div ref={containerRef} className="tv-panorama" data-testid="panorama" role="region" aria-label={props.label} />;
}
