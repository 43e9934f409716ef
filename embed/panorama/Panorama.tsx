import pannellum, { type PannellumViewer } from 'pannellum/build/pannellum.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Infospot, Tour } from '../../api/schema/tour';
import type { PanoramaView } from '../video-chat-contract';
import { renderSceneHotspot } from './hotspot-element';
import { renderInfospot } from './infospot-element';
import { maxTextureSize } from './max-texture-size';
import { initialView, pannellumConfig } from './scene-config';

/** What the rest of the viewer may do with the panorama. */
export interface PanoramaHandle {
  viewer: PannellumViewer;
  getView(): PanoramaView;
}

export interface PanoramaProps {
  tour: Tour;
  /** The scene to show; changing it switches scenes with loadScene. */
  sceneId: string;
  firstView?: { yaw: number; pitch: number; hfov: number };
  allowLinks: boolean;
  onSceneChange: (sceneId: string) => void;
  onSceneLoad: (sceneId: string) => void;
  onError: (message: string) => void;
  onInfospot: (spot: Infospot) => void;
  onReady: (handle: PanoramaHandle | null) => void;
}

/** The pannellum canvas: created once per tour, scenes switched with loadScene, destroyed on unmount. */
export function Panorama(props: PanoramaProps) {
  const { tour, allowLinks } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<PannellumViewer>(undefined);
  const latest = useRef(props);
  latest.current = props;
  // A lost WebGL context (GPU reset, too many contexts on the page) is recovered by building the viewer again.
  const [generation, setGeneration] = useState(0);

  // A layout effect starts pannellum (and its panorama download) right after the DOM commit, not a frame later.
  useLayoutEffect(() => {
    const container = containerRef.current!;
    let viewer: PannellumViewer | undefined;
    const goTo = (sceneId: string) => latest.current.onSceneChange(sceneId);
    const startScene = latest.current.sceneId;
    viewer = pannellum.viewer(
      container,
      pannellumConfig(
        tour,
        startScene,
        {
          maxTexture: maxTextureSize(),
          renderHotspot: (div, hotspot) => renderSceneHotspot(div, hotspot, goTo),
          renderInfospot: (div, spot) => renderInfospot(div, spot, (open) => latest.current.onInfospot(open), allowLinks),
        },
        latest.current.firstView,
      ),
    );
    viewerRef.current = viewer;
    // pannellum may still finish loading a picture after destroy(): by then there is nobody to tell.
    viewer.on('load', () => viewer && latest.current.onSceneLoad(viewer.getScene()));
    viewer.on('error', (message: string) => latest.current.onError(message));
    const onContextLost = (event: Event) => {
      event.preventDefault();
      setGeneration((n) => n + 1);
    };
    const canvas = container.querySelector('canvas');
    canvas?.addEventListener('webglcontextlost', onContextLost);
    // pannellum only listens to window resizes; the element can change size on its own.
    const resizes = new ResizeObserver(() => viewer?.resize());
    resizes.observe(container);
    latest.current.onReady({
      viewer,
      getView: () => ({ sceneId: viewer!.getScene(), yaw: viewer!.getYaw(), pitch: viewer!.getPitch(), hfov: viewer!.getHfov() }),
    });
    return () => {
      latest.current.onReady(null);
      canvas?.removeEventListener('webglcontextlost', onContextLost);
      resizes.disconnect();
      viewer?.destroy();
      viewer = undefined;
      viewerRef.current = undefined;
    };
  }, [tour, allowLinks, generation]);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || viewer.getScene() === props.sceneId) return;
    const image = tour.images.find((candidate) => candidate.id === props.sceneId);
    if (!image) return;
    const view = initialView(image, viewer.getScene());
    viewer.loadScene(props.sceneId, view.pitch, view.yaw, view.hfov);
  }, [props.sceneId, tour]);

  return <div ref={containerRef} className="tv-panorama" data-testid="panorama" />;
}
