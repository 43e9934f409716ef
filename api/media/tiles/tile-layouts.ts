import type { CubeFace } from './cube-projection';

export const TILE_SIZE_PX = 512;

/** pannellum's `multiRes` figures for a cut panorama (Marzipano's layout reports the same three). */
export interface TileLayout {
  tileResolution: number;
  maxLevel: number;
  cubeResolution: number;
}

/** One level of a cut: each face at `size`×`size`, cut into tiles of `tileSize` (the last row and column smaller). */
export interface LevelPlan {
  size: number;
  tileSize: number;
  tilePath: (face: CubeFace, row: number, column: number) => string;
}

/** Everything a layout writes for a cube of a given face size. */
export interface CutPlan {
  layout: TileLayout;
  /** Largest first: each level is resized from the one before it. */
  levels: LevelPlan[];
  /** Whole faces for viewers that cannot draw tiles, resized from the smallest level at least this size. */
  fallback?: { size: number; path: (face: CubeFace) => string };
  /** The smallest level's six faces stacked top to bottom in `faceOrder`, as one picture. */
  strip?: { faceOrder: readonly CubeFace[]; path: string };
}

/** pannellum's fallback faces (for browsers without WebGL) are 1024 px, as its own generator makes them. */
const PANNELLUM_FALLBACK_SIZE_PX = 1024;

/**
 * pannellum's layout, as its multires generator writes it: level `maxLevel` is the full face, each level below it
 * half the one above (rounded down), down to the first that fits one tile; tiles `<level>/<face><row>_<column>`.
 */
export function pannellumPlan(cubeResolution: number): CutPlan {
  const sizes = [cubeResolution];
  while (sizes.at(-1)! > TILE_SIZE_PX) sizes.push(Math.floor(sizes.at(-1)! / 2));
  const maxLevel = sizes.length;
  return {
    layout: { tileResolution: TILE_SIZE_PX, maxLevel, cubeResolution },
    levels: sizes.map((size, i) => ({
      size,
      tileSize: TILE_SIZE_PX,
      tilePath: (face, row, column) => `${maxLevel - i}/${face}${row}_${column}.jpg`,
    })),
    fallback: { size: PANNELLUM_FALLBACK_SIZE_PX, path: (face) => `fallback/${face}.jpg` },
  };
}

/** A level of Marzipano's `CubeGeometry`, as its tool lists them in a scene's `levels`. */
export interface MarzipanoLevel {
  tileSize: number;
  size: number;
  fallbackOnly?: true;
}

/** Marzipano's tool starts every cube with a 256 px level drawn only while nothing better has arrived. */
const MARZIPANO_PREVIEW_SIZE_PX = 256;

/**
 * Marzipano's level list for a cube, smallest first, as its tool writes it: a 256 px preview level, a one-tile
 * 512 px level, then the full face and its halvings while they stay whole numbers of tiles. CubeGeometry wants each
 * level a multiple of the one below in size and in tiles, so a face of 2560 (5 tiles) has no 1280 level.
 */
export function marzipanoLevels(cubeResolution: number): MarzipanoLevel[] {
  const chain = [cubeResolution];
  while (chain.at(-1)! > TILE_SIZE_PX && (chain.at(-1)! / 2) % TILE_SIZE_PX === 0) chain.push(chain.at(-1)! / 2);
  if (chain.at(-1) !== TILE_SIZE_PX) chain.push(TILE_SIZE_PX);
  return [
    { tileSize: MARZIPANO_PREVIEW_SIZE_PX, size: MARZIPANO_PREVIEW_SIZE_PX, fallbackOnly: true },
    ...chain.reverse().map((size) => ({ tileSize: TILE_SIZE_PX, size })),
  ];
}

/**
 * Marzipano's layout, as its tool writes it: tiles `<z>/<face>/<row>/<column>.jpg` with z the index in
 * `marzipanoLevels` (0 the preview level), and `preview.jpg`, the preview level's faces stacked in the order
 * `ImageUrlSource.fromString` reads by default (its `cubeMapPreviewUrl`). `maxLevel` is the largest z.
 */
export function marzipanoPlan(cubeResolution: number): CutPlan {
  const levels = marzipanoLevels(cubeResolution);
  return {
    layout: { tileResolution: TILE_SIZE_PX, maxLevel: levels.length - 1, cubeResolution },
    levels: levels
      .map(({ size, tileSize }, z) => ({ size, tileSize, tilePath: (face: CubeFace, row: number, column: number) => `${z}/${face}/${row}/${column}.jpg` }))
      .reverse(),
    strip: { faceOrder: ['b', 'd', 'f', 'l', 'r', 'u'], path: 'preview.jpg' },
  };
}
