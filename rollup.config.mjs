import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import esbuild from 'rollup-plugin-esbuild';
import { minify } from 'terser';
import { rollupSourceTransforms, workerEntries } from './scripts/build-plugins.mjs';
import { precompress } from './scripts/precompress.mjs';

const extensions = ['.ts', '.tsx', '.mjs', '.js', '.json'];
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** twilio-video reads its own package.json (name and version); rollup itself parses only JavaScript. */
const jsonAsModule = {
  name: 'json-as-module',
  transform(code, id) {
    return id.endsWith('.json') ? { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: null } : null;
  },
};

/**
 * The oldest browsers the viewer runs in: its styles are constructed stylesheets (Safari 16.4, Firefox 101) laid out
 * with container queries (Chrome and Edge 105, Firefox 110). Their native class fields and `??=` are 0.16 KB gzip
 * less of the initial viewer than esbuild's ES2020 rewrites of them.
 */
const VIEWER_BROWSERS = ['chrome105', 'edge105', 'firefox110', 'safari16.4'];

const browserPlugins = (target = 'es2020') => [
  rollupSourceTransforms(),
  jsonAsModule,
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions }),
  // A required JSON file is its object, as in Node.
  commonjs({ requireReturnsDefault: (id) => id.endsWith('.json') }),
  esbuild({ target, jsx: 'automatic', minify: true, legalComments: 'none' }),
];

/**
 * rollup plugin: a second pass over esbuild's minified chunks for the viewer partners load. terser's compressor
 * (two passes) takes 2.4 KB gzip more off the viewer's first script and its React chunk than esbuild alone.
 */
const squeeze = {
  name: 'squeeze',
  async renderChunk(code) {
    const result = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } });
    return { code: result.code, map: null };
  },
};

/** rollup plugin: files served beside a bundle's entry as they are (emitted, so precompress sees them too). */
const copyFiles = (files) => ({
  name: 'copy-files',
  generateBundle() {
    for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: readFileSync(source, 'utf8') });
  },
});

const serverExternals = [...Object.keys(pkg.dependencies), ...builtinModules];

/** The element's files served beside its script, and shipped in its npm package. */
const elementFiles = {
  'tour-viewer.css': 'embed/tour-viewer.css',
  'tour-viewer.d.ts': 'embed/tour-viewer.d.ts',
  'tour-viewer-react.d.ts': 'embed/tour-viewer-react.d.ts',
  'custom-elements.json': 'embed/custom-elements.json',
};

/** rollup plugin: the npm package's own package.json, versioned with the product. */
const npmManifest = {
  name: 'npm-manifest',
  generateBundle() {
    const manifest = {
      name: '@tour-platform/viewer',
      version: pkg.version,
      description: 'The <tour-viewer> element: 360° tours from a Tour Platform server, for any web page.',
      type: 'module',
      main: './tour-viewer.js',
      types: './tour-viewer.d.ts',
      exports: {
        '.': { types: './tour-viewer.d.ts', default: './tour-viewer.js' },
        './react': { types: './tour-viewer-react.d.ts' },
        './tour-viewer.css': './tour-viewer.css',
        './custom-elements.json': './custom-elements.json',
        './package.json': './package.json',
      },
      customElements: 'custom-elements.json',
      sideEffects: ['./tour-viewer.js', './chunks/*.js', '*.css'],
    };
    this.emitFile({ type: 'asset', fileName: 'package.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
  },
};

export default [
  {
    input: { 'tour-viewer': 'embed/index.ts' },
    output: {
      dir: 'dist/embed',
      format: 'es',
      entryFileNames: '[name].js',
      // Lazy chunks are imported relative to the entry's own URL, so they load from our origin on partner pages.
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [...browserPlugins(VIEWER_BROWSERS), squeeze, copyFiles({ ...elementFiles, 'tour-page.css': 'embed/tour-page.css' }), precompress()],
  },
  {
    // `npm publish dist/npm`: the same viewer for bundlers, safe to import in Node (server-side rendering).
    input: { 'tour-viewer': 'embed/npm/index.ts' },
    output: { dir: 'dist/npm', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [...browserPlugins(), copyFiles({ ...elementFiles, 'README.md': 'embed/npm/README.md' }), npmManifest],
  },
  {
    input: { admin: 'admin/main.tsx' },
    output: { dir: 'dist/admin', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [
      ...browserPlugins(),
      // The page's styles are files it links: its Content-Security-Policy applies no <style> elements.
      copyFiles({
        'index.html': 'admin/index.html',
        'admin.css': 'admin/styles/admin.css',
        'toasts.css': require.resolve('react-toastify/dist/ReactToastify.css'),
        // Linked by the analytics chart's lazy chunk when it first draws.
        'uplot.css': require.resolve('uplot/dist/uPlot.min.css'),
      }),
      precompress(),
    ],
  },
  {
    // The operator's commands ship built beside the server, so a runtime without dev dependencies has them.
    input: {
      server: 'api/server.ts',
      backup: 'api/backup/backup-command.ts',
      restore: 'api/backup/restore-command.ts',
      admin: 'api/operator-cli.ts',
      'migrate-sqlite-to-postgres': 'api/db/sqlite-to-postgres-command.ts',
    },
    output: { dir: 'dist/api', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    external: (id) => serverExternals.some((name) => id === name || id.startsWith(`${name}/`) || id.startsWith('node:')),
    plugins: [workerEntries(), nodeResolve({ extensions, preferBuiltins: true }), esbuild({ target: 'node20' })],
  },
];
