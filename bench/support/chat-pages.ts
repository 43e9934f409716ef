import type { Browser, Page } from 'playwright-core';
import type { PanoramaView } from '../../embed/video/contract';
import { yawGap } from '../../test/e2e/support/video-chat';

/** The e2e tests' "lands where the host looks". */
export const SYNC_TOLERANCE_DEG = 2;

/** A visitor in a browser context of their own on the chat page, their name typed in the lobby. */
export async function openLobby(browser: Browser, url: string, name: string, initScript?: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 700 } })).newPage();
  if (initScript) await page.addInitScript(initScript);
  // A <video autoplay> on an empty stream holds the load event forever in Chromium.
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#tour .vc-lobby').getByPlaceholder('Enter Your Name').fill(name);
  return page;
}

/** Presses Connect in the lobby (once the browser check allows it). */
export const pressConnect = (page: Page) => page.locator('#tour .vc-lobby').getByRole('button', { name: 'Connect' }).click();

/** openLobby, then Connect. */
export async function connect(browser: Browser, url: string, name: string, initScript?: string): Promise<Page> {
  const page = await openLobby(browser, url, name, initScript);
  await pressConnect(page);
  return page;
}

/** Polls `read` until `done` holds; a hang guard, not a speed limit, names what never happened. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type ViewSample = [at: number, view: PanoramaView];

/**
 * Records the view each frame drew, read once all of the frame's callbacks (pannellum's, which moves the camera,
 * among them) and its drawing have run, and stamped then with `performance.timeOrigin + performance.now()`: both
 * pages live in one browser, so the stamps of host and follower are on one clock.
 */
export const recordViews = (page: Page) =>
  page.locator('#tour').evaluate((viewer) => {
    const samples: ViewSample[] = [];
    (window as unknown as { viewSamples: ViewSample[] }).viewSamples = samples;
    // A loop of anonymous functions: tsx names named ones with a helper (__name) that the page does not have.
    void (async () => {
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        await new Promise((afterFrame) => setTimeout(afterFrame, 0));
        const view = (viewer as HTMLElement & { view?: PanoramaView }).view;
        if (view) samples.push([performance.timeOrigin + performance.now(), view]);
      }
    })();
  });

/** The samples recorded since the last take. */
export const takeViews = (page: Page) => page.evaluate(() => (window as unknown as { viewSamples: ViewSample[] }).viewSamples.splice(0));

export const near = (a: PanoramaView, b: PanoramaView) =>
  a.sceneId === b.sceneId && yawGap(a.yaw, b.yaw) <= SYNC_TOLERANCE_DEG && Math.abs(a.pitch - b.pitch) <= SYNC_TOLERANCE_DEG;

/** When the page arrived at `target`: the first sample from which on it stays within the tolerance. */
export function arrival(samples: ViewSample[], target: PanoramaView): number {
  let from = samples.length;
  while (from > 0 && near(samples[from - 1][1], target)) from--;
  if (from === samples.length) throw new Error(`never arrived at ${JSON.stringify(target)}`);
  return samples[from][0];
}
