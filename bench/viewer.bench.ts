import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { FIRST_PANORAMA_MARK } from '../embed/element/viewer-events';
import { writeResult } from './support/results';
import { median } from './support/statistics';

/** Time to first panorama of <tour-viewer> at most 1.25× bare pannellum, same image, same run. */
export const FIRST_PANORAMA_RATIO_BUDGET = 1.25;
const RUNS = 7;

const PANNELLUM_JS = readFileSync('node_modules/pannellum/build/pannellum.js', 'utf8');
const PANNELLUM_CSS = readFileSync('node_modules/pannellum/build/pannellum.css', 'utf8');

/** The reference: pannellum alone on a plain page, inlined so it pays no extra request (favouring it). */
function barePage(panorama: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${PANNELLUM_CSS}</style></head><body>
<div id="pano" style="width:1000px;height:560px"></div>
<script>${PANNELLUM_JS.replace(/<\/script/g, '<\\/script')}</script>
<script>
  const viewer = pannellum.viewer('pano', { type: 'equirectangular', panorama: ${JSON.stringify(panorama)}, autoLoad: true, showControls: false });
  viewer.on('load', () => { window.firstPanoramaMs = performance.now(); });
</script></body></html>`;
}

/**
 * The first panorama is the viewer's User Timing mark, set when pannellum reports it drawn, as the bare page's time
 * is pannellum's 'load'. `tour-load` comes when the whole element is ready (controls, `view`), recorded beside it.
 */
const ELEMENT_PAGE_BODY = `<tour-viewer short-id="demo" loading="eager" style="width:1000px;height:560px"></tour-viewer>
<script>
  new PerformanceObserver((list) => {
    for (const mark of list.getEntriesByName('${FIRST_PANORAMA_MARK}')) window.firstPanoramaMs ??= mark.startTime;
  }).observe({ type: 'mark', buffered: true });
  document.addEventListener('tour-load', () => { window.readyMs = performance.now(); });
</script>`;

/**
 * How a run is slowed down to look like a phone on a mobile network (Chromium's CPU throttling and network
 * emulation), or not at all: the budget must hold on this machine as it is and on the phone the product is for.
 */
interface Profile {
  name: 'desktop' | 'phone';
  cpuSlowdown?: number;
  latencyMs?: number;
  downloadMbps?: number;
}

const PROFILES: Profile[] = [{ name: 'desktop' }, { name: 'phone', cpuSlowdown: 4, latencyMs: 40, downloadMbps: 20 }];

/** A fresh context each run, so neither side profits from a warm cache. */
async function timeToFirstPanorama(browser: Browser, url: string, profile: Profile): Promise<{ firstPanoramaMs: number; readyMs?: number }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
  const page = await context.newPage();
  if (profile.cpuSlowdown) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await cdp.send('Network.enable');
    const bytesPerSecond = (profile.downloadMbps! * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs!,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond / 4,
    });
  }
  await page.goto(url);
  // Runs in the page: what the page's script stored under `name` once it happened.
  const stored = (name: string) => page.waitForFunction((key) => (window as unknown as Record<string, number | undefined>)[key], name, { timeout: 60_000 });
  const ready = url.endsWith('/element') ? stored('readyMs') : undefined;
  const first = (await (await stored('firstPanoramaMs')).jsonValue()) as number;
  const readyMs = ready && ((await (await ready).jsonValue()) as number);
  await context.close();
  return { firstPanoramaMs: first, readyMs };
}

/** Both pages under one profile, taking turns, and the medians. */
async function measure(browser: Browser, elementUrl: string, bareUrl: string, profile: Profile) {
  const element: number[] = [];
  const elementReady: number[] = [];
  const bare: number[] = [];
  const measureElement = async () => {
    const { firstPanoramaMs, readyMs } = await timeToFirstPanorama(browser, elementUrl, profile);
    element.push(firstPanoramaMs);
    elementReady.push(readyMs!);
  };
  const measureBare = async () => bare.push((await timeToFirstPanorama(browser, bareUrl, profile)).firstPanoramaMs);
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so neither always meets a busier machine.
    if (run % 2 === 0) {
      await measureElement();
      await measureBare();
    } else {
      await measureBare();
      await measureElement();
    }
  }
  const ratio = median(element) / median(bare);
  return {
    profile,
    elementMedianMs: Math.round(median(element)),
    barePannellumMedianMs: Math.round(median(bare)),
    elementReadyMedianMs: Math.round(median(elementReady)),
    ratio: Number(ratio.toFixed(3)),
    elementMs: element.map(Math.round),
    barePannellumMs: bare.map(Math.round),
    elementReadyMs: elementReady.map(Math.round),
    withinBudget: ratio <= FIRST_PANORAMA_RATIO_BUDGET,
  };
}

export async function benchViewer(): Promise<void> {
  const [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
  try {
    const demo = await (await fetch(`${server.origin}/api/tours/demo`)).json();
    const panorama = `${server.origin}${demo.images[0].url}`;
    const elementUrl = partner.page('/element', partnerPage(server.origin, ELEMENT_PAGE_BODY));
    const bareUrl = partner.page('/bare', barePage(panorama));
    const profiles = [];
    for (const profile of PROFILES) profiles.push(await measure(browser, elementUrl, bareUrl, profile));
    writeResult({
      name: 'viewer',
      runs: RUNS,
      ratioBudget: FIRST_PANORAMA_RATIO_BUDGET,
      profiles,
      withinBudget: profiles.every((result) => result.withinBudget),
    });
  } finally {
    await browser.close();
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
