import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { DEMO_PANORAMA } from '../support/pictures';
import { testRig } from './support/rig';
import { panoramaCanvas } from './support/viewer-page';

const rig = testRig();

/** Chrome tells of a preloaded response nobody used a few seconds after the page's load event. */
const UNUSED_PRELOAD = /preloaded using link preload but not used/;
/** Longer than Chrome waits after the load event before it tells of an unused preload. */
const UNUSED_PRELOAD_NOTICE_MS = 5000;

describe('the tour page of a tiled scene', () => {
  it('preloads the coarse tiles an upright phone’s first view draws, and the view uses every one', async () => {
    const { builder, server, browser } = rig;
    const owner = await builder.owner();
    const panorama = await sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 4096, height: 2048 }).jpeg({ quality: 85 }).toBuffer();
    const created = await builder.tour(owner, [panorama]);
    builder.setType(created.shortId, 'paid');
    const ownerRead = async () =>
      (await (await fetch(`${server.origin}/api/tours/${created.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json()) as Tour;
    await expect.poll(async () => (await ownerRead()).images[0].multires, { timeout: 300_000, interval: 1000 }).toBeDefined();
    // Opened zoomed out to 100°: an upright phone sees the floor and the ceiling, and the sides at its edges.
    const tour = await ownerRead();
    const saved = await fetch(`${server.origin}/api/tours/${tour.shortId}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...tour, images: [{ ...tour.images[0], cameraZoom: 100 }] }),
    });
    expect(saved.status).toBe(200);
    const { basePath } = (await ownerRead()).images[0].multires!;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    const tiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(`${basePath}/`)) tiles.push(pathname.slice(basePath.length));
    });
    await page.goto(`${server.origin}/tours/${tour.shortId}`);
    const preloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((link) => ({ path: new URL((link as HTMLLinkElement).href).pathname, media: (link as HTMLLinkElement).media })));
    expect(preloads).toEqual([
      { path: `${basePath}/1/f0_0.jpg`, media: '' },
      { path: `${basePath}/1/u0_0.jpg`, media: '(orientation: portrait)' },
      { path: `${basePath}/1/d0_0.jpg`, media: '(orientation: portrait)' },
      { path: `${basePath}/1/l0_0.jpg`, media: '' },
      { path: `${basePath}/1/r0_0.jpg`, media: '(orientation: landscape)' },
    ]);
    const canvas = panoramaCanvas(page.locator('tour-viewer'));
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0, { timeout: 60_000 }).toBeGreaterThan(300);
    await page.waitForLoadState('load');
    await page.waitForTimeout(UNUSED_PRELOAD_NOTICE_MS);
    // The phone fetched its four, once each (the viewer's own requests are answered by the preloads), and never the
    // landscape's only tile by preload; pannellum may still fetch that face itself, as it draws it at the edges.
    const coarse = tiles.filter((path) => path.startsWith('/1/'));
    for (const face of ['f', 'u', 'd', 'l']) expect(coarse.filter((path) => path === `/1/${face}0_0.jpg`)).toHaveLength(1);
    expect(warnings.filter((text) => UNUSED_PRELOAD.test(text))).toEqual([]);

    // The same notice is seen where it applies: a tile preloaded that no view draws.
    const control = await context.newPage();
    const notices: string[] = [];
    control.on('console', (message) => notices.push(message.text()));
    await control.goto(`${server.origin}/healthz`);
    await control.setContent(`<link rel="preload" as="image" crossorigin="anonymous" href="${basePath}/1/b0_0.jpg">`);
    await control.waitForTimeout(UNUSED_PRELOAD_NOTICE_MS);
    expect(notices.filter((text) => UNUSED_PRELOAD.test(text))).toHaveLength(1);
    await context.close();
  });
});
