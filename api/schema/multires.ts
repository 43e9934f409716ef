import type { SceneMultires } from './tour';

/** The horizontal field of view a scene opens with unless its owner zoomed (`cameraZoom`). */
export const DEFAULT_FOV_DEG = 90;
/** pannellum keeps the horizontal field of view within these (its defaults, which the viewer keeps). */
const PANNELLUM_HFOV_DEG = { min: 50, max: 120 };

/** pannellum's cube faces: front (yaw 0), back, up, down, left (yaw -90), right (yaw 90). */
export type CubeFace = 'f' | 'b' | 'u' | 'd' | 'l' | 'r';
const FACES: CubeFace[] = ['f', 'b', 'u', 'd', 'l', 'r'];

/** The address of one tile, as pannellum builds it (relative to the server when `basePath` is). */
export function tileUrl(multires: SceneMultires, level: number, face: CubeFace, y = 0, x = 0): string {
  const path = multires.path.replace('%s', face).replace('%l', String(level)).replace('%y', String(y)).replace('%x', String(x));
  return `${multires.basePath}${path}.${multires.extension}`;
}

/** Rays per screen side when finding the faces a view draws: fine enough that a face filling a sliver is still seen. */
const SCREEN_SAMPLES = 24;

/**
 * The cube faces a view (degrees) draws on a frame `aspect` (width / height) wide, the one filling most of the
 * frame first: the coarsest tiles its first view needs. pannellum's `hfov` is horizontal, so an upright phone sees
 * far more above and below than a landscape desktop. Rays go through the centres of a grid over the frame, each
 * landing on the face whose axis it runs closest to; a face that only touches the frame's edge is left out (a face
 * missed costs a tile pannellum asks for itself, a face too many a fetch or preload the view never uses).
 */
export function facesInSight({ yaw, pitch, hfov }: { yaw: number; pitch: number; hfov: number }, aspect: number): CubeFace[] {
  const toRad = Math.PI / 180;
  const halfWidth = Math.tan((Math.min(Math.max(hfov, PANNELLUM_HFOV_DEG.min), PANNELLUM_HFOV_DEG.max) * toRad) / 2);
  const halfHeight = halfWidth / aspect;
  const [sinP, cosP, sinY, cosY] = [Math.sin(pitch * toRad), Math.cos(pitch * toRad), Math.sin(yaw * toRad), Math.cos(yaw * toRad)];
  const hits = new Map<CubeFace, number>();
  for (let i = 0; i < SCREEN_SAMPLES; i++) {
    for (let j = 0; j < SCREEN_SAMPLES; j++) {
      const x = ((2 * i + 1) / SCREEN_SAMPLES - 1) * halfWidth;
      const y = ((2 * j + 1) / SCREEN_SAMPLES - 1) * halfHeight;
      // The ray (x, y, 1) of the camera, pitched up, then turned right by yaw.
      const [up, ahead] = [y * cosP + sinP, cosP - y * sinP];
      const ray = [x * cosY + ahead * sinY, up, ahead * cosY - x * sinY];
      const face = faceOfRay(ray);
      hits.set(face, (hits.get(face) ?? 0) + 1);
    }
  }
  return FACES.filter((face) => hits.has(face)).sort((a, b) => hits.get(b)! - hits.get(a)!);
}

/** The face a ray (right, up, ahead) leaves the cube through: the one across its longest component (ties in pannellum's face order). */
function faceOfRay([right, up, ahead]: number[]): CubeFace {
  const [r, u, a] = [Math.abs(right), Math.abs(up), Math.abs(ahead)];
  if (a >= r && a >= u) return ahead >= 0 ? 'f' : 'b';
  if (u >= r) return up >= 0 ? 'u' : 'd';
  return right >= 0 ? 'r' : 'l';
}
