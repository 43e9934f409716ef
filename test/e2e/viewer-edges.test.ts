import { readdirSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_COOKIE } from '../../api/schema/user';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { pixelStats } from './support/pixels';
import { testRig } from './support/rig';
import type { Owner } from './support/tour-builder';
import { panoramaCanvas, RECORD_EVENTS, recordedEvents, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

let owner: Owner;
let pictures: Buffer[];

beforeAll(async () => {
  owner = await rig.builder.owner();
  pictures = await Promise.all([smallPanorama(1024), smallPanorama(1024), smallPanorama(1024)]);
});

/** The stored file behind a media URL, found under the server's data directory. */
function storedFile(url: string, dir = rig.server.dataDir): string | undefined {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = storedFile(url, path);
      if (found) return found;
    } else if (name === basename(url)) return path;
  }
  return undefined;
}

/** Takes a scene's panorama off the server (it answers 404) and answers the way to put it back. */
async function withoutPanorama(shortId: string, sceneId: string): Promise<() => void> {
  const tour = await (await fetch(`${rig.server.origin}/api/tours/${shortId}`)).json();
  const file = storedFile(tour.images.find((image: { id: string }) => image.id === sceneId).url)!;
  renameSync(file, `${file}.away`);
  return () => renameSync(`${file}.away`, file);
}

async function openTour(context: BrowserContext, shortId: string): Promise<Page> {
  const url = rig.partner.page(
    `/edges-${shortId}`,
    partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="${shortId}" loading="eager" style="height:560px"></tour-viewer>`, RECORD_EVENTS),
  );
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const sceneChanges = async (page: Page) => (await recordedEvents(page)).filter((event) => event.type === 'scene-change').map((event) => event.detail.sceneId);

const sceneShown = (page: Page) => page.evaluate(() => (document.querySelector('#tour') as HTMLElement & { view?: { sceneId: string } }).view?.sceneId);

async function expectDrawn(page: Page) {
  const canvas = panoramaCanvas(page.locator('#tour'));
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  await expect.poll(async () => (await pixelStats(await canvas.screenshot())).stdev).toBeGreaterThan(15);
}

describe('a scene that cannot be loaded', () => {
  it('a 404 keeps the current scene and says so; Retry loads it once it is back; offline the same, and the return of the network is told', async () => {
    const tour = await rig.builder.tour(owner, pictures);
    rig.builder.setType(tour.shortId, 'paid');
    const restore = await withoutPanorama(tour.shortId, 'scene-2');
    const context = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await openTour(context, tour.shortId);
    await waitForEvent(page, 'tour-load');
    const viewer = page.locator('#tour');
    const failure = viewer.locator('.tv-scene-failure');

    await viewer.locator('.tv-reel__tile[data-scene-id="scene-2"]').click();
    const failed = await waitForEvent(page, 'tour-error');
    expect(failed.detail.code).toBe('SceneLoadFailed');
    expect(failed.detail.message).toContain('HTTP 404');
    await expect.poll(() => failure.textContent()).toContain('“Scene 2” could not be loaded.');
    expect(await failure.textContent()).toContain('You are still in “Scene 1”.');
    expect(await failure.getAttribute('role')).toBe('alert');
    expect(await sceneShown(page)).toBe('scene-1');
    expect(await viewer.locator('.tv-reel__tile[aria-current="true"]').getAttribute('data-scene-id')).toBe('scene-1');
    await expectDrawn(page);
    // The page heard of no visit: neither to the scene that failed nor back.
    expect(await sceneChanges(page)).toEqual([]);

    restore();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => sceneShown(page)).toBe('scene-2');
    await expect.poll(() => failure.count()).toBe(0);
    await expectDrawn(page);
    await expect.poll(() => sceneChanges(page)).toEqual(['scene-2']);

    await context.setOffline(true);
    await viewer.locator('.tv-reel__tile[data-scene-id="scene-3"]').click();
    await expect.poll(() => failure.textContent()).toContain('You are offline. “Scene 3” could not be loaded.');
    expect(await failure.textContent()).toContain('You are still in “Scene 2”.');
    expect(await failure.textContent()).not.toContain('back online');
    expect(await sceneShown(page)).toBe('scene-2');
    await expectDrawn(page);
    expect(await sceneChanges(page)).toEqual(['scene-2']);

    await context.setOffline(false);
    await expect.poll(() => failure.textContent()).toContain('You are back online.');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => sceneShown(page)).toBe('scene-3');
    await expect.poll(() => failure.count()).toBe(0);
    await expectDrawn(page);
    expect(await sceneChanges(page)).toEqual(['scene-2', 'scene-3']);
    await context.close();
  });

  it('a scene picked while another is still loading wins: the view ends on the last pick', async () => {
    const tour = await rig.builder.tour(owner, pictures);
    rig.builder.setType(tour.shortId, 'paid');
    const answer = await (await fetch(`${rig.server.origin}/api/tours/${tour.shortId}`)).json();
    // The picture itself, not its thumbnail (`thumb-` before the same name).
    const isPicture = (url: string, sceneId: string) =>
      new URL(url).pathname.endsWith(`/${basename(answer.images.find((image: { id: string }) => image.id === sceneId).url)}`);
    const context = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    // Scene 2's picture is asked for twice (our download, then pannellum's); the second is held until scene 3 is
    // picked and downloaded, so that pick falls while pannellum is busy with scene 2.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let scene2Requests = 0;
    await context.route(
      (url) => isPicture(url.href, 'scene-2'),
      async (route) => {
        if (++scene2Requests === 2) await held;
        await route.continue();
      },
    );
    const page = await openTour(context, tour.shortId);
    await waitForEvent(page, 'tour-load');
    const viewer = page.locator('#tour');
    await viewer.locator('.tv-reel__tile[data-scene-id="scene-2"]').click();
    await expect.poll(() => scene2Requests).toBe(2);
    const scene3 = page.waitForResponse((response) => isPicture(response.url(), 'scene-3'));
    await viewer.locator('.tv-reel__tile[data-scene-id="scene-3"]').click();
    await (await scene3).finished();
    // Lets the page's own handling of that download run before scene 2 can finish.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    release();
    await expect.poll(() => sceneShown(page)).toBe('scene-3');
    expect(await viewer.locator('.tv-reel__tile[aria-current="true"]').getAttribute('data-scene-id')).toBe('scene-3');
    await expectDrawn(page);
    await expect.poll(() => sceneChanges(page)).toEqual(['scene-2', 'scene-3']);
    await context.close();
  });

  it('a first scene that 404s is told, not a black box, and Retry shows it once it is back', async () => {
    const tour = await rig.builder.tour(owner, pictures.slice(0, 1));
    rig.builder.setType(tour.shortId, 'paid');
    const restore = await withoutPanorama(tour.shortId, 'scene-1');
    const context = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await openTour(context, tour.shortId);
    const failure = page.locator('#tour .tv-scene-failure');
    await expect.poll(() => failure.textContent(), { timeout: 60_000 }).toContain('“Scene 1” could not be loaded.');
    expect(await failure.textContent()).not.toContain('still in');
    restore();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForEvent(page, 'tour-load');
    await expect.poll(() => failure.count()).toBe(0);
    await expectDrawn(page);
    await context.close();
  });
});

describe('ways on from a tour that cannot be shown, and what only the owner sees', () => {
  it('a private tour on a partner page links to its own page on our server, which offers Log in; an unknown tour leads home', async () => {
    const tour = await rig.builder.tour(owner, pictures.slice(0, 1), { privacy: 'Private' });
    const context = await rig.browser.newContext({ viewport: { width: 900, height: 600 } });
    const page = await openTour(context, tour.shortId);
    const viewer = page.locator('#tour');
    expect((await waitForEvent(page, 'tour-error')).detail.code).toBe('TourPrivate');
    const own = viewer.getByRole('link', { name: 'Open the tour’s own page to log in' });
    expect(await own.getAttribute('href')).toBe(`${rig.server.origin}/tours/${tour.shortId}`);
    // The partner's page stays open.
    expect(await own.getAttribute('target')).toBe('_blank');

    const [tourPage] = await Promise.all([context.waitForEvent('page'), own.click()]);
    await tourPage.waitForLoadState();
    expect(tourPage.url()).toBe(`${rig.server.origin}/tours/${tour.shortId}`);
    const logIn = tourPage.locator('tour-viewer').getByRole('link', { name: 'Log in', exact: true });
    expect(await logIn.getAttribute('href')).toBe(`/?login&next=${encodeURIComponent(`/tours/${tour.shortId}`)}`);

    const unknown = await openTour(context, 'NoSuchTour');
    expect((await waitForEvent(unknown, 'tour-error')).detail.code).toBe('TourNotFound');
    const home = unknown.locator('#tour').getByRole('link', { name: 'Go to the home page' });
    expect(await home.getAttribute('href')).toBe(`${rig.server.origin}/`);
    await context.close();
  });

  it("shows the share dialog's white-label hint to the signed-in owner on our tour page only: not to visitors, not on partner pages", async () => {
    const tour = await rig.builder.tour(owner, pictures.slice(0, 1));
    rig.builder.setType(tour.shortId, 'paid');
    const hintIn = async (page: Page) => {
      const viewer = page.locator('tour-viewer');
      await viewer.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = viewer.locator('[role="dialog"]');
      await dialog.waitFor();
      return dialog.getByText("where's my whitelabel").count();
    };
    const visitor = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${rig.server.origin}/tours/${tour.shortId}`);
    expect(await hintIn(visitorPage)).toBe(0);
    await visitor.close();

    const ownerContext = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    await ownerContext.addCookies([{ name: USER_COOKIE, value: encodeURIComponent(JSON.stringify({ ...owner, name: 'Owner' })), url: rig.server.origin }]);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${rig.server.origin}/tours/${tour.shortId}`);
    expect(await hintIn(ownerPage)).toBe(1);
    // On a partner's page nobody is known, the owner included.
    const partnerView = await openTour(ownerContext, tour.shortId);
    await waitForEvent(partnerView, 'tour-load');
    expect(await hintIn(partnerView)).toBe(0);
    await ownerContext.close();
  });
});
