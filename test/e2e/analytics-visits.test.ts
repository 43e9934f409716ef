import type { BrowserContext, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TourAnalytics, VisitBeacon } from '../../api/schema/analytics';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { testRig } from './support/rig';
import type { Owner } from './support/tour-builder';

const rig = testRig({ partner: true });

// Headless Chromium names itself HeadlessChrome, which is not counted: visitors come with ordinary browsers' names.
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: PHONE_UA };
const DESKTOP = { viewport: { width: 1100, height: 800 }, userAgent: DESKTOP_UA };

let owner: Owner;
let shortId: string;

beforeAll(async () => {
  owner = await rig.builder.owner();
  const tour = await rig.builder.tour(owner, [await smallPanorama(1024), await smallPanorama(1024)]);
  rig.builder.setType(tour.shortId, 'paid');
  shortId = tour.shortId;
});

const isBeacon = (request: Request) => request.method() === 'POST' && request.url() === `${rig.server.origin}/api/tours/${shortId}/visits`;

/** Browsers do not show a beacon's Blob body to the devtools protocol: the page keeps a copy of each as it is sent. */
const KEEP_BEACONS = () => {
  const send = navigator.sendBeacon.bind(navigator);
  const kept: string[] = [];
  Object.assign(window, { keptBeacons: kept });
  navigator.sendBeacon = (url, data) => {
    void (data as Blob).text().then((text) => kept.push(text));
    return send(url, data);
  };
};

interface Visit {
  requests: [Request, Request];
  /** What the viewer sent with sendBeacon, in order. */
  beacons: VisitBeacon[];
}

/**
 * One visit in its own browser context: the page is opened, its first panorama reported, and then left (pagehide,
 * as closing the tab does), which sends the rest. Answers the visit's two beacons as the server received them.
 */
async function visit(context: BrowserContext, url: string, { framed = false } = {}): Promise<Visit> {
  await context.addInitScript(KEEP_BEACONS);
  const page = await context.newPage();
  const answered = () => page.waitForResponse((response) => isBeacon(response.request()), { timeout: 60_000 });
  const first = answered();
  await page.goto(url);
  expect((await first).status()).toBe(204);
  // The tour page in a partner's <iframe>: the viewer runs, and is left, in the frame.
  const frame = framed ? page.frames().find((candidate) => candidate !== page.mainFrame())! : page.mainFrame();
  const last = answered();
  await frame.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  expect((await last).status()).toBe(204);
  const kept = await frame.evaluate(() => (window as unknown as { keptBeacons: string[] }).keptBeacons);
  await context.close();
  return { requests: [(await first).request(), (await last).request()], beacons: kept.map((text) => JSON.parse(text) as VisitBeacon) };
}

const partnerUrl = (path: string) =>
  rig.partner.page(path, partnerPage(rig.server.origin, `<tour-viewer short-id="${shortId}" loading="eager" style="height:500px"></tour-viewer>`));

async function analytics(query = ''): Promise<Response> {
  return fetch(`${rig.server.origin}/api/tours/${shortId}/analytics${query}`, { headers: { Authorization: `JWT ${owner.token}` } });
}

describe('visits of a tour, as its owner reads them', () => {
  it('counts visitors of the element and the iframe on a partner page and of the tour page on a phone, not crawlers or the owner', async () => {
    const onPartnerPage = await visit(await rig.browser.newContext(DESKTOP), partnerUrl('/listing'));
    expect(onPartnerPage.requests[0].headers()['content-type']).toContain('text/plain');
    expect(onPartnerPage.requests[0].headers().cookie).toBeUndefined();
    const partnerHost = new URL(rig.partner.origin).host;
    expect(onPartnerPage.beacons[0]).toMatchObject({ kind: 'element', host: partnerHost, device: 'desktop', events: [] });
    const partnerEvents = onPartnerPage.beacons[1].events;
    expect(partnerEvents.map((event) => event.type)).toEqual(['scene', 'end']);
    expect(partnerEvents[0]).toMatchObject({ sceneId: 'scene-1', ms: expect.any(Number) });

    const onPhone = await visit(await rig.browser.newContext(PHONE), `${rig.server.origin}/tours/${shortId}`);
    expect(onPhone.beacons[0]).toMatchObject({ kind: 'page', host: new URL(rig.server.origin).host, device: 'phone' });

    const framedUrl = rig.partner.page('/framed', `<iframe src="${rig.server.origin}/tours/${shortId}" style="width:800px;height:500px"></iframe>`);
    const inFrame = await visit(await rig.browser.newContext({ ...DESKTOP, userAgent: FIREFOX_UA }), framedUrl, { framed: true });
    expect(inFrame.beacons[0]).toMatchObject({ kind: 'iframe', host: partnerHost, device: 'desktop' });

    // Not counted: a crawler, a headless browser that says so, and the owner on the tour page (known by their token).
    await visit(await rig.browser.newContext({ ...DESKTOP, userAgent: CRAWLER_UA }), partnerUrl('/crawled'));
    await visit(await rig.browser.newContext({ viewport: DESKTOP.viewport }), partnerUrl('/headless'));
    const ownersOwn = await rig.browser.newContext(PHONE);
    const kept = encodeURIComponent(JSON.stringify({ id: owner.id, token: owner.token, type: 1 }));
    await ownersOwn.addCookies([{ name: 'tour_user', value: kept, url: rig.server.origin }]);
    const ownerVisit = await visit(ownersOwn, `${rig.server.origin}/tours/${shortId}`);
    expect(ownerVisit.beacons, 'sent with fetch, to carry the token').toEqual([]);
    expect(ownerVisit.requests[0].headers().authorization).toBe(`JWT ${owner.token}`);

    // The rollups are flushed once a second: read until the three visits, with their scenes, are in.
    const read = async () => (await (await analytics()).json()) as TourAnalytics;
    await expect.poll(async () => (await read()).scenes[0]?.views ?? 0, { timeout: 30_000 }).toBe(3);
    const answer = await read();
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.totals).toMatchObject({ views: 3, visitors: 3, leads: 0, showings: 0, chats: 0 });
    expect(answer.days.find((day) => day.date === today)).toEqual({ date: today, views: 3, visitors: 3 });
    expect(answer.devices).toEqual({ phone: 1, tablet: 0, desktop: 2 });
    expect(answer.referrers).toEqual(
      expect.arrayContaining([
        { host: partnerHost, views: 2 },
        { host: new URL(rig.server.origin).host, views: 1 },
      ]),
    );
    expect(answer.referrers).toHaveLength(2);
    expect(answer.scenes[0]).toMatchObject({ sceneId: 'scene-1', title: 'Scene 1', views: 3 });

    const csv = await analytics(`?from=${today}&to=${today}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`"${today}","3","3"`);
  });
});
