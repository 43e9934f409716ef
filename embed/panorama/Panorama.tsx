import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { Infospot, Tour } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';
import { SceneFailure, type SceneFailureState } from '../ui/SceneFailure';
import type { PanoramaView } from '../video/contract';
import { takeEarlyPanorama } from './early-panorama';
import { fetchPanorama, PanoramaUnavailable } from './fetch-panorama';
import { frameAspect, initialView, openingPictureUrls } from './scene-config';
import type { SpotLabels } from './spot-labels';
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
  /** The hotspot `hotspotId` on the panorama was followed (onSceneChange follows). */
  onHotspot?: (hotspotId: string) => void;
  onSceneLoad: (sceneId: string) => void;
  onProgress?: (sceneId: string, fraction: number) => void;
  onError: (message: string) => void;
  onInfospot: (spot: Infospot) => void;
  onReady: (handle: PanoramaHandle | null) => void;
}

/** How long the view takes to turn to a hot spot reached with Tab. */
const TURN_TO_SPOT_MS = 600;

/** The element focused in the shadow root (or page) `node` is in: `document.activeElement` stops at the host. */
function focusedIn(node: Node): Element | null {
  return (node.getRootNode() as ShadowRoot | Document).activeElement;
}

/**
 * Tab reaches every hot spot, also those outside the view (the stylesheet keeps them focusable); focusing one turns
 * the view to it. The browser scrolls pannellum's clipped layers to bring a focused element into sight, which would
 * shift the hot spots against the picture: those scrolls are undone.
 */
function turnToFocusedSpot(viewer: PannellumViewer, container: HTMLElement, target: Element): void {
  const anchor = target.closest<HTMLElement>('.tv-hotspot-anchor');
  const spot = anchor && viewer.getConfig().hotSpots?.find((candidate) => candidate.div === anchor);
  if (!anchor || !spot) return;
  for (let layer = anchor.parentElement; layer && layer !== container.parentElement; layer = layer.parentElement) {
    layer.scrollLeft = 0;
    layer.scrollTop = 0;
  }
  const view = container.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const inView = anchor.style.visibility !== 'hidden' && box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom;
  if (inView) return;
  viewer.stopAutoRotate();
  viewer.lookAt(spot.pitch, spot.yaw, viewer.getHfov(), TURN_TO_SPOT_MS);
}

/** The pannellum canvas: created once per tour, scenes switched with loadScene, destroyed on unmount. */
export function Panorama(props: PanoramaProps) {
  const { tour, allowLinks, apiOrigin } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<PannellumViewer>(undefined);
  const { t } = useMessages();
  const latestT = useRef(t);
  latestT.current = t;
  const labels = useRef<SpotLabels>(undefined);
  const latest = useRef(props);
  latest.current = props;
  // A lost WebGL context (GPU reset, too many contexts on the page) is recovered by building the viewer again.
  const [generation, setGeneration] = useState(0);
  const [failure, setFailure] = useState<SceneFailureState | null>(null);
  const loading = useRef<AbortController>(undefined);
  // True from loadScene until the scene is drawn or fails: pannellum ignores a loadScene meanwhile, so a pick made
  // then is shown once it is done (the last pick wins).
  const switching = useRef(false);

  // A layout effect starts pannellum (and its panorama download) right after the DOM commit, not a frame later.
  useLayoutEffect(() => {
    const frame = containerRef.current!;
    const root = frame.getRootNode();
    const { sceneId, firstView, poster } = latest.current;
    const start = { apiOrigin, sceneId, firstView, allowLinks, poster, t: latestT.current };
    const started = (root instanceof ShadowRoot && takeEarlyPanorama(root.host, panoramaKey(tour, start), frame)) || startPannellum(frame, tour, start);
    labels.current = started.labels;
    let viewer: PannellumViewer | undefined = started.viewer;
    // A hot spot chosen from the keyboard is gone with its scene: focus then goes to the panorama itself (whose arrow
    // keys turn the view, and from which Tab reaches the new scene's spots), never to <body>. Not to the first spot:
    // focusing one outside the view would turn the view away from the scene's opening direction.
    let refocus = false;
    started.handlers.goTo = (id, hotspotId) => {
      refocus = started.container.contains(focusedIn(frame));
      latest.current.onHotspot?.(hotspotId);
      latest.current.onSceneChange(id);
    };
    started.handlers.openInfospot = (spot) => latest.current.onInfospot(spot);
    started.handlers.progress = (fraction) => viewer && latest.current.onProgress?.(viewer.getScene(), fraction);
    viewerRef.current = viewer;
    switching.current = !started.loaded && !started.error;
    // pannellum may still finish loading a picture after destroy(): by then there is nobody to tell.
    started.handlers.drawn = (id) => {
      if (!viewer) return;
      switching.current = false;
      setFailure(null);
      if (refocus && !focusedIn(frame) && (!document.activeElement || document.activeElement === document.body)) started.container.focus();
      refocus = false;
      latest.current.onSceneLoad(id);
      showPicked(latest.current.sceneId);
    };
    // pannellum's own failures (its first scene, tiles, a picture that fails after our download) leave nothing to keep.
    const failed = (message: string) => {
      if (!viewer) return;
      switching.current = false;
      latest.current.onError(message);
      setFailure({ sceneId: viewer.getScene(), reason: navigator.onLine ? 'refused' : 'offline' });
    };
    started.handlers.failed = failed;
    const onContextLost = (event: Event) => {
      event.preventDefault();
      setGeneration((n) => n + 1);
    };
    const onFocusIn = (event: FocusEvent) => viewer && turnToFocusedSpot(viewer, started.container, event.target as Element);
    started.container.addEventListener('focusin', onFocusIn);
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
    if (started.error) failed(started.error);
    else if (started.loaded) {
      viewer.resize();
      latest.current.onSceneLoad(viewer.getScene());
    }
    return () => {
      latest.current.onReady(null);
      canvas?.removeEventListener('webglcontextlost', onContextLost);
      started.container.removeEventListener('focusin', onFocusIn);
      resizes.disconnect();
      loading.current?.abort();
      viewer?.destroy();
      viewer = undefined;
      viewerRef.current = undefined;
      started.container.remove();
    };
  }, [tour, allowLinks, apiOrigin, generation]);

  /** Downloads a scene's picture (or first tiles), then switches pannellum to it; a failure keeps the scene shown and says so. */
  function show(sceneId: string) {
    const viewer = viewerRef.current;
    const image = tour.images.find((candidate) => candidate.id === sceneId);
    if (!viewer || !image) return;
    loading.current?.abort();
    const aborted = (loading.current = new AbortController());
    const shown = viewer.getScene();
    // After pannellum itself failed there is no picture on screen to keep.
    const keptSceneId = failure && failure.sceneId === shown && !failure.keptSceneId ? undefined : shown;
    setFailure(null);
    const view = initialView(image, shown);
    const opening = openingPictureUrls(image, view, frameAspect(viewer.getContainer()), apiOrigin);
    Promise.all(opening.map((url) => fetchPanorama(url, aborted.signal))).then(
      () => {
        if (viewerRef.current !== viewer || aborted.signal.aborted || switching.current) return;
        switching.current = true;
        viewer.loadScene(sceneId, view.pitch, view.yaw, view.hfov);
      },
      (err: unknown) => {
        if (aborted.signal.aborted || !(err instanceof PanoramaUnavailable)) return;
        latest.current.onError(err.message);
        setFailure({ sceneId, reason: err.reason, keptSceneId });
        // The viewer goes back to the scene still shown, as if the visitor had returned to it.
        if (keptSceneId) latest.current.onSceneChange(keptSceneId);
      },
    );
  }

  // A panorama started early, or before the language's catalog arrived, named its spots in English meanwhile.
  useEffect(() => labels.current?.relabel(t), [t, generation]);

  const showPicked = useEffectEvent((sceneId: string) => {
    if (!viewerRef.current) return;
    if (viewerRef.current.getScene() !== sceneId) show(sceneId);
    // Back to the scene shown while another downloads: that download is no longer wanted.
    else if (!switching.current) loading.current?.abort();
  });
  useEffect(() => showPicked(props.sceneId), [props.sceneId, tour]);

  // Offline, the visitor is told when the network is back, so Retry is worth pressing.
  useEffect(() => {
    if (!failure || failure.reason === 'refused' || failure.backOnline) return;
    const back = () => setFailure((now) => now && { ...now, backOnline: true });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [failure]);

  const titleOf = (sceneId: string) => tour.images.find((image) => image.id === sceneId)?.title ?? '';
  const retry = () => {
    if (!failure) return;
    // A kept scene is left through the store like any visit; a failed first scene is loaded again in place.
    if (failure.keptSceneId) props.onSceneChange(failure.sceneId);
    else show(failure.sceneId);
  };

  return (
    <>
      <div ref={containerRef} className="tv-panorama" data-testid="panorama" role="region" aria-label={props.label} />
      {failure && <SceneFailure failure={failure} titleOf={titleOf} onRetry={retry} />}
    </>
  );
}
