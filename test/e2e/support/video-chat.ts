import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import type { PanoramaView } from '../../../embed/video/contract';
import { contrastRatio, type BackgroundLayer } from '../../support/contrast';
import { partnerPage, type PartnerSite } from './partner-site';
import { testRig, type Rig } from './rig';

/** The test rig with a partner site showing the demo tour with its chat panel, in Chromium with fake camera and mic. */
export interface VideoChatRig extends Rig {
  /** A new visitor (own browser context) on the partner page showing `shortId` with its chat panel open. */
  openTour(shortId?: string, initScript?: string): Promise<Page>;
  /** openTour, with `name` typed in the chat lobby. */
  openLobby(name: string, initScript?: string, shortId?: string): Promise<Page>;
  /** openLobby, then Connect, and wait until the room is connected and the visitor has a sid. */
  join(name: string, initScript?: string, shortId?: string): Promise<Page>;
  /** Every visitor closes their browser: they all leave the room. */
  leaveAll(): Promise<void>;
}

/** Every participant of these tests connects from loopback: one address, more seats than a real visitor's. */
const LOOPBACK_SEATS = { ROOM_SEATS_PER_ADDRESS: '20' };

/** Sets up a rig for the test file that calls it (beforeAll) and tears it down after (afterAll). */
export function videoChatRig(): VideoChatRig {
  const rig = testRig({ env: LOOPBACK_SEATS, partner: true });
  const contexts: BrowserContext[] = [];
  let visitors = 0;

  // Registered after the rig's own: run before it, while the browser is still open.
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  const openTour = async (shortId = 'demo', initScript?: string) => {
    const context = await rig.browser.newContext({ viewport: { width: 1600, height: 800 } });
    contexts.push(context);
    return visitTour(context, rig.partner, rig.server.origin, `/visitor-${++visitors}`, shortId, initScript);
  };

  const openLobby = async (name: string, initScript?: string, shortId = 'demo') => {
    const page = await openTour(shortId, initScript);
    await page.locator('#tour .vc-lobby').getByPlaceholder('Enter Your Name').fill(name);
    return page;
  };

  return {
    get server() {
      return rig.server;
    },
    get browser() {
      return rig.browser;
    },
    get partner() {
      return rig.partner;
    },
    get builder() {
      return rig.builder;
    },
    restartServer: rig.restartServer,
    openTour,
    openLobby,
    async join(name, initScript, shortId) {
      const page = await openLobby(name, initScript, shortId);
      await connect(page);
      return page;
    },
    async leaveAll() {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}

/**
 * Opens, in `context`, a partner page at `path` showing the tour `shortId` from the tour server at `origin`, with
 * its chat panel open.
 */
export async function visitTour(
  context: BrowserContext,
  partner: PartnerSite,
  origin: string,
  path: string,
  shortId = 'demo',
  initScript?: string,
): Promise<Page> {
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const html = partnerPage(origin, `<tour-viewer id="tour" short-id="${shortId}" show-video-chat="1" loading="eager" style="height:640px"></tour-viewer>`);
  // A <video autoplay> on an empty stream holds the load event forever in Chromium.
  await page.goto(partner.page(path, html), { waitUntil: 'commit' });
  return page;
}

/** Connects from the lobby, where the name is typed already, and waits until the room is connected and the visitor has a sid. */
export async function connect(page: Page): Promise<void> {
  await page.locator('#tour .vc-lobby').getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => page.locator('#tour .vc-room').getAttribute('data-connection'), { timeout: 20_000 }).toBe('connected');
  await expect.poll(() => mySid(page), { timeout: 20_000 }).toMatch(/^PA/);
}

/** Starts recording every connection state the room shows, in the page, so that a short 'reconnecting' is not missed. */
export async function recordConnectionStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { chatStates: string[] }).chatStates = seen;
    setInterval(() => {
      const state = document.querySelector('#tour')?.shadowRoot?.querySelector('.vc-room')?.getAttribute('data-connection') ?? 'gone';
      if (seen.at(-1) !== state) seen.push(state);
    }, 5);
  });
}

export const connectionStatesOf = (page: Page) => page.evaluate(() => (window as unknown as { chatStates: string[] }).chatStates);

/**
 * Starts recording every room notice the page shows: each is on show for 3 s only, so a test reads what was shown
 * (`noticesSeen`) instead of hoping to catch it.
 */
export async function recordNotices(page: Page): Promise<void> {
  await page.locator('#tour').evaluate((viewer) => {
    const seen: string[] = [];
    (window as unknown as { seenNotices: string[] }).seenNotices = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) if (node instanceof Element && node.matches('.vc-notice')) seen.push(node.textContent ?? '');
      }
    }).observe(viewer.shadowRoot!, { childList: true, subtree: true });
  });
}

export const noticesSeen = (page: Page) => page.evaluate(() => (window as unknown as { seenNotices: string[] }).seenNotices);

/** The room notices on show now. */
export const noticesShown = (page: Page) => page.locator('#tour .vc-notice').allTextContents();

export const mySid = (page: Page) => page.locator('#tour .vc-tile--local').getAttribute('data-sid');

/** Video frames the page decoded from the participant `sid`: above zero once their camera really arrives. */
export const decodedFrames = (page: Page, sid: string) =>
  page.locator(`#tour .vc-tile[data-sid="${sid}"] video`).evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);

/** The viewer's public read-only `view` property: where its camera looks now. */
export const viewOf = (page: Page) => page.locator('#tour').evaluate((viewer) => (viewer as HTMLElement & { view?: PanoramaView }).view);

/** Degrees between two yaws, across the ±180° seam. */
export const yawGap = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

/** Polls until `follower` shows the host's scene with the yaw within 2° of the host's (a failure shows both views). */
export async function landsWhereHostLooks(host: Page, follower: Page): Promise<void> {
  await expect
    .poll(async () => ({ host: await viewOf(host), follower: await viewOf(follower) }), { timeout: 30_000 })
    .toSatisfy(({ host: h, follower: f }) => !!h && !!f && h.sceneId === f.sceneId && yawGap(h.yaw, f.yaw) <= 2);
}

/** Drags the panorama sideways, as a visitor looking around does; `fraction` of its width, to the left if negative. */
export async function dragPanorama(page: Page, fraction: number): Promise<void> {
  const box = (await page.locator('#tour .tv-panorama').boundingBox())!;
  // Low and left of centre, where the demo tour has no hotspot to catch the press.
  const [x, y] = [box.x + box.width * 0.3, box.y + box.height * 0.7];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * fraction, y, { steps: 5 });
  await page.mouse.up();
}

/** The contrast of an element's text against the boxes it is drawn on (its own first), across the shadow root. */
export async function textContrastOf(locator: Locator): Promise<{ ratio: number; ownBackground: string }> {
  const { colour, layers } = await locator.evaluate((element) => {
    const boxes: BackgroundLayer[] = [];
    for (let at: Element | null = element; at; at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host || null)) {
      const style = getComputedStyle(at);
      boxes.push([style.backgroundColor, Number(style.opacity)]);
    }
    return { colour: getComputedStyle(element).color, layers: boxes };
  });
  return { ratio: contrastRatio(colour, layers), ownBackground: layers[0][0] };
}
