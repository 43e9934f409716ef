import { coordsToYawPitch, yawPitchToCoords } from '../../api/schema/coords';
import type { RoomMessage } from '../../api/schema/video';
import type { PanoramaControl, PanoramaView } from './contract';

/** Followers move in a 100 ms tween. */
export const CAMERA_TWEEN_MS = 100;
/** The host sends at most this often while the view keeps changing. */
export const VIEW_SEND_INTERVAL_MS = 50;

function changed(a: PanoramaView | undefined, b: PanoramaView): boolean {
  return !a || a.sceneId !== b.sceneId || Math.abs(a.yaw - b.yaw) > 0.2 || Math.abs(a.pitch - b.pitch) > 0.2 || Math.abs(a.hfov - b.hfov) > 0.2;
}

/**
 * pannellum has no view-change event: the host samples the view every frame and sends changes, throttled, and
 * always on a scene change. Answers the function that stops it.
 */
export function shareHostView(panorama: PanoramaControl, send: (message: Extract<RoomMessage, { type: 'scene' }>) => void, senderSid: string): () => void {
  let last: PanoramaView | undefined;
  let lastSent = 0;
  let frame = 0;
  const sendView = (view: PanoramaView) => {
    last = view;
    lastSent = performance.now();
    send({ type: 'scene', data: { senderSid, sceneId: view.sceneId, coords: yawPitchToCoords(view), fov: view.hfov } });
  };
  const tick = () => {
    const view = panorama.getView();
    if (view && changed(last, view) && (performance.now() - lastSent >= VIEW_SEND_INTERVAL_MS || view.sceneId !== last?.sceneId)) sendView(view);
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  const stopScenes = panorama.onSceneChange(() => {
    const view = panorama.getView();
    if (view) sendView(view);
  });
  return () => {
    cancelAnimationFrame(frame);
    stopScenes();
  };
}

export function applyHostView(panorama: PanoramaControl, data: Extract<RoomMessage, { type: 'scene' }>['data']): void {
  panorama.setView({ sceneId: data.sceneId, ...coordsToYawPitch(data.coords), hfov: data.fov }, CAMERA_TWEEN_MS);
}
