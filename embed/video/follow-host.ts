import { coordsToYawPitch, yawPitchToCoords } from '../../api/schema/coords';
import type { RoomMessage } from '../../api/schema/video';
import type { PanoramaControl, PanoramaView } from './contract';

/** Followers move in a 100 ms tween where their frames come often enough to show it (followerTweenMs). */
export const CAMERA_TWEEN_MS = 100;
/** The host sends at most this often while the view keeps changing. */
export const VIEW_SEND_INTERVAL_MS = 50;

function changed(a: PanoramaView | undefined, b: PanoramaView): boolean {
  return !a || a.sceneId !== b.sceneId || Math.abs(a.yaw - b.yaw) > 0.2 || Math.abs(a.pitch - b.pitch) > 0.2 || Math.abs(a.hfov - b.hfov) > 0.2;
}

/**
 * pannellum has no view-change event: the host samples the view every frame and sends changes, throttled, and
 * always on a scene change. Answers the function that stops it.
 *
 * The sample is read in a task queued from the frame's callback, once every callback of that frame has run:
 * pannellum moves the camera (inertia after a drag, its own tweens) in a frame callback of its own, which may
 * run after ours, and a view read before it would reach the followers a whole frame late.
 */
export function shareHostView(panorama: PanoramaControl, send: (message: Extract<RoomMessage, { type: 'scene' }>) => void, senderSid: string): () => void {
  let last: PanoramaView | undefined;
  let lastSent = 0;
  let frame = 0;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const sendView = (view: PanoramaView) => {
    last = view;
    lastSent = performance.now();
    send({ type: 'scene', data: { senderSid, sceneId: view.sceneId, coords: yawPitchToCoords(view), fov: view.hfov } });
  };
  const sample = () => {
    const view = panorama.getView();
    if (view && changed(last, view) && (performance.now() - lastSent >= VIEW_SEND_INTERVAL_MS || view.sceneId !== last?.sceneId)) sendView(view);
    nextFrame();
  };
  const nextFrame = () => {
    frame = requestAnimationFrame(() => (afterFrame = setTimeout(sample, 0)));
  };
  nextFrame();
  const stopScenes = panorama.onSceneChange(() => {
    const view = panorama.getView();
    if (view) sendView(view);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    stopScenes();
  };
}

/**
 * How long a follower drawing a frame every `frameMs` tweens to the host's view. A tween shows motion only when
 * at least two frames fall inside it; with fewer (under 20 frames a second: software WebGL beside the video
 * streams, a busy phone) its first frame shows the old view again and the host's view lands a whole frame later,
 * so such a follower goes there at once.
 */
export function followerTweenMs(frameMs: number): number {
  return frameMs <= CAMERA_TWEEN_MS / 2 ? CAMERA_TWEEN_MS : 0;
}

export function applyHostView(panorama: PanoramaControl, data: Extract<RoomMessage, { type: 'scene' }>['data'], tweenMs: number): void {
  panorama.setView({ sceneId: data.sceneId, ...coordsToYawPitch(data.coords), hfov: data.fov }, tweenMs);
}
