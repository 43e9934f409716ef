import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { RECORD_EVENTS, waitForEvent } from '../test/e2e/support/viewer-page';
import { writeResult } from './support/results';

/** The viewer's scripts for its first view and first controls; no dialog, chat, VR, catalog or analytics. */
export const INITIAL_VIEWER_BUDGET_KB = 100;
const EMBED_DIR = 'dist/embed';
/** A built chunk's imports of other chunks, static or lazy (minified: `from"./x.js"`, `import("./x.js")`). */
const CHUNK_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/g;

const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** A file the server sends under /embed/, as built (the server sends dist/embed as it is). */
const builtFile = (path: string) => readFileSync(join(EMBED_DIR, path.replace(/^\/embed\//, '')));

/**
 * Every chunk of the current build reachable from the entry (the folder may hold older builds' chunks too), with
 * its size and the chunks it pulls in, so a chunk that grows or stops being lazy shows by name.
 */
function chunkReport(): Array<{ path: string; bytes: number; gzipBytes: number; imports: string[] }> {
  const seen = new Map<string, { path: string; bytes: number; gzipBytes: number; imports: string[] }>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const body = readFileSync(join(EMBED_DIR, file));
    const imports = [...body.toString('utf8').matchAll(CHUNK_IMPORT)].map((match) => relative(EMBED_DIR, join(EMBED_DIR, dirname(file), match[1])));
    seen.set(file, { path: `/embed/${file}`, bytes: body.length, gzipBytes: gzipBytes(body), imports: [...new Set(imports)].map((path) => `/embed/${path}`) });
    imports.forEach(visit);
  };
  visit('tour-viewer.js');
  return [...seen.values()];
}

/**
 * The page's clock when the first controls are drawn: the first animation frame after `tour-load` (the first
 * panorama) in which the viewer's toolbar is in its shadow root.
 */
const FIRST_CONTROLS_AT = `<script>
  window.firstControlsAt = new Promise((resolve) => document.addEventListener('tour-load', (event) => {
    const drawn = () => (event.target.shadowRoot.querySelector('[role="toolbar"]') ? resolve(performance.now()) : requestAnimationFrame(drawn));
    drawn();
  }, { once: true }));
</script>`;

/**
 * Loads the demo tour on a partner page and adds up, gzipped, every file the browser requested from /embed/
 * before the viewer's first panorama and its first controls were on screen: the entry (pannellum and the early
 * first panorama, the first view's CSS inside), the React chunk it imports once that panorama is drawn, and any
 * chunk the first screen of controls waited for. Chunks requested later (the analytics collector, which starts
 * after the first view; dialogs, chat, VR and other languages, loaded when used) are listed, not counted.
 */
export async function benchBundle(): Promise<void> {
  const [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
  try {
    const page = await browser.newPage();
    await page.goto(partner.page('/', partnerPage(server.origin, '<tour-viewer short-id="demo"></tour-viewer>', RECORD_EVENTS + FIRST_CONTROLS_AT)));
    await waitForEvent(page, 'tour-load');
    const firstControlsAt = await page.evaluate(() => (window as unknown as { firstControlsAt: Promise<number> }).firstControlsAt);
    const requested = await page.evaluate((origin) => {
      const embed = performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(`${origin}/embed/`));
      return embed.map((entry) => ({ path: new URL(entry.name).pathname, requestedAtMs: Math.round(entry.startTime) }));
    }, server.origin);
    const files = requested.map(({ path, requestedAtMs }) => {
      const body = builtFile(path);
      return { path, bytes: body.length, gzipBytes: gzipBytes(body), requestedAtMs, initial: requestedAtMs <= firstControlsAt };
    });
    const initialGzipKB = files.filter((file) => file.initial).reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    writeResult({
      name: 'bundle',
      budgetKB: INITIAL_VIEWER_BUDGET_KB,
      initialGzipKB: Number(initialGzipKB.toFixed(1)),
      firstControlsAtMs: Math.round(firstControlsAt),
      files,
      chunks: chunkReport(),
      withinBudget: initialGzipKB <= INITIAL_VIEWER_BUDGET_KB,
    });
  } finally {
    await browser.close();
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
