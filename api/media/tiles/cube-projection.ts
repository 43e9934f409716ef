/**
 * The equirectangular → cube remap, in the cube pannellum draws: seen from inside, +x to the right of the front
 * face, +y up, the front face at -z (yaw 0). Each face image is upright as seen from the centre, so its pixel
 * (0, 0) is the top-left corner as a viewer looking at that face sees it; the up face's bottom edge meets the front
 * face's top edge, and the down face's top edge meets the front face's bottom edge. Marzipano's cube is the same.
 */

import type { CubeFace } from '../../schema/multires';

export type { CubeFace };

/** pannellum's face letters, in the order its tile generator writes them. */
export const CUBE_FACES: readonly CubeFace[] = ['f', 'b', 'u', 'd', 'l', 'r'];

/** Decoded RGB pixels of a full 360°×180° equirectangular picture, rows top to bottom. */
export interface EquirectPixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

const CHANNELS = 3;

/** Yaw of each side face's centre: the side faces are the front face turned about the vertical axis. */
const SIDE_FACE_YAW: Partial<Record<CubeFace, number>> = { f: 0, r: Math.PI / 2, b: Math.PI, l: -Math.PI / 2 };

/**
 * Fills rows [rowStart, rowEnd) of a `size`×`size` RGB face image (`target` holds the whole face) by bilinear
 * sampling of the equirectangular picture, whose column 0 starts at yaw -π and whose centre column is yaw 0.
 * The picture wraps around horizontally and is clamped at the poles.
 */
export function remapFaceRows(source: EquirectPixels, face: CubeFace, size: number, rowStart: number, rowEnd: number, target: Uint8Array): void {
  const { width, height } = source;
  const columnsPerRadian = width / (2 * Math.PI);
  const rowsPerRadian = height / Math.PI;
  // Source coordinates of the face's pixel centres: column c covers yaw -π + (c, c + 1) / columnsPerRadian.
  const sourceX = (yaw: number) => (yaw + Math.PI) * columnsPerRadian - 0.5;
  const sourceY = (pitch: number) => (Math.PI / 2 - pitch) * rowsPerRadian - 0.5;
  const across = (column: number) => (2 * (column + 0.5)) / size - 1;
  const sideYaw = SIDE_FACE_YAW[face];
  if (sideYaw !== undefined) {
    // On a side face the yaw depends on the column alone, and the pitch is atan(height / distance along the floor).
    const columnX = new Float64Array(size);
    const columnFloor = new Float64Array(size);
    for (let column = 0; column < size; column++) {
      const a = across(column);
      columnX[column] = sourceX(wrapYaw(sideYaw + Math.atan(a)));
      columnFloor[column] = 1 / Math.sqrt(1 + a * a);
    }
    // Columns mirrored about the centre share their pitch.
    for (let row = rowStart; row < rowEnd; row++) {
      const up = -across(row);
      const rowOut = row * size * CHANNELS;
      for (let column = 0, mirrored = size - 1; column <= mirrored; column++, mirrored--) {
        const y = sourceY(atanUnit(up * columnFloor[column]));
        sample(source, columnX[column], y, target, rowOut + column * CHANNELS);
        sample(source, columnX[mirrored], y, target, rowOut + mirrored * CHANNELS);
      }
    }
    return;
  }
  // The up and down faces: yaw turns around the face's centre, pitch falls from ±90° there. Columns mirrored about
  // the centre share their pitch and have opposite yaws, so each pair takes one angle computation.
  const sign = face === 'u' ? 1 : -1;
  for (let row = rowStart; row < rowEnd; row++) {
    const b = across(row);
    const rowOut = row * size * CHANNELS;
    for (let column = 0, mirrored = size - 1; column <= mirrored; column++, mirrored--) {
      const a = across(column);
      const yaw = atan2(a, sign * b);
      const fromCentre = Math.sqrt(a * a + b * b);
      const y = sourceY(sign * (fromCentre < 1 ? Math.PI / 2 - atanUnit(fromCentre) : atanUnit(1 / fromCentre)));
      sample(source, sourceX(yaw), y, target, rowOut + column * CHANNELS);
      sample(source, sourceX(-yaw), y, target, rowOut + mirrored * CHANNELS);
    }
  }
}

/**
 * atan on [-1, 1] by Hastings' minimax polynomial, within 2e-6 rad (a 200th of a pixel at 16384 px wide), at a
 * fraction of Math.atan's cost: the projection takes one or two per pixel, and they were most of its time.
 */
function atanUnit(x: number): number {
  const x2 = x * x;
  return x * (0.99997726 + x2 * (-0.33262347 + x2 * (0.19354346 + x2 * (-0.11643287 + x2 * (0.05265332 + x2 * -0.0117212)))));
}

/** atan2 through atanUnit: the angle of (x, y) folded into the first octant and back. */
function atan2(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let angle = ay <= ax ? atanUnit(ay / ax) : Math.PI / 2 - atanUnit(ax / ay);
  if (x < 0) angle = Math.PI - angle;
  return y < 0 ? -angle : angle;
}

function wrapYaw(yaw: number): number {
  return yaw >= Math.PI ? yaw - 2 * Math.PI : yaw;
}

/** Bilinear sample at (x, y) in source pixel coordinates, wrapped around horizontally, clamped vertically. */
function sample(source: EquirectPixels, x: number, y: number, target: Uint8Array, out: number): void {
  const { pixels, width, height } = source;
  if (y < 0) y = 0;
  else if (y > height - 1) y = height - 1;
  const left = Math.floor(x);
  const top = Math.floor(y);
  const fx = x - left;
  const fy = y - top;
  const x0 = (left < 0 ? left + width : left) * CHANNELS;
  const x1 = (left + 1 >= width ? left + 1 - width : left + 1) * CHANNELS;
  const rowStride = width * CHANNELS;
  const row0 = top * rowStride;
  const row1 = (top + 1 < height ? top + 1 : top) * rowStride;
  const w00 = (1 - fx) * (1 - fy);
  const w01 = fx * (1 - fy);
  const w10 = (1 - fx) * fy;
  const w11 = fx * fy;
  for (let channel = 0; channel < CHANNELS; channel++) {
    // Weights sum to 1, so the value stays within 0..255.5 and the store's truncation rounds it.
    target[out + channel] =
      pixels[row0 + x0 + channel] * w00 + pixels[row0 + x1 + channel] * w01 + pixels[row1 + x0 + channel] * w10 + pixels[row1 + x1 + channel] * w11 + 0.5;
  }
}
