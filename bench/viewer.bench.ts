import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { FIRST_PANORAMA_MARK } from '../embed/element/viewer-events';
import { barePannellumPage, marzipanoPage, photoSphereViewerPage } from './support/reference-viewers';
import { writeResult } from './support/results';
import { median } from './support/statistics';

/** Time to first panorama of <tour-viewer> at most 1.25× bare pannellum, same image, same run. */
export const FIRST_PANORAMA_RATIO_BUDGET = 1.25;
/** On a desktop the element's first view comes first of all four viewers: at most 1.0× the fastest other one. */
export const DESKTOP_FASTEST_RATIO_BUDGET = 1.0;
const RUNS = 7;

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

/** The pages under one profile, taking turns (each run starting with another), and the medians. */
async function measure(browser: Browser, elementUrl: string, references: Record<string, string>, profile: Profile) {
  const element: number[] = [];
  const elementReady: number[] = [];
  const others = Object.fromEntries(Object.keys(references).map((name) => [name, [] as number[]]));
  const turns: Array<() => Promise<unknown>> = [
    async () => {
      const { firstPanoramaMs, readyMs } = await timeToFirstPanorama(browser, elementUrl, profile);
      element.push(firstPanoramaMs);
      elementReady.push(readyMs!);
    },
    ...Object.entries(references).map(
      ([name, url]) =>
        async () =>
          others[name].push((await timeToFirstPanorama(browser, url, profile)).firstPanoramaMs),
    ),
  ];
  for (let run = 0; run < RUNS; run++) {
    // Rotate which goes first, so none always meets a busier machine.
    for (let turn = 0; turn < turns.length; turn++) await turns[(run + turn) % turns.length]();
  }
  const medians = Object.fromEntries(Object.entries(others).map(([name, times]) => [name, Math.round(median(times))]));
  const ratio = median(element) / median(others.barePannellum);
  const fastest = Object.entries(medians).reduce((best, entry) => (entry[1] < best[1] ? entry : best));
  const ratioToFastest = median(element) / fastest[1];
  const checksFastest = profile.name === 'desktop';
  return {
    profile,
    elementMedianMs: Math.round(median(element)),
    barePannellumMedianMs: medians.barePannellum,
    referenceMedianMs: medians,
    elementReadyMedianMs: Math.round(median(elementReady)),
    ratio: Number(ratio.toFixed(3)),
    ...(checksFastest ? { fastestOther: fastest[0], ratioToFastest: Number(ratioToFastest.toFixed(3)) } : {}),
    elementMs: element.map(Math.round),
    referenceMs: Object.fromEntries(Object.entries(others).map(([name, times]) => [name, times.map(Math.round)])),
    elementReadyMs: elementReady.map(Math.round),
    withinBudget: ratio <= FIRST_PANORAMA_RATIO_BUDGET && (!checksFastest || ratioToFastest <= DESKTOP_FASTEST_RATIO_BUDGET),
  };
}

export async function benchViewer(): Promise<void> {
  const [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
  try {
    const demo = await (await fetch(`${server.origin}/api/tours/demo`)).json();
    const panorama = `${server.origin}${demo.images[0].url}`;
    const elementUrl = partner.page('/element', partnerPage(server.origin, ELEMENT_PAGE_BODY));
    const barePannellum = partner.page('/bare', barePannellumPage(panorama));
    // Photo Sphere Viewer and Marzipano on the desktop; on a phone the tiled 8K picture is the comparison.
    const desktopOthers = {
      barePannellum,
      photoSphereViewer: partner.page('/psv', photoSphereViewerPage(panorama)),
      marzipano: partner.page('/marzipano', marzipanoPage(panorama, demo.images[0].width)),
    };
    const profiles = [];
    for (const profile of PROFILES) profiles.push(await measure(browser, elementUrl, profile.name === 'desktop' ? desktopOthers : { barePannellum }, profile));
    writeResult({
      name: 'viewer',
      runs: RUNS,
      ratioBudget: FIRST_PANORAMA_RATIO_BUDGET,
      desktopFastestRatioBudget: DESKTOP_FASTEST_RATIO_BUDGET,
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
