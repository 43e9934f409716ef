// The viewers our first panorama is measured against, each alone on a plain page with its script inlined (it
// pays no extra request, favouring it). Each page stores `window.firstPanoramaMs` when its first frame with the
// picture's own imagery is drawn, by the viewer's own account.
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';

/**
 * A plain page with the viewer's styles and script inlined, a 1000×560 frame `#pano` (positioned: Marzipano's canvas
 * fills the nearest positioned box), and the start script.
 */
function referencePage(css: string, viewerScript: string, start: string): string {
  const inline = (script: string) => script.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>
<div id="pano" style="position:relative;width:1000px;height:560px"></div>
<script>${inline(viewerScript)}</script>
<script>${start}</script></body></html>`;
}

const PANNELLUM_JS = readFileSync('node_modules/pannellum/build/pannellum.js', 'utf8');
const PANNELLUM_CSS = readFileSync('node_modules/pannellum/build/pannellum.css', 'utf8');

/**
 * pannellum at the others' 90° (its own default is 100°): its 'load' comes once the picture is drawn; listened to
 * before it can fire (the picture downloads first).
 */
export function barePannellumPage(panorama: string): string {
  return referencePage(
    PANNELLUM_CSS,
    PANNELLUM_JS,
    `const viewer = pannellum.viewer('pano', { type: 'equirectangular', panorama: ${JSON.stringify(panorama)}, hfov: 90, autoLoad: true, showControls: false });
viewer.on('load', () => { window.firstPanoramaMs = performance.now(); });`,
  );
}

/** Photo Sphere Viewer 5 (three.js) as one script: its 'ready' says the picture is loaded, the next 'render' draws it. */
const PSV_JS = buildSync({
  stdin: { contents: "export { Viewer } from '@photo-sphere-viewer/core';", resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'PhotoSphereViewer',
  write: false,
}).outputFiles[0].text;
const PSV_CSS = readFileSync('node_modules/@photo-sphere-viewer/core/index.css', 'utf8');

export function photoSphereViewerPage(panorama: string): string {
  return referencePage(
    PSV_CSS,
    PSV_JS,
    `const viewer = new PhotoSphereViewer.Viewer({ container: 'pano', panorama: ${JSON.stringify(panorama)}, navbar: false });
viewer.addEventListener('ready', () => {
  viewer.addEventListener('render', () => { window.firstPanoramaMs ??= performance.now(); });
  viewer.needsUpdate();
}, { once: true });`,
  );
}

const MARZIPANO_JS = readFileSync('node_modules/marzipano/dist/marzipano.js', 'utf8');

/** A panorama cut in Marzipano's cube layout, as its tool writes it. */
export interface MarzipanoTiles {
  /** Tile address with `{z}`, `{f}`, `{y}`, `{x}`. */
  urlTemplate: string;
  /** The preview level's six faces in one picture. */
  previewUrl: string;
  /** Coarsest first, as Marzipano numbers them in `{z}`; the first is the preview level. */
  levels: Array<{ tileSize: number; size: number; fallbackOnly?: boolean }>;
}

/**
 * Marzipano with its own cube tiles, set up as its tool's output is (the preview level, one small picture of all six
 * faces, pinned: it loads at once and stands in for the finer levels until they arrive). Its first view is the one our viewer is held to: the frame drawn once every
 * tile of the coarsest level in sight has loaded (Marzipano draws a missing tile from a coarser one), told by the
 * stage's `renderComplete` after that frame.
 */
export function marzipanoPage(tiles: MarzipanoTiles): string {
  return referencePage(
    '',
    MARZIPANO_JS,
    `const viewer = new Marzipano.Viewer(document.getElementById('pano'));
const geometry = new Marzipano.CubeGeometry(${JSON.stringify(tiles.levels)});
const scene = viewer.createScene({
  source: Marzipano.ImageUrlSource.fromString(${JSON.stringify(tiles.urlTemplate)}, { cubeMapPreviewUrl: ${JSON.stringify(tiles.previewUrl)} }),
  geometry,
  // The same view as the others: 90° across a 1000×560 frame (Marzipano takes the vertical angle).
  view: new Marzipano.RectilinearView({ yaw: 0, pitch: 0, fov: 2 * Math.atan(560 / 1000) }),
  pinFirstLevel: true,
});
const store = scene.layer().textureStore();
viewer.stage().addEventListener('renderComplete', () => {
  if (window.firstPanoramaMs !== undefined) return;
  const coarsest = geometry.visibleTiles(scene.view(), geometry.levelList[0]);
  if (coarsest.length > 0 && coarsest.every((tile) => store.query(tile).hasTexture)) window.firstPanoramaMs = performance.now();
});
scene.switchTo();`,
  );
}
