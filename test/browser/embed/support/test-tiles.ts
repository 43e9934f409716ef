import { imageSchema, type SceneAnswer, type SceneMultires } from '../../../../api/schema/tour';

// Tiles come from the test runner's /test-tiles/ route (scripts/wtr-test-tiles.mjs); each test its own set, so
// that no tile comes from the memory cache without a resource timing entry.
let sets = 0;

/** pannellum's multires layout of a picture `width` pixels wide, as the server cuts it: faces of width/π, to one tile per face. */
export function tiles(width: number, set = `s${Date.now()}-${++sets}`): SceneMultires {
  const cubeResolution = Math.min(8192, Math.floor(width / Math.PI / 512) * 512);
  const maxLevel = Math.ceil(Math.log2(cubeResolution / 512)) + 1;
  return { basePath: `/test-tiles/${set}`, path: '/%l/%s%y_%x', fallbackPath: '/fallback/%s', extension: 'jpg', tileResolution: 512, maxLevel, cubeResolution };
}

/** A scene of a picture `width` wide with its tiles, its original and phone variant at addresses that must not be asked for. */
export function tiledScene(width: number, multires: SceneMultires, id = 'hall'): SceneAnswer {
  return {
    ...imageSchema.parse({ id, title: id === 'hall' ? 'Hall' : id, uploaded: true, width, height: width / 2 }),
    url: `/test-originals/${width}.jpg`,
    mobileUrl: `/test-originals/${width}-mobile.jpg`,
    thumbUrl: `/test-originals/${width}-thumb.jpg`,
    multires,
  };
}

/** Paths of everything the page fetched under `prefix` since the resource timings were last cleared. */
export function requested(prefix: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith(prefix));
}
