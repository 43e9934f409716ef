import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { RECORD_EVENTS, waitForEvent } from '../test/e2e/support/viewer-page';
import { writeResult } from './support/results';

/** Everything the viewer loads before the first panorama. */
export const INITIAL_VIEWER_BUDGET_KB = 120;

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
    const sizes = [...files].map(([path, body]) => ({ path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }));
    const totalGzipKB = sizes.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    writeResult({
      name: 'bundle',
      budgetKB: INITIAL_VIEWER_BUDGET_KB,
      initialGzipKB: Number(totalGzipKB.toFixed(1)),
      files: sizes,
      withinBudget: totalGzipKB <= INITIAL_VIEWER_BUDGET_KB,
    });
  } finally {
    await browser.close();
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
