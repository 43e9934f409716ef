import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { RECORD_EVENTS, waitForEvent } from '../test/e2e/support/viewer-page';
import { writeResult } from './support/results';

/** Everything the viewer loads before it is ready (`tour-load`): the first view's code, no dialog, chat or VR. */
export const INITIAL_VIEWER_BUDGET_KB = 100;
const EMBED_DIR = 'dist/embed';
/** A built chunk's imports of other chunks, static or lazy (minified: `from"./x.js"`, `import("./x.js")`). */
const CHUNK_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/g;

const gzipKB = (body: Buffer) => gzipSync(body, { level: 9 }).length;

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
    seen.set(file, { path: `/embed/${file}`, bytes: body.length, gzipBytes: gzipKB(body), imports: [...new Set(imports)].map((path) => `/embed/${path}`) });
    imports.forEach(visit);
  };
  visit('tour-viewer.js');
  return [...seen.values()];
}

/**
 * Loads the demo tour on a partner page and adds up every script the viewer fetched from /embed/ before its
 * first panorama was drawn, gzipped: the entry, the chunks it pulled eagerly, and the CSS inside them.
 */
export async function benchBundle(): Promise<void> {
  const [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
  try {
    const page = await browser.newPage();
    const files = new Map<string, Buffer>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin === server.origin && url.pathname.startsWith('/embed/')) files.set(url.pathname, await response.body());
    });
    await page.goto(partner.page('/', partnerPage(server.origin, '<tour-viewer short-id="demo"></tour-viewer>', RECORD_EVENTS)));
    await waitForEvent(page, 'tour-load');
    const sizes = [...files].map(([path, body]) => ({ path, bytes: body.length, gzipBytes: gzipKB(body) }));
    const totalGzipKB = sizes.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    writeResult({
      name: 'bundle',
      budgetKB: INITIAL_VIEWER_BUDGET_KB,
      initialGzipKB: Number(totalGzipKB.toFixed(1)),
      files: sizes,
      chunks: chunkReport(),
      withinBudget: totalGzipKB <= INITIAL_VIEWER_BUDGET_KB,
    });
  } finally {
    await browser.close();
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
