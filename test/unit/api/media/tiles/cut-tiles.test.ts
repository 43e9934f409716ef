import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeResolutionFor, cutTiles, TILE_SIZE_PX, type TileLayout } from '../../../../../api/media/tiles/cut-tiles';
import { CUBE_FACES, faceSourceRows, remapFaceRows } from '../../../../../api/media/tiles/cube-projection';
import { marzipanoLevels, pannellumPlan } from '../../../../../api/media/tiles/tile-layouts';

type Face = 'f' | 'b' | 'u' | 'd' | 'l' | 'r';
type Vector = [number, number, number];

/**
 * pannellum's cube as its renderer draws it (libpannellum.js, createCube): per face the corners at the top-left,
 * top-right and bottom-left of the face's image, in its world (yaw 0 looks at -z, yaw 90° at +x, +y up).
 */
const PANNELLUM_CUBE: Record<Face, [Vector, Vector, Vector]> = {
  f: [
    [-1, 1, -1],
    [1, 1, -1],
    [-1, -1, -1],
  ],
  b: [
    [1, 1, 1],
    [-1, 1, 1],
    [1, -1, 1],
  ],
  u: [
    [-1, 1, 1],
    [1, 1, 1],
    [-1, 1, -1],
  ],
  d: [
    [-1, -1, -1],
    [1, -1, -1],
    [-1, -1, 1],
  ],
  l: [
    [-1, 1, 1],
    [-1, 1, -1],
    [-1, -1, 1],
  ],
  r: [
    [1, 1, -1],
    [1, 1, 1],
    [1, -1, -1],
  ],
};

const degrees = Math.PI / 180;

function directionOf(yaw: number, pitch: number): Vector {
  return [Math.cos(pitch * degrees) * Math.sin(yaw * degrees), Math.sin(pitch * degrees), -Math.cos(pitch * degrees) * Math.cos(yaw * degrees)];
}

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const minus = (a: Vector, b: Vector): Vector => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** Where a view direction meets pannellum's cube: the face, and the point across and down it (0 to 1). */
function whereOnCube(yaw: number, pitch: number): { face: Face; across: number; down: number } {
  const direction = directionOf(yaw, pitch);
  for (const [face, [topLeft, topRight, bottomLeft]] of Object.entries(PANNELLUM_CUBE) as Array<[Face, [Vector, Vector, Vector]]>) {
    const right = minus(topRight, topLeft);
    const downward = minus(bottomLeft, topLeft);
    const normal: Vector = [topLeft[0] + (right[0] + downward[0]) / 2, topLeft[1] + (right[1] + downward[1]) / 2, topLeft[2] + (right[2] + downward[2]) / 2];
    const along = dot(direction, normal);
    if (along <= 0) continue;
    const hit: Vector = direction.map((value) => value / along) as Vector;
    const across = dot(minus(hit, topLeft), right) / 4;
    const down = dot(minus(hit, topLeft), downward) / 4;
    if (across >= 0 && across <= 1 && down >= 0 && down <= 1) return { face, across, down };
  }
  throw new Error('no face');
}

/** Coloured discs (1.6° across) at known directions, on a black equirectangular picture, none across a tile's edge. */
const MARKS: Array<{ yaw: number; pitch: number; colour: [number, number, number] }> = [
  { yaw: 8, pitch: -6, colour: [255, 0, 0] },
  { yaw: 30, pitch: 20, colour: [0, 255, 0] },
  { yaw: 100, pitch: -10, colour: [0, 0, 255] },
  { yaw: -120, pitch: 15, colour: [255, 255, 0] },
  { yaw: 172, pitch: 5, colour: [255, 0, 255] },
  { yaw: -160, pitch: -25, colour: [0, 255, 255] },
  { yaw: 60, pitch: 70, colour: [255, 128, 0] },
  { yaw: -30, pitch: -65, colour: [128, 0, 255] },
];
const MARK_RADIUS_DEGREES = 0.8;

async function markedPanorama(path: string, width: number): Promise<void> {
  const height = width / 2;
  const pixels = new Uint8Array(width * height * 3);
  for (const { yaw, pitch, colour } of MARKS) {
    const centre = directionOf(yaw, pitch);
    const rowFrom = Math.max(0, Math.floor(((90 - pitch - 2) / 180) * height));
    const rowTo = Math.min(height, Math.ceil(((90 - pitch + 2) / 180) * height));
    for (let row = rowFrom; row < rowTo; row++) {
      for (let column = 0; column < width; column++) {
        const pixel = directionOf(((column + 0.5) / width) * 360 - 180, 90 - ((row + 0.5) / height) * 180);
        if (Math.acos(Math.min(1, dot(pixel, centre))) < MARK_RADIUS_DEGREES * degrees) pixels.set(colour, (row * width + column) * 3);
      }
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path);
}

/** The centre of the pixels near `colour` in a JPEG, or undefined when there are none. */
async function centreOf(jpeg: Buffer, colour: [number, number, number]): Promise<{ x: number; y: number } | undefined> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const distance = Math.hypot(data[i * 3] - colour[0], data[i * 3 + 1] - colour[1], data[i * 3 + 2] - colour[2]);
    if (distance < 90) {
      count += 1;
      x += (i % info.width) + 0.5;
      y += Math.floor(i / info.width) + 0.5;
    }
  }
  return count ? { x: x / count, y: y / count } : undefined;
}

async function cutIntoMemory(sourcePath: string, layout?: 'pannellum' | 'marzipano') {
  const files = new Map<string, Buffer>();
  const result = await cutTiles(
    sourcePath,
    async (path, data) => {
      expect(files.has(path)).toBe(false);
      files.set(path, data);
    },
    { layout },
  );
  return { result, files };
}

let folder: string;
let marks: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tour-tiles-'));
  marks = join(folder, 'marks.png');
  await markedPanorama(marks, 4096);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('cube face size', () => {
  it('is width/π rounded down to 512s, at most 8192, for pictures at least 4096 wide', () => {
    expect([4096, 6000, 8192, 16384, 26000, 60000].map(cubeResolutionFor)).toEqual([1024, 1536, 2560, 5120, 8192, 8192]);
    expect(cubeResolutionFor(4095)).toBeUndefined();
    expect(TILE_SIZE_PX).toBe(512);
  });
});

describe('the rows of the picture each face is remapped from', () => {
  it('are enough: each face from its rows alone is the face from the whole picture, whatever the height', () => {
    for (const [width, height] of [
      [1024, 512],
      [1026, 513],
    ]) {
      const pixels = new Uint8Array(width * height * 3).map((_, i) => (i * 2654435761) >>> 24);
      for (const face of CUBE_FACES) {
        const size = 256;
        const whole = new Uint8Array(size * size * 3);
        remapFaceRows({ pixels, width, height }, face, size, 0, size, whole);
        const { top, bottom } = faceSourceRows(face, height);
        const rows = pixels.slice(top * width * 3, bottom * width * 3);
        const fromRows = new Uint8Array(size * size * 3);
        remapFaceRows({ pixels: rows, width, height, firstRow: top }, face, size, 0, size, fromRows);
        expect(Buffer.from(fromRows).equals(Buffer.from(whole)), `${face} at ${width}×${height}`).toBe(true);
      }
    }
  });

  it('are the band within ±45° of the horizon for a side face, a polar cap for the up and down faces', () => {
    const share = (face: (typeof CUBE_FACES)[number]) => {
      const { top, bottom } = faceSourceRows(face, 8192);
      return (bottom - top) / 8192;
    };
    for (const face of ['f', 'b', 'l', 'r'] as const) expect(share(face)).toBeLessThan(0.51);
    expect(share('u')).toBeLessThan(0.31);
    expect(share('d')).toBeLessThan(0.31);
    expect(faceSourceRows('u', 8192).top).toBe(0);
    expect(faceSourceRows('d', 8192).bottom).toBe(8192);
  });
});

describe('a panorama cut in pannellum’s layout', () => {
  let cut: { result: TileLayout; files: Map<string, Buffer> };
  beforeAll(async () => {
    cut = await cutIntoMemory(marks);
  });

  it('reports pannellum’s figures and writes every tile of every level, and the fallback faces', () => {
    expect(cut.result).toEqual({ tileResolution: 512, maxLevel: 2, cubeResolution: 1024 });
    const expected = ['f', 'b', 'u', 'd', 'l', 'r'].flatMap((face) => [
      `1/${face}0_0.jpg`,
      ...['0_0', '0_1', '1_0', '1_1'].map((tile) => `2/${face}${tile}.jpg`),
      `fallback/${face}.jpg`,
    ]);
    expect([...cut.files.keys()].sort()).toEqual(expected.sort());
  });

  it('puts each known point on the face and pixel where pannellum’s renderer draws it, at every level', async () => {
    const { cubeResolution, maxLevel, tileResolution } = cut.result;
    for (const { yaw, pitch, colour } of MARKS) {
      const { face, across, down } = whereOnCube(yaw, pitch);
      for (let level = 1; level <= maxLevel; level++) {
        // pannellum's renderer: a level's face is cubeResolution / 2^(maxLevel - level) pixels.
        const size = cubeResolution * 2 ** (level - maxLevel);
        const [x, y] = [across * size, down * size];
        const [column, row] = [Math.floor(x / tileResolution), Math.floor(y / tileResolution)];
        const found = await centreOf(cut.files.get(`${level}/${face}${row}_${column}.jpg`)!, colour);
        expect(found, `${yaw},${pitch} on ${face} at level ${level}`).toBeDefined();
        expect(Math.abs(found!.x - (x - column * tileResolution)), `${yaw},${pitch} x at level ${level}`).toBeLessThan(1.5);
        expect(Math.abs(found!.y - (y - row * tileResolution)), `${yaw},${pitch} y at level ${level}`).toBeLessThan(1.5);
      }
    }
  });

  it('draws the fallback faces, 1024 px, the same way', async () => {
    for (const { yaw, pitch, colour } of MARKS) {
      const { face, across, down } = whereOnCube(yaw, pitch);
      const fallback = cut.files.get(`fallback/${face}.jpg`)!;
      expect(await sharp(fallback).metadata()).toMatchObject({ width: 1024, height: 1024 });
      const found = await centreOf(fallback, colour);
      expect(Math.abs(found!.x - across * 1024)).toBeLessThan(1.5);
      expect(Math.abs(found!.y - down * 1024)).toBeLessThan(1.5);
    }
  });
});

describe('a store that refuses a file', () => {
  it('stops the cut with its error, nothing of it left running to write more', async () => {
    let writes = 0;
    let writesWhenRefused = 0;
    const refusal = new Error('disk full');
    const cut = cutTiles(marks, async () => {
      writes += 1;
      if (writes === 3) {
        writesWhenRefused = writes;
        throw refusal;
      }
    });
    await expect(cut).rejects.toBe(refusal);
    // Only the tiles already being encoded beside the refused one (four at a time) were handed over after it.
    expect(writes - writesWhenRefused).toBeLessThanOrEqual(3);
    expect(writes).toBeLessThan(36);
  });
});

describe('a cut that is stopped', () => {
  it('ends at the next tile with the reason, nothing of it left running to write more', async () => {
    const stop = new AbortController();
    let writes = 0;
    let writesWhenStopped = 0;
    const cut = cutTiles(
      marks,
      async () => {
        writes += 1;
        if (writes === 3) {
          writesWhenStopped = writes;
          stop.abort(new Error('stopping'));
        }
      },
      { signal: stop.signal },
    );
    await expect(cut).rejects.toThrow('stopping');
    // Only the tiles already being encoded beside the third (four at a time) were handed over after it.
    expect(writes - writesWhenStopped).toBeLessThanOrEqual(3);
    const after = writes;
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toBe(after);
  });

  it('does not decode a picture once stopped, and gives back what it held', async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopping'));
    const held: number[] = [];
    let steps = 0;
    const hold = async (bytes: number) => {
      held.push(bytes);
      return {
        run: <T>(_weight: number, job: () => Promise<T>) => ((steps += 1), job()),
        release: () => held.push(-bytes),
      };
    };
    await expect(cutTiles(marks, async () => undefined, { signal: stop.signal, hold })).rejects.toThrow('stopping');
    const spanRows = Math.max(...CUBE_FACES.map((face) => faceSourceRows(face, 2048).bottom - faceSourceRows(face, 2048).top));
    const bytes = spanRows * 4096 * 3 + 2 * 1024 * 1024 * 3;
    expect(held, 'the largest span of rows and two 1024 px faces, given back').toEqual([bytes, -bytes]);
    expect(steps).toBe(0);
  });
});

describe('a face that is not a power of two', () => {
  it('halves down to one tile, its last row and column of tiles smaller, as pannellum’s renderer expects', async () => {
    const source = join(folder, 'wide.jpg');
    await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#808080' } })
      .jpeg()
      .toFile(source);
    const { result, files } = await cutIntoMemory(source);
    expect(result).toEqual({ tileResolution: 512, maxLevel: 3, cubeResolution: 1536 });
    const expected: string[] = [];
    for (let level = 1; level <= result.maxLevel; level++) {
      const size = result.cubeResolution * 2 ** (level - result.maxLevel);
      const tiles = Math.ceil(size / result.tileResolution);
      for (const face of ['f', 'b', 'u', 'd', 'l', 'r']) {
        for (let y = 0; y < tiles; y++) {
          for (let x = 0; x < tiles; x++) {
            const path = `${level}/${face}${y}_${x}.jpg`;
            expected.push(path);
            expect(await sharp(files.get(path)).metadata(), path).toMatchObject({
              width: Math.min(512, size - x * 512),
              height: Math.min(512, size - y * 512),
            });
          }
        }
      }
    }
    expect([...files.keys()].filter((path) => !path.startsWith('fallback/')).sort()).toEqual(expected.sort());
  });
});

describe('level sizes for the panoramas a phone meets', () => {
  // pannellum's generate.py: levels = ceil(log2(cube / 512)) + 1, each half the one above, the coarsest one tile.
  it.each([
    [4096, [1024, 512]],
    [8192, [2560, 1280, 640, 320]],
    [16384, [5120, 2560, 1280, 640, 320]],
    [6000, [1536, 768, 384]],
    [26000, [8192, 4096, 2048, 1024, 512]],
  ])('%i px wide: faces of %j px', (width, sizes) => {
    const cube = cubeResolutionFor(width)!;
    const plan = pannellumPlan(cube);
    expect(plan.levels.map((level) => level.size)).toEqual(sizes);
    expect(plan.layout).toEqual({ tileResolution: 512, maxLevel: Math.ceil(Math.log2(cube / 512)) + 1, cubeResolution: cube });
    expect(plan.levels.map((level) => level.tilePath('u', 0, 0))).toEqual(sizes.map((_, i) => `${sizes.length - i}/u0_0.jpg`));
  });
});

describe('Marzipano’s layout', () => {
  it.each([1024, 1536, 2560, 5120, 8192])('levels for a %i px face satisfy CubeGeometry', (cube) => {
    const levels = marzipanoLevels(cube);
    expect(levels[0]).toEqual({ tileSize: 256, size: 256, fallbackOnly: true });
    expect(levels.at(-1)).toEqual({ tileSize: 512, size: cube });
    for (let i = 1; i < levels.length; i++) {
      const [parent, level] = [levels[i - 1], levels[i]];
      expect(level.size % level.tileSize).toBe(0);
      expect(level.size % parent.size).toBe(0);
      expect((level.size / level.tileSize) % (parent.size / parent.tileSize)).toBe(0);
    }
  });

  it('names tiles <z>/<face>/<y>/<x>.jpg with the same faces, and stacks the preview faces b d f l r u', async () => {
    const { result, files } = await cutIntoMemory(marks, 'marzipano');
    const levels = marzipanoLevels(1024);
    expect(levels.map((level) => level.size)).toEqual([256, 512, 1024]);
    expect(result).toEqual({ tileResolution: 512, maxLevel: 2, cubeResolution: 1024 });
    const expected = ['preview.jpg'];
    levels.forEach(({ size, tileSize }, z) => {
      for (const face of ['f', 'b', 'u', 'd', 'l', 'r']) {
        for (let y = 0; y < size / tileSize; y++) for (let x = 0; x < size / tileSize; x++) expected.push(`${z}/${face}/${y}/${x}.jpg`);
      }
    });
    expect([...files.keys()].sort()).toEqual(expected.sort());
    expect(await sharp(files.get('preview.jpg')).metadata()).toMatchObject({ width: 256, height: 1536 });
    for (const { yaw, pitch, colour } of MARKS) {
      const { face, across, down } = whereOnCube(yaw, pitch);
      const [x, y] = [across * 1024, down * 1024];
      const [column, row] = [Math.floor(x / 512), Math.floor(y / 512)];
      const found = await centreOf(files.get(`2/${face}/${row}/${column}.jpg`)!, colour);
      expect(Math.abs(found!.x - (x - column * 512))).toBeLessThan(1.5);
      expect(Math.abs(found!.y - (y - row * 512))).toBeLessThan(1.5);
      const inPreview = await centreOf(files.get('preview.jpg')!, colour);
      expect(Math.floor(inPreview!.y / 256)).toBe('bdflru'.indexOf(face));
    }
  });
});
