import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../panorama-store';
import { CUBE_FACES, type CubeFace } from './cube-projection';
import { RemapWorkers } from './remap-workers';
import { marzipanoPlan, pannellumPlan, TILE_SIZE_PX, type CutPlan, type LevelPlan, type TileLayout } from './tile-layouts';

export { TILE_SIZE_PX, type TileLayout } from './tile-layouts';

/** Narrower panoramas are shown whole: their cube would be a single 1024 px level. */
const MIN_TILED_WIDTH_PX = 4096;
const MAX_CUBE_RESOLUTION_PX = 8192;
const CHANNELS = 3;
/** Tiles encoded at once: sharp runs each on libuv's pool (4 threads) while the workers remap the next face. */
const TILES_IN_FLIGHT = 4;
/** The quality and tables of our stored JPEGs (mozjpeg's table 3 keeps most of its saving at baseline speed). */
const TILE_JPEG = { quality: 85, quantisationTable: 3 } as const;

/**
 * Cube face edge for an equirectangular width: width/π rounded down to a multiple of 512, at most 8192; undefined
 * when the picture is too small to cut (width < 4096).
 */
export function cubeResolutionFor(width: number): number | undefined {
  if (width < MIN_TILED_WIDTH_PX) return undefined;
  return Math.min(MAX_CUBE_RESOLUTION_PX, Math.floor(width / Math.PI / TILE_SIZE_PX) * TILE_SIZE_PX);
}

/**
 * Cuts the JPEG/PNG file at sourcePath into tiles, handing each finished file to `write` as it is made (relative
 * paths `<level>/<face><y>_<x>.jpg` with level 1 the coarsest, faces f b u d l r, and the six fallback faces
 * `fallback/<face>.jpg`), so memory stays bounded whatever the store. `write` is called for several files at once
 * (different paths); a rejection stops the cut. The Marzipano layout writes `<z>/<face>/<y>/<x>.jpg` and
 * `preview.jpg` instead (see `marzipanoLevels`).
 */
export async function cutTiles(
  sourcePath: string,
  write: (path: string, data: Buffer) => Promise<void>,
  options?: { layout?: 'pannellum' | 'marzipano' },
): Promise<TileLayout> {
  const { width, height } = await sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const cubeResolution = cubeResolutionFor(width);
  if (cubeResolution === undefined) throw new Error(`A panorama ${width} px wide is too small to cut into tiles`);
  const plan = options?.layout === 'marzipano' ? marzipanoPlan(cubeResolution) : pannellumPlan(cubeResolution);
  const workers = await RemapWorkers.start(sourcePath, width, height);
  try {
    // Two face buffers: the workers remap the next face into one while sharp cuts the other into tiles.
    const faces = [0, 1].map(() => new SharedArrayBuffer(cubeResolution * cubeResolution * CHANNELS));
    const stripFaces = new Map<CubeFace, Buffer>();
    await workers.remapFace(CUBE_FACES[0], cubeResolution, faces[0]);
    for (let i = 0; i < CUBE_FACES.length; i++) {
      const next = CUBE_FACES[i + 1];
      await Promise.all([
        cutFace(CUBE_FACES[i], Buffer.from(faces[i % 2]), plan, write).then((smallest) => stripFaces.set(CUBE_FACES[i], smallest)),
        next && workers.remapFace(next, cubeResolution, faces[(i + 1) % 2]),
      ]);
    }
    if (plan.strip)
      await write(
        plan.strip.path,
        await stackFaces(
          plan.strip.faceOrder.map((face) => stripFaces.get(face)!),
          plan.levels.at(-1)!.size,
        ),
      );
  } finally {
    await workers.close();
  }
  return plan.layout;
}

/** Writes one face's tiles at every level (and its fallback face); resolves with its smallest level's pixels. */
async function cutFace(face: CubeFace, pixels: Buffer, plan: CutPlan, write: (path: string, data: Buffer) => Promise<void>): Promise<Buffer> {
  let image = { pixels, size: plan.levels[0].size };
  let fallbackSource = image;
  for (const level of plan.levels) {
    if (level.size !== image.size) image = { pixels: await resizeRaw(image.pixels, image.size, level.size), size: level.size };
    if (plan.fallback && image.size >= plan.fallback.size) fallbackSource = image;
    await cutLevel(face, image.pixels, level, write);
  }
  if (plan.fallback) {
    const data = await raw(fallbackSource.pixels, fallbackSource.size).resize(plan.fallback.size, plan.fallback.size).jpeg(TILE_JPEG).toBuffer();
    await write(plan.fallback.path(face), data);
  }
  return image.pixels;
}

async function cutLevel(face: CubeFace, pixels: Buffer, level: LevelPlan, write: (path: string, data: Buffer) => Promise<void>): Promise<void> {
  const { size, tileSize } = level;
  const tiles: Array<{ row: number; column: number }> = [];
  for (let row = 0; row * tileSize < size; row++) for (let column = 0; column * tileSize < size; column++) tiles.push({ row, column });
  const cutOne = async ({ row, column }: { row: number; column: number }) => {
    const left = column * tileSize;
    const top = row * tileSize;
    const data = await raw(pixels, size)
      .extract({ left, top, width: Math.min(tileSize, size - left), height: Math.min(tileSize, size - top) })
      .jpeg(TILE_JPEG)
      .toBuffer();
    await write(level.tilePath(face, row, column), data);
  };
  const lanes = Array.from({ length: TILES_IN_FLIGHT }, async () => {
    for (let tile = tiles.shift(); tile; tile = tiles.shift()) await cutOne(tile);
  });
  await Promise.all(lanes);
}

function raw(pixels: Buffer, size: number): Sharp {
  return sharp(pixels, { raw: { width: size, height: size, channels: CHANNELS } });
}

function resizeRaw(pixels: Buffer, size: number, to: number): Promise<Buffer> {
  return raw(pixels, size).resize(to, to).raw().toBuffer();
}

/** The faces (each `size`×`size` RGB) one above the other, as one JPEG. */
function stackFaces(faces: Buffer[], size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size * faces.length, channels: CHANNELS, background: '#000' } })
    .composite(faces.map((input, i) => ({ input, raw: { width: size, height: size, channels: CHANNELS }, top: i * size, left: 0 })))
    .jpeg(TILE_JPEG)
    .toBuffer();
}
