// Transforms shared by the production build (rollup) and the browser-test bundler (esbuild).
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * pannellum is a classic script that assigns window.pannellum and window.libpannellum, which would overwrite a
 * partner page's own copy. Rewritten as module-scoped variables it stays out of the host page's globals.
 */
export function pannellumToModule(source) {
  const rewritten = withBaseLevelFirst(
    withTileCulling(withBaseLevelLoaded(source.replace(/^window\.libpannellum=/m, 'var libpannellum=').replace(/^window\.pannellum=/m, 'var pannellum='))),
  );
  if (rewritten.includes('window.pannellum=') || !rewritten.includes('var pannellum=')) {
    throw new Error('pannellum build layout changed: update pannellumToModule');
  }
  return `${rewritten}\nexport default pannellum;\n`;
}

/** pannellum's renderer.isLoading(), minified: `gl` and `imageType` and the WebGL program are its free names. */
const IS_LOADING =
  /this\.isLoading=\s*function\(\)\{if\((\w+)&&"multires"==(\w+)\)for\(var (\w+)=0;\3<(\w+)\.currentNodes\.length;\3\+\+\)if\(!\4\.currentNodes\[\3\]\.textureLoaded\)return!0;return!1\};/;

/**
 * pannellum says 'load' for tiles before any tile has arrived, and tells nobody when they do. The renderer gains
 * baseLevelSettled(): undefined until it has drawn a frame of tiles, then whether every visible tile of the
 * coarsest level has arrived (or failed), and how many failed — the viewer's first view and its tile failures;
 * and baseLevelTiles(): the addresses (without extension) of the coarsest tiles in view, none before that frame or
 * without WebGL. pannellum asks for them one per frame; the viewer asks for them all at once.
 */
function withBaseLevelLoaded(source) {
  const match = IS_LOADING.exec(source);
  if (!match) throw new Error('pannellum build layout changed: update withBaseLevelLoaded');
  const [isLoading, gl, imageType, , program] = match;
  const baseLevel = `${program}.currentNodes.filter(function(t){return 1==t.level})`;
  const baseLevelSettled =
    `this.baseLevelSettled=function(){if(!${gl}||"multires"!=${imageType})return{settled:!0,failed:0};` +
    `var n=${baseLevel};if(!n.length)return;` +
    `return{settled:n.every(function(t){return t.textureLoaded}),failed:n.filter(function(t){return 1==t.textureLoaded}).length}};`;
  const baseLevelTiles =
    `this.baseLevelTiles=function(){if(!${gl}||"multires"!=${imageType}||!${program}||!${program}.currentNodes)return[];` +
    `return ${baseLevel}.map(function(t){return t.path})};`;
  return source.replace(isLoading, isLoading + baseLevelSettled + baseLevelTiles);
}

/** pannellum's checkInView(m, v), minified: where a cube corner falls against the view on each axis. */
const CHECK_IN_VIEW =
  /function (\w+)\(a,d\)\{var c=\[a\[0\]\*d\[0\]\+a\[1\]\*d\[1\]\+a\[2\]\*d\[2\],a\[4\]\*d\[0\]\+a\[5\]\*d\[1\]\+a\[6\]\*d\[2\],a\[11\]\+a\[8\]\*d\[0\]\+a\[9\]\*d\[1\]\+a\[10\]\*d\[2\],1\/\(a\[12\]\*d\[0\]\+a\[13\]\*d\[1\]\+a\[14\]\*d\[2\]\)\],g=c\[0\]\*c\[3\],k=c\[1\]\*c\[3\],c=c\[2\]\*c\[3\],h=\[0,0,0\];-1>g&&\(h\[0\]=-1\);1<g&&\(h\[0\]=1\);-1>k&&\(h\[1\]=-1\);1<k&&\(h\[1\]=1\);if\(-1>c\|\|1<c\)h\[2\]=1;return h\}/;

/**
 * pannellum keeps a tile unless its four corners lie beyond one edge of the view, but it finds where a corner lies by
 * dividing by its depth, which flips the side of a corner behind the eye: nearly every face a view borders on was
 * kept, and its tiles fetched (five coarsest tiles for a first view that shows one). The test is now made in clip
 * space, before that division; a corner behind the eye lies beyond the side its x (or y) points to, which keeps
 * every face with a part in front of the eye on the view's side of that edge. A corner on an edge (within a
 * millionth, as a 90° view's side faces are) counts as beyond it: such a face shows no pixel.
 */
function withTileCulling(source) {
  const match = CHECK_IN_VIEW.exec(source);
  if (!match) throw new Error('pannellum build layout changed: update withTileCulling');
  const checkInView =
    `function ${match[1]}(a,d){var w=a[12]*d[0]+a[13]*d[1]+a[14]*d[2],x=a[0]*d[0]+a[1]*d[1]+a[2]*d[2],` +
    `y=a[4]*d[0]+a[5]*d[1]+a[6]*d[2],z=a[11]+a[8]*d[0]+a[9]*d[1]+a[10]*d[2],e=1e-6*Math.abs(w);` +
    `if(w<=0)return[Math.sign(x),Math.sign(y),1];` +
    `return[x<=e-w?-1:x>=w-e?1:0,y<=e-w?-1:y>=w-e?1:0,z<-w||z>w?1:0]}`;
  return source.replace(match[0], checkInView);
}

/** pannellum's pick of the next tile to ask for, minified: the first node in view without a texture or a request. */
const NEXT_TILE =
  /if\(0===(\w+)\.length\)for\((\w+)=0;\2<(\w+)\.currentNodes\.length;\2\+\+\)if\((\w+)=\3\.currentNodes\[\2\],!\4\.texture&&!\4\.textureLoad\)\{/;

/**
 * pannellum asks for finer tiles as soon as the coarsest are asked for, and on a phone's connection they share its
 * bandwidth with the first view's. Finer tiles now wait until every coarsest tile in view has arrived (or failed).
 */
function withBaseLevelFirst(source) {
  const match = NEXT_TILE.exec(source);
  if (!match) throw new Error('pannellum build layout changed: update withBaseLevelFirst');
  const [found, , , program, node] = match;
  const baseLevelIn = `${program}.currentNodes.every(function(t){return 1!=t.level||t.textureLoaded})`;
  return source.replace(found, found.replace(`!${node}.textureLoad)`, `!${node}.textureLoad&&(1==${node}.level||${baseLevelIn}))`));
}

export const PANNELLUM_JS = /pannellum[\\/]build[\\/]pannellum\.js$/;
const PANNELLUM_CSS = /pannellum[\\/]build[\\/]pannellum\.css$/;

/**
 * CSS is imported as text and injected into the viewer's shadow root, never into the host page. It is minified
 * (comments and spaces are a third of the gzipped bytes of the first view's styles), never lowered: no target,
 * so nesting, logical properties and container queries stay as written.
 */
export async function cssToModule(css, id) {
  const { code } = await transform(css, { loader: 'css', minify: true });
  return `export default ${JSON.stringify(PANNELLUM_CSS.test(id) ? pannellumCssWithoutHiddenUi(code) : code)};`;
}

/**
 * pannellum's UI that the viewer never shows: its controls and compass (turned off in every scene's config), the
 * sprite only they and its default hot spot icons use (ours have their own class), the debug indicator, and the
 * load box with its spinner, info, title and error boxes (hidden in base.css: the viewer says these in its own words).
 */
const PANNELLUM_UI_NOT_SHOWN = [
  'sprite',
  'controls',
  'controls-container',
  'control',
  'zoom-controls',
  'zoom-in',
  'zoom-out',
  'fullscreen-toggle-button',
  'orientation-button',
  'compass',
  'hot-spot-debug-indicator',
  'load-box',
  'lbox',
  'lbar',
  'lbar-fill',
  'lmsg',
  'loading',
  'info-box',
  'title-box',
  'author-box',
  'panorama-info',
  'error-msg',
];
const NOT_SHOWN_SELECTOR = new RegExp(
  `^\\.pnlm-(?:${PANNELLUM_UI_NOT_SHOWN.join('|')})(?![\\w-])|^\\.pnlm-(?:fullscreen-toggle|orientation)-button-|^@(?:-webkit-)?keyframes pnlm-mv$`,
);

/** A style sheet's top-level rules, an at-rule with its nested block as one (braces counted; none in strings here). */
function topLevelRules(css) {
  const rules = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return rules;
}

/**
 * pannellum's minified CSS without the rules whose every selector is UI the viewer never shows (half its bytes,
 * two fifths gzipped). Throws when one of those classes has no rule of its own any more: a new pannellum to look at again.
 */
export function pannellumCssWithoutHiddenUi(minified) {
  const rules = topLevelRules(minified);
  const hidden = (rule) =>
    rule
      .slice(0, rule.indexOf('{'))
      .split(',')
      .every((selector) => NOT_SHOWN_SELECTOR.test(selector.trim()));
  const dropped = rules.filter(hidden).join('');
  const missing = PANNELLUM_UI_NOT_SHOWN.filter((name) => !dropped.includes(`.pnlm-${name}`));
  if (missing.length > 0) throw new Error(`pannellum CSS changed (${missing.join(', ')}): update pannellumCssWithoutHiddenUi`);
  return rules.filter((rule) => !hidden(rule)).join('');
}

/** rollup plugin: pannellum as a module, CSS as text. */
export function rollupSourceTransforms() {
  return {
    name: 'source-transforms',
    async load(id) {
      if (PANNELLUM_JS.test(id)) return pannellumToModule(await readFile(id, 'utf8'));
      if (id.endsWith('.css')) return await cssToModule(await readFile(id, 'utf8'), id);
      return null;
    },
  };
}

/** esbuild plugin: the same transforms for bundles made in tests. */
export function esbuildSourceTransforms() {
  return {
    name: 'source-transforms',
    setup(build) {
      build.onLoad({ filter: PANNELLUM_JS }, async (args) => ({
        contents: pannellumToModule(await readFile(args.path, 'utf8')),
        loader: 'js',
      }));
      build.onLoad({ filter: /\.css$/ }, async (args) => ({
        contents: await cssToModule(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
      }));
    },
  };
}

/**
 * rollup plugin: `new URL('./some-worker.ts', import.meta.url)` in server code names a worker thread's entry. The
 * file is built as an entry of its own and the URL rewritten to the emitted JavaScript, wherever the chunk that
 * starts the worker lands.
 */
export function workerEntries() {
  const WORKER_URL = /new URL\((['"])(\.{1,2}\/[\w./-]+)\.ts\1, import\.meta\.url\)/g;
  return {
    name: 'worker-entries',
    async transform(code, id) {
      if (!code.includes('import.meta.url')) return null;
      let rewritten = code;
      for (const match of code.matchAll(WORKER_URL)) {
        const resolved = await this.resolve(`${match[2]}.ts`, id);
        const reference = this.emitFile({ type: 'chunk', id: resolved.id, name: basename(match[2]) });
        rewritten = rewritten.replace(match[0], `new URL(import.meta.ROLLUP_FILE_URL_${reference})`);
      }
      // Each URL is replaced within its own line, so the lines of any source map stay right.
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
