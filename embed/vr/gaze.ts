/** In cardboard VR there is nothing to tap: looking at a hotspot for 2 s follows it. */
export const GAZE_DWELL_MS = 2000;
/** How near the middle of the view (in degrees) a hotspot must be to count as looked at. */
export const GAZE_RADIUS_DEG = 8;

/** A hotspot as the gaze sees it: which one, where it is, and the scene it leads to. */
export interface GazeTarget {
  hotspotId: string;
  sceneId: string;
  yaw: number;
  pitch: number;
}

/** Where the gaze rests: on which hotspot, since when. */
export interface Gaze {
  target: GazeTarget | null;
  since: number;
}

export const NO_GAZE: Gaze = { target: null, since: 0 };

const RAD = Math.PI / 180;

/** The angle between two directions given as yaw and pitch, in degrees. */
function angleBetween(a: { yaw: number; pitch: number }, b: { yaw: number; pitch: number }): number {
  const cos = Math.sin(a.pitch * RAD) * Math.sin(b.pitch * RAD) + Math.cos(a.pitch * RAD) * Math.cos(b.pitch * RAD) * Math.cos((a.yaw - b.yaw) * RAD);
  return Math.acos(Math.max(-1, Math.min(1, cos))) / RAD;
}

/** The hotspot nearest the middle of the view, if one is within GAZE_RADIUS_DEG of it. */
export function gazedAt(targets: readonly GazeTarget[], view: { yaw: number; pitch: number }): GazeTarget | null {
  let nearest: GazeTarget | null = null;
  let nearestAngle = GAZE_RADIUS_DEG;
  for (const target of targets) {
    const angle = angleBetween(target, view);
    if (angle <= nearestAngle) [nearest, nearestAngle] = [target, angle];
  }
  return nearest;
}

/**
 * The gaze after one frame looking at `target` (or nothing) at `now`: how far the dwell has come (0 to 1), and
 * the hotspot to follow once it is complete (then the gaze starts over).
 */
export function gazeStep(gaze: Gaze, target: GazeTarget | null, now: number): { gaze: Gaze; progress: number; follow: GazeTarget | null } {
  if (!target) return { gaze: NO_GAZE, progress: 0, follow: null };
  if (gaze.target?.hotspotId !== target.hotspotId) return { gaze: { target, since: now }, progress: 0, follow: null };
  const progress = Math.min(1, (now - gaze.since) / GAZE_DWELL_MS);
  if (progress < 1) return { gaze, progress, follow: null };
  return { gaze: NO_GAZE, progress: 1, follow: target };
}

/** Where a camera looking along `direction` looks, in pannellum's yaw and pitch (yaw 0 on the sphere's -X). */
export function directionToView(direction: { x: number; y: number; z: number }): { yaw: number; pitch: number } {
  return { yaw: Math.atan2(-direction.z, -direction.x) / RAD, pitch: Math.asin(Math.max(-1, Math.min(1, direction.y))) / RAD };
}
