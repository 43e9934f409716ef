// The viewers our first panorama is measured against, each alone on a plain page with its script inlined (it
// pays no extra request, favouring it). Each page stores `window.firstPanoramaMs` when its first frame with the
// picture's own imagery is drawn, by the viewer's own account.
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';

/** A plain page with the viewer's styles and script inlined, a 1000×560 frame `#pano`, and the start script. */
function referencePage(css: string, viewerScript: string, start: string): string {
  const inline = (script: string) => script.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>
<div id="pano" style="width:1000px;height:560px"></div>
<script>${inline(viewerScript)}</script>
<script>${start}</script></body></html>`;
}

const PANNELLUM_JS = readFileSync('node_modules/pannellum/build/pannellum.js', 'utf8');
const PANNELLUM_CSS = readFileSync('node_modules/pannellum/build/pannellum.css', 'utf8');

/** pannellum: its 'load' comes once the picture is drawn; listened to before it can fire (the picture downloads first). */
export function barePannellumPage(panorama: string): string {
  return referencePage(
    PANNELLUM_CSS,
    PANNELLUM_JS,
    `const viewer = pannellum.viewer('pano', { type: 'equirectangular', panorama: ${JSON.stringify(panorama)}, autoLoad: true, showControls: false });
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

/**
 * Marzipano with one equirectangular picture (its layout for a picture that fits a texture): its stage says a
 * render is complete and stable once every visible texture has loaded and been drawn.
 */
export function marzipanoPage(panorama: string, width: number): string {
  return referencePage(
    '',
    MARZIPANO_JS,
    `const viewer = new Marzipano.Viewer(document.getElementById('pano'));
viewer.stage().addEventListener('renderComplete', (stable) => { if (stable) window.firstPanoramaMs ??= performance.now(); });
viewer.createScene({
  source: Marzipano.ImageUrlSource.fromString(${JSON.stringify(panorama)}),
  geometry: new Marzipano.EquirectGeometry([{ width: ${width} }]),
  // The same view as the others: 90° across a 1000×560 frame (Marzipano takes the vertical angle).
  view: new Marzipano.RectilinearView({ yaw: 0, pitch: 0, fov: 2 * Math.atan(560 / 1000) }),
}).switchTo();`,
  );
}
