import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { cutTiles } from '../api/media/tiles/cut-tiles';
import { marzipanoLevels } from '../api/media/tiles/tile-layouts';
import { localMediaDir } from '../api/config/config';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite, type PartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { FIRST_PANORAMA_MARK } from '../embed/element/viewer-events';
import { tiledTour } from './support/first-view-tours';
import { barePannellumPage, marzipanoPage, photoSphereViewerPage, type MarzipanoTiles } from './support/reference-viewers';
import { writeResult } from './support/results';
import { median } from './support/statistics';

/** On a phone, an 8192×4096 scene's first view within half of bare pannellum's opening the same JPEG… */
export const PHONE_PANNELLUM_RATIO_BUDGET = 0.5;
/** …and no later than Marzipano's with its own tiles of the same picture. */
export const PHONE_MARZIPANO_RATIO_BUDGET = 1.0;
/** On a desktop, a 4096×2048 scene's first view comes first of all four viewers. */
export const DESKTOP_FASTEST_RATIO_BUDGET = 1.0;
const RUNS = 7;
const PANORAMA = '/work/shared/panoramas/jordan-pond.jpg';
/** Where each viewer's first view of the first run is kept, to look at: all must show the same part of the picture. */
const SCREENSHOTS = join(tmpdir(), 'viewer-bench');

/**
 * The first view is the viewer's User Timing mark, set when the coarsest tiles in sight are drawn. `tour-load` comes
 * when the whole element is ready (controls, `view`), recorded beside it.
 */
const elementPageBody = (shortId: string) => `<tour-viewer short-id="${shortId}" loading="eager" style="width:1000px;height:560px"></tour-viewer>
<script>
  new PerformanceObserver((list) => {
    for (const mark of list.getEntriesByName('${FIRST_PANORAMA_MARK}')) window.firstPanoramaMs ??= mark.startTime;
  }).observe({ type: 'mark', buffered: true });
  document.addEventListener('tour-load', () => { window.readyMs = performance.now(); });
</script>`;

/**
 * How a run is slowed down to look like a phone on a mobile network (Chromium's CPU throttling and network
 * emulation), or not at all.
 */
interface Profile {
  name: 'desktop' | 'phone';
  cpuSlowdown?: number;
  latencyMs?: number;
  downloadMbps?: number;
}

const DESKTOP: Profile = { name: 'desktop' };
const PHONE: Profile = { name: 'phone', cpuSlowdown: 4, latencyMs: 40, downloadMbps: 20 };

/** What each page stores on `window` when it happens: its first view, and (the element only) when it is ready. */
const REPORTED = ['firstPanoramaMs', 'readyMs'] as const;
type Reported = (typeof REPORTED)[number];

/**
 * Resolves each of REPORTED once the page stores it. Told by a binding the page calls as it stores the value, not by
 * polling the page: Playwright's polling injects its own script (~70 ms of evaluation here) into the page after its
 * load, in the middle of whichever viewer is still loading.
 */
async function reported(page: Page): Promise<Record<Reported, Promise<number>>> {
  const settle = {} as Record<Reported, (ms: number) => void>;
  const values = Object.fromEntries(REPORTED.map((name) => [name, new Promise<number>((resolve) => (settle[name] = resolve))])) as Record<
    Reported,
    Promise<number>
  >;
  await page.exposeFunction('benchReport', (name: Reported, ms: number) => settle[name](ms));
  // As text: the bench's own compiler would add helpers to a function that the page does not have.
  await page.addInitScript(`for (const name of ${JSON.stringify(REPORTED)}) {
  let value;
  Object.defineProperty(window, name, { get: () => value, set: (ms) => { value = ms; window.benchReport(name, ms); } });
}`);
  return values;
}

/** A fresh context each run, so no viewer profits from a warm cache. */
async function timeToFirstView(browser: Browser, url: string, profile: Profile, screenshot?: string): Promise<{ firstPanoramaMs: number; readyMs?: number }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
  const page = await context.newPage();
  if (profile.cpuSlowdown) await slowDown(page, profile);
  const { firstPanoramaMs, readyMs } = await reported(page);
  await page.goto(url);
  const within = <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no first view of ${url} in 2 minutes`)), 120_000).unref())]);
  const first = await within(firstPanoramaMs);
  if (screenshot) {
    mkdirSync(dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot, clip: { x: 0, y: 0, width: 1020, height: 580 } });
  }
  const ready = url.endsWith('/element') ? await within(readyMs) : undefined;
  await context.close();
  return { firstPanoramaMs: first, readyMs: ready };
}

async function slowDown(page: Page, profile: Profile): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown! });
  await cdp.send('Network.enable');
  const bytesPerSecond = (profile.downloadMbps! * 1e6) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs!,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond / 4,
  });
}

/** The element and the other viewers under one profile, taking turns (each run starting with another), and the medians. */
async function measure(browser: Browser, elementUrl: string, others: Record<string, string>, profile: Profile) {
  const element: number[] = [];
  const elementReady: number[] = [];
  const times = Object.fromEntries(Object.keys(others).map((name) => [name, [] as number[]]));
  const shot = (run: number, name: string) => (run === 0 ? join(SCREENSHOTS, `${profile.name}-${name}.png`) : undefined);
  const turns: Array<(run: number) => Promise<unknown>> = [
    async (run) => {
      const { firstPanoramaMs, readyMs } = await timeToFirstView(browser, elementUrl, profile, shot(run, 'element'));
      element.push(firstPanoramaMs);
      elementReady.push(readyMs!);
    },
    ...Object.entries(others).map(
      ([name, url]) =>
        async (run: number) =>
          times[name].push((await timeToFirstView(browser, url, profile, shot(run, name))).firstPanoramaMs),
    ),
  ];
  for (let run = 0; run < RUNS; run++) {
    // Rotate which goes first, so none always meets a busier machine.
    for (let turn = 0; turn < turns.length; turn++) await turns[(run + turn) % turns.length](run);
  }
  const elementMedian = median(element);
  const medians = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
  const ratios = Object.fromEntries(Object.entries(medians).map(([name, value]) => [name, Number((elementMedian / value).toFixed(3))]));
  return {
    profile,
    elementMedianMs: Math.round(elementMedian),
    referenceMedianMs: Object.fromEntries(Object.entries(medians).map(([name, value]) => [name, Math.round(value)])),
    ratios,
    elementReadyMedianMs: Math.round(median(elementReady)),
    elementMs: element.map(Math.round),
    referenceMs: Object.fromEntries(Object.entries(times).map(([name, values]) => [name, values.map(Math.round)])),
    elementReadyMs: elementReady.map(Math.round),
  };
}

/** The picture resized to `width`×`width/2`, JPEG quality 85, as a listing photo of that size is. */
async function pictureOfWidth(width: number): Promise<Buffer> {
  const source = readFileSync(PANORAMA);
  const { width: own } = await sharp(source).metadata();
  if (own === width) return source;
  return sharp(source)
    .resize(width, width / 2, { fit: 'fill' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The same picture cut by our cutter in Marzipano's layout, stored in the tour server's media folder so that its
 * tiles come from the same server, with the same headers, as ours.
 */
async function marzipanoTiles(server: RunningServer, picture: Buffer, name: string): Promise<MarzipanoTiles> {
  const source = join(server.dataDir, `${name}.jpg`);
  writeFileSync(source, picture);
  const folder = join(localMediaDir(server.dataDir), 'bench-marzipano', name);
  const write = async (path: string, data: Buffer) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), data);
  };
  const cut = await cutTiles(source, write, { layout: 'marzipano' });
  const base = `${server.origin}/media/bench-marzipano/${name}`;
  return { urlTemplate: `${base}/{z}/{f}/{y}/{x}.jpg`, previewUrl: `${base}/preview.jpg`, levels: marzipanoLevels(cut.cubeResolution) };
}

/** The pages for one picture: our element on its tiled tour, and the other viewers on the same picture. */
async function pages(server: RunningServer, partner: PartnerSite, width: number, withPhotoSphereViewer: boolean) {
  const picture = await pictureOfWidth(width);
  const name = `first-view-${width}`;
  const [tour, tiles] = await Promise.all([tiledTour(server, picture, name), marzipanoTiles(server, picture, name)]);
  const original = `${server.origin}${tour.scene.url}`;
  const others: Record<string, string> = {
    barePannellum: partner.page(`/${width}/bare`, barePannellumPage(original)),
    ...(withPhotoSphereViewer ? { photoSphereViewer: partner.page(`/${width}/psv`, photoSphereViewerPage(original)) } : {}),
    marzipano: partner.page(`/${width}/marzipano`, marzipanoPage(tiles)),
  };
  return { element: partner.page(`/${width}/element`, partnerPage(server.origin, elementPageBody(tour.shortId))), others };
}

export async function benchViewer(): Promise<void> {
  const [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
  try {
    const desktopPages = await pages(server, partner, 4096, true);
    const phonePages = await pages(server, partner, 8192, false);
    const desktop = await measure(browser, desktopPages.element, desktopPages.others, DESKTOP);
    const phone = await measure(browser, phonePages.element, phonePages.others, PHONE);
    const fastestOther = Object.entries(desktop.referenceMedianMs).reduce((best, entry) => (entry[1] < best[1] ? entry : best));
    const desktopRatioToFastest = Number((desktop.elementMedianMs / fastestOther[1]).toFixed(3));
    const desktopWithin = desktopRatioToFastest <= DESKTOP_FASTEST_RATIO_BUDGET;
    const phoneWithin = phone.ratios.barePannellum <= PHONE_PANNELLUM_RATIO_BUDGET && phone.ratios.marzipano <= PHONE_MARZIPANO_RATIO_BUDGET;
    console.log(`first views of each viewer's first run: ${SCREENSHOTS}`);
    writeResult({
      name: 'viewer',
      runs: RUNS,
      budgets: {
        desktopRatioToFastest: DESKTOP_FASTEST_RATIO_BUDGET,
        phoneRatioToBarePannellum: PHONE_PANNELLUM_RATIO_BUDGET,
        phoneRatioToMarzipano: PHONE_MARZIPANO_RATIO_BUDGET,
      },
      desktop: { picture: '4096×2048', ...desktop, fastestOther: fastestOther[0], ratioToFastest: desktopRatioToFastest, withinBudget: desktopWithin },
      phone: { picture: '8192×4096', ...phone, withinBudget: phoneWithin },
      withinBudget: desktopWithin && phoneWithin,
    });
  } finally {
    await browser.close();
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
