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

/** Points sampled across a view, edges included, per side: a face in sight covers at least one of them. */
const SIGHT_SAMPLES = 9;

/**
 * The faces a view at (yaw, pitch) in degrees with `hfov` across a frame `aspect` (width / height) wide shows: the
 * coarsest tiles its first view needs. Sampled on a grid over the frame, so a face seen only in a sliver between two
 * samples may be left out (pannellum asks for it itself).
 */
export function facesInSight(view: { yaw: number; pitch: number; hfov: number }, aspect: number): CubeFace[] {
  const toRad = Math.PI / 180;
  const across = Math.tan((view.hfov * toRad) / 2);
  const [sinPitch, cosPitch, sinYaw, cosYaw] = [
    Math.sin(view.pitch * toRad),
    Math.cos(view.pitch * toRad),
    Math.sin(view.yaw * toRad),
    Math.cos(view.yaw * toRad),
  ];
  const faces = new Set<CubeFace>();
  for (let i = 0; i < SIGHT_SAMPLES; i++) {
    for (let j = 0; j < SIGHT_SAMPLES; j++) {
      // A ray through the frame (x right, y up, z ahead), turned up by the pitch, then right by the yaw.
      const x = ((2 * i) / (SIGHT_SAMPLES - 1) - 1) * across;
      const y0 = ((2 * j) / (SIGHT_SAMPLES - 1) - 1) * (across / aspect);
      const [y, z0] = [y0 * cosPitch + sinPitch, -y0 * sinPitch + cosPitch];
      const [right, up, ahead] = [x * cosYaw + z0 * sinYaw, y, -x * sinYaw + z0 * cosYaw];
      const largest = Math.max(Math.abs(right), Math.abs(up), Math.abs(ahead));
      if (largest === Math.abs(ahead)) faces.add(ahead > 0 ? 'f' : 'b');
      else if (largest === Math.abs(right)) faces.add(right > 0 ? 'r' : 'l');
      else faces.add(up > 0 ? 'u' : 'd');
    }
  }
  return [...faces];
}
