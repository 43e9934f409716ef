import type { SceneMultires } from './tour';

/** pannellum's cube faces in its own order, and where each one's centre looks (yaw, pitch) in degrees. */
const FACE_CENTRES: Record<'f' | 'b' | 'u' | 'd' | 'l' | 'r', [number, number]> = { f: [0, 0], b: [180, 0], u: [0, 90], d: [0, -90], l: [-90, 0], r: [90, 0] };
export type CubeFace = keyof typeof FACE_CENTRES;

/** The address of one tile, as pannellum builds it (relative to the server when `basePath` is). */
export function tileUrl(multires: SceneMultires, level: number, face: CubeFace, y = 0, x = 0): string {
  const path = multires.path.replace('%s', face).replace('%l', String(level)).replace('%y', String(y)).replace('%x', String(x));
  return `${multires.basePath}${path}.${multires.extension}`;
}

/** The face a view at (yaw, pitch) in degrees looks at: the first tile its first view needs. */
export function faceInSight(yaw: number, pitch: number): CubeFace {
  const toRad = Math.PI / 180;
  const direction = (y: number, p: number) => [Math.cos(p * toRad) * Math.sin(y * toRad), Math.sin(p * toRad), Math.cos(p * toRad) * Math.cos(y * toRad)];
  const view = direction(yaw, pitch);
  const nearness = (face: CubeFace) => direction(...FACE_CENTRES[face]).reduce((sum, value, i) => sum + value * view[i], 0);
  return (Object.keys(FACE_CENTRES) as CubeFace[]).reduce((best, face) => (nearness(face) > nearness(best) ? face : best));
}
