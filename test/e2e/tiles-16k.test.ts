import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeResolutionFor } from '../../api/media/tiles/cut-tiles';
import type { Tour } from '../../api/schema/tour';
import { DEMO_PANORAMA } from '../support/pictures';
import { launchChromium } from './support/browser';
import { partnerPage, startPartnerSite, type PartnerSite } from './support/partner-site';
import { pixelStats } from './support/pixels';
import { removeDataDir, startServer, type RunningServer } from './support/server';
import { TourBuilder } from './support/tour-builder';
import { panoramaCanvas, RECORD_EVENTS, waitForEvent } from './support/viewer-page';

let server: RunningServer;
let partner: PartnerSite;
let browser: Browser;

beforeAll(async () => {
  [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await partner?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('a 16384×8192 panorama from upload to its first view in tiles', () => {
  it('is cut in the background after its upload, and the viewer opens its tiles, never the original', async () => {
    const builder = new TourBuilder(server.origin, server.dataDir);
    const owner = await builder.owner();
    const panorama = await sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 16384, height: 8192 }).jpeg({ quality: 85 }).toBuffer();
    const tour = await builder.tour(owner, [panorama]);
    builder.setType(tour.shortId, 'paid');
    const ownerRead = async () =>
      (await (await fetch(`${server.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json()) as Tour;
    const uploaded = (await ownerRead()).images[0];
    const image = /\/tours\/([0-9a-f]{32})\.jpg$/.exec(uploaded.url)![1];

    // The tour answers at once with the original while the server cuts; the answer says when the tiles are ready.
    await expect.poll(async () => (await ownerRead()).images[0].multires, { timeout: 600_000, interval: 1000 }).toBeDefined();
    const { multires } = (await ownerRead()).images[0];
    expect(multires).toMatchObject({ basePath: `/media/tiles/${image}`, tileResolution: 512, cubeResolution: cubeResolutionFor(16384), maxLevel: 5 });

    // A phone opens the tour on a partner's page.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const media: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/')) media.push(pathname);
    });
    const url = partner.page(
      '/tiles-16k',
      partnerPage(server.origin, `<tour-viewer id="tour" short-id="${tour.shortId}" loading="eager" style="height:600px"></tour-viewer>`, RECORD_EVENTS),
    );
    await page.goto(url);
    await waitForEvent(page, 'tour-load');
    const canvas = panoramaCanvas(page.locator('#tour'));
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
    // Drawn from the picture's own tiles: the pond's colours, not a flat frame.
    await expect.poll(async () => (await pixelStats(await canvas.screenshot())).stdev, { timeout: 60_000 }).toBeGreaterThan(15);

    const tiles = media.filter((path) => path.startsWith(`/media/tiles/${image}/`));
    expect(tiles.length, 'tiles fetched').toBeGreaterThan(0);
    expect(
      tiles.some((path) => /\/1\/[fbudlr]0_0\.jpg$/.test(path)),
      'the coarsest level first',
    ).toBe(true);
    expect(
      Math.max(...tiles.map((path) => Number(/\/(\d)\/[fbudlr]\d+_\d+\.jpg$/.exec(path)?.[1] ?? 0))),
      'not the finest level for a first view',
    ).toBeLessThan(5);
    const whole = [`/media/tours/${image}.jpg`, `/media/tours/mobile-${image}.jpg`];
    expect(
      media.filter((path) => whole.includes(path)),
      'neither the original nor its phone variant',
    ).toEqual([]);
    await context.close();
    // Making the picture, its upload and its cut take minutes on a busy two-core machine; nothing here is timed.
  }, 900_000);
});
