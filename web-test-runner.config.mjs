// Browser tests in Debian's Chromium. React ships as CommonJS, so each test file is bundled by esbuild
// (with the same CSS and pannellum transforms as the production build) before the browser gets it.
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { build } from 'esbuild';
import { esbuildSourceTransforms } from './scripts/build-plugins.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
import { realApiMiddleware } from './scripts/wtr-real-api.mjs';
import { testTilesMiddleware } from './scripts/wtr-test-tiles.mjs';

const bundleTests = {
  name: 'bundle-tests',
  async serve(context) {
    if (!/^\/test\/browser\/.*\.test\.tsx?$/.test(context.path)) return undefined;
    const result = await build({
      entryPoints: [`.${context.path}`],
      bundle: true,
      format: 'esm',
      write: false,
      jsx: 'automatic',
      sourcemap: 'inline',
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [esbuildSourceTransforms()],
    });
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

export default {
  files: ['test/browser/**/*.test.{ts,tsx}'],
  nodeResolve: false,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } })],
  middleware: [realApiMiddleware, testTilesMiddleware],
  plugins: [bundleTests],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countingReporter()],
  testFramework: { config: { timeout: 30_000 } },
};
