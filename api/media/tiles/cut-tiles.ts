import sharp, { type Sharp } from 'sharp';
import type { Holding } from '../image-queue';
import { MAX_INPUT_PIXELS } from '../panorama-store';
import type { CubeFace } from './cube-projection';
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
/** The side faces first, as they read the same band of the picture, then each polar cap: three decodes of rows. */
const REMAP_ORDER: readonly CubeFace[] = ['f', 'r', 'b', 'l', 'u', 'd'];

/**
 * Cube face edge for an equirectangular width: width/π rounded down to a multiple of 512, at most 8192; undefined
 * when the picture is too small to cut (width < 4096).
 */
export function cubeResolutionFor(width: number): number | undefined {
  if (width < MIN_TILED_WIDTH_PX) return undefined;
  return Math.min(MAX_CUBE_RESOLUTION_PX, Math.floor(width / Math.PI / TILE_SIZE_PX) * TILE_SIZE_PX);
}

/** How a cut shares the machine, and when it must stop. */
export interface CutOptions {
  layout?: 'pannellum' | 'marzipano';
  /** Stops the cut at the next tile (or band of rows), its workers ended: it rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Takes the memory the cut keeps from start to end (the decoded rows and the two face buffers) in its turn, and
   * runs each of its steps (one face cut into tiles while the next is remapped) in a turn of its own, so the process's
   * other image work runs between them. By default the cut runs straight through.
   */
  hold?: (bytes: number) => Promise<Holding>;
}

/** A cut that shares nothing: its steps run as they come. */
const straightThrough = (): Promise<Holding> => Promise.resolve({ run: (_weight, job) => job(), release: () => undefined });

/**
 * Cuts the JPEG/PNG file at sourcePath into tiles, handing each finished file to `write` as it is made (relative
 * paths `<level>/<face><y>_<x>.jpg` with level 1 the coarsest, faces f b u d l r, and the six fallback faces
 * `fallback/<face>.jpg`), so memory stays bounded whatever the store. `write` is called for several files at once
 * (different paths); a rejection stops the cut. The Marzipano layout writes `<z>/<face>/<y>/<x>.jpg` and
 * `preview.jpg` instead (see `marzipanoLevels`).
 */
export async function cutTiles(sourcePath: string, write: (path: string, data: Buffer) => Promise<void>, options: CutOptions = {}): Promise<TileLayout> {
  const { signal } = options;
  const { width, height } = await sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const cubeResolution = cubeResolutionFor(width);
  if (cubeResolution === undefined) throw new Error(`A panorama ${width} px wide is too small to cut into tiles`);
  const plan = options.layout === 'marzipano' ? marzipanoPlan(cubeResolution) : pannellumPlan(cubeResolution);
  const faceBytes = cubeResolution * cubeResolution * CHANNELS;
  // Two face buffers: the workers remap the next face into one while sharp cuts the other into tiles.
  const holding = await (options.hold ?? straightThrough)(RemapWorkers.heldBytes(width, height) + 2 * faceBytes);
  let workers: RemapWorkers | undefined;
  try {
    signal?.throwIfAborted();
    workers = RemapWorkers.start(sourcePath, width, height);
    const remap = workers.remapFace.bind(workers);
    const faces = [0, 1].map(() => new SharedArrayBuffer(faceBytes));
    const stripFaces = new Map<CubeFace, Buffer>();
    const step = (weight: number, job: () => Promise<void>) =>
      holding.run(weight, () => {
        signal?.throwIfAborted();
        return job();
      });
    await step(workers.decodeBytes(REMAP_ORDER[0]), () => remap(REMAP_ORDER[0], cubeResolution, faces[0], signal));
    for (let i = 0; i < REMAP_ORDER.length; i++) {
      const next = REMAP_ORDER[i + 1];
      // The face's smaller levels (a third of it, all told) beside the next face's rows, when it needs new ones.
      const weight = Math.ceil(faceBytes / 3) + (next ? workers.decodeBytes(next) : 0);
      await step(weight, () =>
        allSettled([
          cutFace(REMAP_ORDER[i], Buffer.from(faces[i % 2]), plan, write, signal).then((smallest) => stripFaces.set(REMAP_ORDER[i], smallest)),
          next && remap(next, cubeResolution, faces[(i + 1) % 2], signal),
        ]),
      );
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
    await workers?.close();
    holding.release();
  }
  return plan.layout;
}

/** Writes one face's tiles at every level (and its fallback face); resolves with its smallest level's pixels. */
async function cutFace(face: CubeFace, pixels: Buffer, plan: CutPlan, write: TileWrite, signal: AbortSignal | undefined): Promise<Buffer> {
  let image = { pixels, size: plan.levels[0].size };
  let fallbackSource = image;
  for (const level of plan.levels) {
    signal?.throwIfAborted();
    if (level.size !== image.size) image = { pixels: await resizeRaw(image.pixels, image.size, level.size), size: level.size };
    if (plan.fallback && image.size >= plan.fallback.size) fallbackSource = image;
    await cutLevel(face, image.pixels, level, write, signal);
  }
  if (plan.fallback) {
    const data = await raw(fallbackSource.pixels, fallbackSource.size).resize(plan.fallback.size, plan.fallback.size).jpeg(TILE_JPEG).toBuffer();
    await write(plan.fallback.path(face), data);
  }
  return image.pixels;
}

type TileWrite = (path: string, data: Buffer) => Promise<void>;

async function cutLevel(face: CubeFace, pixels: Buffer, level: LevelPlan, write: TileWrite, signal: AbortSignal | undefined): Promise<void> {
  const { size, tileSize } = level;
  const tiles: Array<{ row: number; column: number }> = [];
  for (let row = 0; row * tileSize < size; row++) for (let column = 0; column * tileSize < size; column++) tiles.push({ row, column });
  const cutOne = async ({ row, column }: { row: number; column: number }) => {
    signal?.throwIfAborted();
    const left = column * tileSize;
    const top = row * tileSize;
    const data = await raw(pixels, size)
      .extract({ left, top, width: Math.min(tileSize, size - left), height: Math.min(tileSize, size - top) })
      .jpeg(TILE_JPEG)
      .toBuffer();
    await write(level.tilePath(face, row, column), data);
  };
  // A failed tile (or write, or a stop) stops the other lanes taking more, so a refused cut ends soon.
  const lanes = Array.from({ length: TILES_IN_FLIGHT }, async () => {
    for (let tile = tiles.shift(); tile; tile = tiles.shift()) {
      try {
        await cutOne(tile);
      } catch (error) {
        tiles.length = 0;
        throw error;
      }
    }
  });
  await allSettled(lanes);
}

/**
 * Waits for every one of `work`, then fails with the first failure: once the cut has failed, nothing of it is left
 * running to write more files (so a caller may remove what was written).
 */
async function allSettled(work: Array<Promise<unknown>>): Promise<void> {
  const failure = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
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
