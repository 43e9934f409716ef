import pannellum, { type PannellumViewer } from 'pannellum/build/pannellum.js';
import { useEffect, useRef } from 'react';
import type { Tour } from '../../api/schema/tour';
import { renderSceneHotspot } from './hotspot-element';
import { maxTextureSize } from './max-texture-size';
import { pannellumConfig } from './scene-config';

export interface PanoramaProps {
  tour: Tour;
  firstScene: string;
  onSceneChange: (sceneId: string) => void;
  onSceneLoad: (sceneId: string) => void;
  onError: (message: string) => void;
}

/** The pannellum canvas: created once per tour, scenes switched with loadScene, destroyed on unmount. */
export function Panorama({ tour, firstScene, onSceneChange, onSceneLoad, onError }: PanoramaProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onSceneChange, onSceneLoad, onError });
  callbacks.current = { onSceneChange, onSceneLoad, onError };

  useEffect(() => {
    const container = containerRef.current!;
    let viewer: PannellumViewer | undefined;
    const goTo = (sceneId: string) => viewer?.loadScene(sceneId);
    viewer = pannellum.viewer(
      container,
      pannellumConfig(tour, firstScene, {
        maxTexture: maxTextureSize(),
        renderHotspot: (div, hotspot) => renderSceneHotspot(div, hotspot, goTo),
      }),
    );
    viewer.on('scenechange', (sceneId: string) => callbacks.current.onSceneChange(sceneId));
    viewer.on('load', () => callbacks.current.onSceneLoad(viewer!.getScene()));
    viewer.on('error', (message: string) => callbacks.current.onError(message));
    // pannellum only listens to window resizes; the element can change size on its own.
    const resizes = new ResizeObserver(() => viewer?.resize());
    resizes.observe(container);
    return () => {
      resizes.disconnect();
      viewer?.destroy();
      viewer = undefined;
    };
  }, [tour, firstScene]);

  return <div ref={containerRef} className="tv-panorama" data-testid="panorama" />;
}
