import type { Browser, Page } from 'playwright-core';
import type { PanoramaView } from '../embed/video/contract';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { dragPanorama, mySid, viewOf } from '../test/e2e/support/video-chat';
import { arrival, connect, near, openLobby, pressConnect, recordViews, takeViews, until } from './support/chat-pages';
import { percentile } from './support/statistics';
import { writeResult } from './support/results';

/** A late joiner shows the host's current view within 1 s of joining. */
export const LATE_JOINER_BUDGET_MS = 1000;
/** Joiners per place the host stands in: the first scene turned away from its start, and another scene. */
const JOINERS_PER_PLACE = 3;

/** The host's view once it has stopped changing. */
async function restingView(page: Page): Promise<PanoramaView> {
  let before = await viewOf(page);
  const view = await until(
    () => viewOf(page),
    (now) => {
      const rest = !!now && JSON.stringify(now) === JSON.stringify(before);
      before = now;
      return rest;
    },
    'the host coming to rest',
  );
  return view!;
}

/**
 * Starts noting, on the page's clock (performance.timeOrigin + now), when its room first reports itself connected:
 * the moment of joining.
 */
const recordJoin = (page: Page) =>
  page.locator('#tour').evaluate((viewer) => {
    const state = window as unknown as { joinedAt?: number };
    new MutationObserver(() => {
      if (state.joinedAt === undefined && viewer.shadowRoot!.querySelector('.vc-room[data-connection="connected"]'))
        state.joinedAt = performance.timeOrigin + performance.now();
    }).observe(viewer.shadowRoot!, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-connection'] });
  });

const joinedAt = (page: Page) => page.evaluate(() => (window as unknown as { joinedAt?: number }).joinedAt);

/**
 * One visitor joins while the host stands still: from their room being connected to their view arriving where the
 * host looks (the view read every frame, both pages on one browser's clock).
 */
async function lateJoin(browser: Browser, url: string, name: string, host: PanoramaView): Promise<number> {
  const page = await openLobby(browser, url, name);
  try {
    await page.locator('#tour .tv-panorama canvas').waitFor();
    await Promise.all([recordJoin(page), recordViews(page)]);
    await pressConnect(page);
    const joined = await until(
      () => joinedAt(page),
      (at) => at !== undefined,
      `${name} joining`,
    );
    await until(
      () => viewOf(page),
      (view) => !!view && near(view, host),
      `${name} showing the host's view`,
    );
    return arrival(await takeViews(page), host) - joined!;
  } finally {
    await page.context().close();
  }
}

/** The host shares, turns away from where visitors start, and stands still while visitors join one after another. */
async function lateJoiners(url: string): Promise<{ sameScene: number[]; otherScene: number[] }> {
  const browser = await launchChromium();
  try {
    const host = await connect(browser, url, 'Host');
    await until(
      () => mySid(host),
      (sid) => !!sid?.startsWith('PA'),
      'the host getting a sid',
    );
    await host.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await host.locator('#tour .vc-controls').getByRole('button', { name: 'Stop Sharing' }).waitFor();
    await dragPanorama(host, -0.2);
    const turned = await restingView(host);
    const sameScene: number[] = [];
    for (let i = 0; i < JOINERS_PER_PLACE; i++) sameScene.push(await lateJoin(browser, url, `Early${i}`, turned));

    await host.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    await until(
      () => viewOf(host),
      (view) => view?.sceneId === 'puy-de-sancy',
      'the host walking to Puy de Sancy',
    );
    const elsewhere = await restingView(host);
    const otherScene: number[] = [];
    for (let i = 0; i < JOINERS_PER_PLACE; i++) otherScene.push(await lateJoin(browser, url, `Late${i}`, elsewhere));
    return { sameScene, otherScene };
  } finally {
    await browser.close();
  }
}

const summary = (values: number[]) => ({
  samples: values.length,
  p50Ms: Number(percentile(values, 50).toFixed(1)),
  maxMs: Number(Math.max(...values).toFixed(1)),
});

export async function benchLateJoiner(): Promise<void> {
  const [server, partner] = await Promise.all([startServer(), startPartnerSite()]);
  try {
    const url = partner.page(
      '/late',
      partnerPage(server.origin, '<tour-viewer id="tour" short-id="demo" show-video-chat="1" loading="eager" style="height:600px"></tour-viewer>'),
    );
    const { sameScene, otherScene } = await lateJoiners(url);
    const all = [...sameScene, ...otherScene];
    writeResult({
      name: 'late-joiner',
      what:
        "Chromium pages on the built viewer: the host shares and stands still; each visitor joins on a page of their own, from their room reporting itself connected to their <tour-viewer> view (read every frame) arriving within 2° of the host's. " +
        'sameScene: the host turned away from where visitors start; otherScene: the host in another scene, whose panorama the joiner loads first.',
      sameScene: summary(sameScene),
      otherScene: summary(otherScene),
      budgetMs: LATE_JOINER_BUDGET_MS,
      withinBudget: Math.max(...all) <= LATE_JOINER_BUDGET_MS,
    });
  } finally {
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
