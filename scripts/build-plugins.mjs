// Transforms shared by the production build (rollup) and the browser-test bundler (esbuild).
import { readFile } from 'node:fs/promises';

/**
 * pannellum is a classic script that assigns window.pannellum and window.libpannellum, which would overwrite a
 * partner page's own copy. Rewritten as module-scoped variables it stays out of the host page's globals.
 */
export function pannellumToModule(source) {
  const rewritten = source.replace(/^window\.libpannellum=/m, 'var libpannellum=').replace(/^window\.pannellum=/m, 'var pannellum=');
  if (rewritten.includes('window.pannellum=') || !rewritten.includes('var pannellum=')) {
    throw new Error('pannellum build layout changed: update pannellumToModule');
  }
  return `${rewritten}\nexport default pannellum;\n`;
}

export const PANNELLUM_JS = /pannellum[\\/]build[\\/]pannellum\.js$/;

/** CSS is imported as text and injected into the viewer's shadow root, never into the host page. */
export function cssToModule(css) {
  return `export default ${JSON.stringify(css)};`;
}

/** rollup plugin: pannellum as a module, CSS as text. */
export function rollupSourceTransforms() {
  return {
    name: 'source-transforms',
    async load(id) {
      if (PANNELLUM_JS.test(id)) return pannellumToModule(await readFile(id, 'utf8'));
      if (id.endsWith('.css')) return cssToModule(await readFile(id, 'utf8'));
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
        contents: cssToModule(await readFile(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}
