/**
 * The equirectangular → cube remap, in the cube pannellum draws: seen from inside, +x to the right of the front
 * face, +y up, the front face at -z (yaw 0). Each face image is upright as seen from the centre, so its pixel
 * (0, 0) is the top-left corner as a viewer looking at that face sees it; the up face's bottom edge meets the front
 * face's top edge, and the down face's top edge meets the front face's bottom edge. Marzipano's cube is the same.
 */

/** pannellum's face letters, in the order its tile generator writes them. */
export const CUBE_FACES = ['f', 'b', 'u', 'd', 'l', 'r'] as const;
export type CubeFace = (typeof CUBE_FACES)[number];

/** Decoded RGB pixels of a full 360°×180° equirectangular picture, rows top to bottom. */
export interface EquirectPixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

const CHANNELS = 3;

/**
 * The direction (not normalised) through a point of a face, from `across` (-1 at the face's left edge, 1 at its
 * right) and `down` (-1 at its top edge, 1 at its bottom).
 */
export function faceDirection(face: CubeFace, across: number, down: number): [number, number, number] {
  switch (face) {
    case 'f':
      return [across, -down, -1];
    case 'b':
      return [-across, -down, 1];
    case 'u':
      return [across, 1, -down];
    case 'd':
      return [across, -1, down];
    case 'l':
      return [-1, -down, -across];
    case 'r':
      return [1, -down, across];
  }
}

/**
 * Fills rows [rowStart, rowEnd) of a `size`×`size` RGB face image (`face` holds the whole face) by bilinear
 * sampling of the equirectangular picture, whose column 0 starts at yaw -π and whose centre column is yaw 0.
 * The picture wraps around horizontally and is clamped at the poles.
 */
export function remapFaceRows(source: EquirectPixels, face: CubeFace, size: number, rowStart: number, rowEnd: number, target: Uint8Array): void {
  const { pixels, width, height } = source;
  const columnsPerRadian = width / (2 * Math.PI);
  const rowsPerRadian = height / Math.PI;
  const rowStride = width * CHANNELS;
  for (let row = rowStart; row < rowEnd; row++) {
    const down = (2 * (row + 0.5)) / size - 1;
    let out = row * size * CHANNELS;
    for (let column = 0; column < size; column++) {
      const across = (2 * (column + 0.5)) / size - 1;
      const [x, y, z] = faceDirection(face, across, down);
      const yaw = Math.atan2(x, -z);
      const pitch = Math.atan2(y, Math.sqrt(x * x + z * z));
      // Pixel centres sit half a pixel in: column c covers yaw -π + (c, c + 1) / columnsPerRadian.
      const sourceX = (yaw + Math.PI) * columnsPerRadian - 0.5;
      let sourceY = (Math.PI / 2 - pitch) * rowsPerRadian - 0.5;
      if (sourceY < 0) sourceY = 0;
      else if (sourceY > height - 1) sourceY = height - 1;
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      const fx = sourceX - left;
      const fy = sourceY - top;
      const x0 = (left < 0 ? left + width : left) * CHANNELS;
      const x1 = (left + 1 >= width ? left + 1 - width : left + 1) * CHANNELS;
      const row0 = top * rowStride;
      const row1 = (top + 1 < height ? top + 1 : top) * rowStride;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      for (let channel = 0; channel < CHANNELS; channel++) {
        target[out++] =
          pixels[row0 + x0 + channel] * w00 + pixels[row0 + x1 + channel] * w01 + pixels[row1 + x0 + channel] * w10 + pixels[row1 + x1 + channel] * w11 + 0.5;
      }
    }
  }
}
