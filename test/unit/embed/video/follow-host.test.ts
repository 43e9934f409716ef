import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coordsToYawPitch } from '../../../../api/schema/coords';
import type { RoomMessage } from '../../../../api/schema/video';
import { applyHostView, CAMERA_TWEEN_MS, followerTweenMs, shareHostView, VIEW_SEND_INTERVAL_MS } from '../../../../embed/video/follow-host';
import { watchFramePace } from '../../../../embed/video/frame-pace';
import type { PanoramaControl, PanoramaView } from '../../../../embed/video/contract';

type SceneMessage = Extract<RoomMessage, { type: 'scene' }>;

/** A PanoramaControl per the viewer contract, holding its view in memory. */
function contractPanorama(start: PanoramaView) {
  let view = start;
  const sceneListeners = new Set<(sceneId: string) => void>();
  const moves: Array<{ view: PanoramaView; animateMs: number }> = [];
  const panorama: PanoramaControl = {
    getView: () => view,
    setView: (next, animateMs) => {
      moves.push({ view: next, animateMs });
      view = next;
    },
    onUserInteraction: () => () => undefined,
    onSceneChange: (listener) => {
      sceneListeners.add(listener);
      return () => sceneListeners.delete(listener);
    },
    openInfospot: () => undefined,
    onInfospotOpen: () => () => undefined,
  };
  const look = (next: Partial<PanoramaView>) => {
    const sceneChanged = next.sceneId !== undefined && next.sceneId !== view.sceneId;
    view = { ...view, ...next };
    if (sceneChanged) sceneListeners.forEach((listener) => listener(view.sceneId));
  };
  return { panorama, moves, look };
}

// pannellum has no view-change event, so the host samples frames: drive them and the clock by hand. A frame runs
// its callbacks, then the tasks they queued.
let frames: Array<(at: number) => void> = [];
let now = 0;
const runFrame = (advanceMs: number) => {
  now += advanceMs;
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(now));
  vi.runOnlyPendingTimers();
};

beforeEach(() => {
  frames = [];
  now = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: (at: number) => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the host shares the view and followers apply it', () => {
  it('sends the first view, throttles a turning camera, and always sends a scene change at once', () => {
    const { panorama, look } = contractPanorama({ sceneId: 'louvre', yaw: 10, pitch: 0, hfov: 100 });
    const sent: SceneMessage[] = [];
    const stop = shareHostView(panorama, (message) => sent.push(message as SceneMessage), 'PA1');

    runFrame(VIEW_SEND_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ senderSid: 'PA1', sceneId: 'louvre', fov: 100 });

    look({ yaw: 20 });
    runFrame(1);
    expect(sent).toHaveLength(1);
    runFrame(VIEW_SEND_INTERVAL_MS);
    expect(sent).toHaveLength(2);

    look({ sceneId: 'puy-de-sancy' });
    expect(sent.at(-1)?.data.sceneId).toBe('puy-de-sancy');

    const before = sent.length;
    runFrame(VIEW_SEND_INTERVAL_MS);
    expect(sent).toHaveLength(before);
    stop();
    look({ yaw: 90 });
    runFrame(VIEW_SEND_INTERVAL_MS);
    expect(sent).toHaveLength(before);
  });

  it('lands the follower on the host’s scene with yaw and pitch within 2° in a 100 ms tween', () => {
    for (const hostView of [
      { sceneId: 'louvre', yaw: 135.5, pitch: -20, hfov: 80 },
      { sceneId: 'puy-de-sancy', yaw: -179, pitch: 45, hfov: 110 },
    ]) {
      const host = contractPanorama(hostView);
      const follower = contractPanorama({ sceneId: 'other', yaw: 0, pitch: 0, hfov: 100 });
      const sent: SceneMessage[] = [];
      const stop = shareHostView(host.panorama, (message) => sent.push(message as SceneMessage), 'PA1');
      runFrame(VIEW_SEND_INTERVAL_MS);
      stop();

      applyHostView(follower.panorama, sent[0].data, CAMERA_TWEEN_MS);
      const [move] = follower.moves;
      expect(move.animateMs).toBe(CAMERA_TWEEN_MS);
      expect(move.view.sceneId).toBe(hostView.sceneId);
      expect(move.view.hfov).toBe(hostView.hfov);
      const yawGap = Math.abs(((move.view.yaw - hostView.yaw + 540) % 360) - 180);
      expect(yawGap).toBeLessThan(2);
      expect(Math.abs(move.view.pitch - hostView.pitch)).toBeLessThan(2);
    }
  });

  it('sends the view the frame drew, after pannellum has moved the camera in a frame callback of its own', () => {
    const { panorama, look } = contractPanorama({ sceneId: 'louvre', yaw: 10, pitch: 0, hfov: 100 });
    const sent: SceneMessage[] = [];
    const stop = shareHostView(panorama, (message) => sent.push(message as SceneMessage), 'PA1');
    runFrame(VIEW_SEND_INTERVAL_MS);
    // Inertia after a drag: pannellum's own callback, asked for after ours, turns the camera in the next frame.
    requestAnimationFrame(() => look({ yaw: 25 }));
    runFrame(VIEW_SEND_INTERVAL_MS);
    stop();
    expect(sent.map((message) => Math.round(coordsToYawPitch(message.data.coords).yaw))).toEqual([10, 25]);
  });
});

describe('the follower’s tween', () => {
  it('is the 100 ms tween where the page draws at least two frames in it, and none where it draws fewer', () => {
    expect(followerTweenMs(1000 / 60)).toBe(CAMERA_TWEEN_MS);
    expect(followerTweenMs(CAMERA_TWEEN_MS / 2)).toBe(CAMERA_TWEEN_MS);
    expect(followerTweenMs(CAMERA_TWEEN_MS / 2 + 1)).toBe(0);
    expect(followerTweenMs(180)).toBe(0);
  });

  it('knows the slowest of the page’s recent frames, starting from 60 a second', () => {
    const pace = watchFramePace();
    expect(pace.slowestFrameMs()).toBeCloseTo(1000 / 60);
    for (let i = 0; i < 10; i++) runFrame(20);
    runFrame(180);
    for (let i = 0; i < 20; i++) runFrame(20);
    expect(pace.slowestFrameMs()).toBe(180);
    for (let i = 0; i < 30; i++) runFrame(20);
    expect(pace.slowestFrameMs()).toBe(20);
    pace.stop();
    runFrame(1000);
    expect(pace.slowestFrameMs()).toBe(20);
  });
});
