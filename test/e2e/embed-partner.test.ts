import { describe, expect, it } from 'vitest';
import { partnerPage } from './support/partner-site';
import { pixelStats } from './support/pixels';
import { testRig } from './support/rig';
import { panoramaCanvas, RECORD_EVENTS, recordedEvents, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

const HOSTILE_CSS = `<style>
  * { margin: 0 !important; padding: 0 !important; box-sizing: content-box !important; font-size: 40px !important; }
  div { display: flex !important; }
  canvas { display: none !important; }
  img { max-width: 10px !important; }
  button { display: none !important; }
</style>`;

async function expectPanoramaDrawn(page: import('playwright-core').Page, selector: string) {
  const canvas = panoramaCanvas(page.locator(selector));
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  const stats = await pixelStats(await canvas.screenshot());
  expect(stats.stdev, 'panorama is not one flat colour').toBeGreaterThan(15);
}

describe('the viewer on a partner page from another origin', () => {
  it('draws the demo panorama and moves through a hotspot, telling the partner page', async () => {
    const url = rig.partner.page(
      '/listing',
      partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo" style="height:500px"></tour-viewer>`, RECORD_EVENTS),
    );
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(url);
    const loaded = await waitForEvent(page, 'tour-load');
    expect(loaded.detail).toMatchObject({ shortId: 'demo', sceneId: 'jordan-pond' });
    await expectPanoramaDrawn(page, '#tour');
    const before = await panoramaCanvas(page.locator('#tour')).screenshot();

    await page.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    const change = await waitForEvent(page, 'scene-change');
    expect(change.detail).toEqual({ sceneId: 'puy-de-sancy', title: 'Puy de Sancy' });
    expect(change.target).toBe('tour');
    await expect.poll(() => page.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count()).toBe(1);
    await expect.poll(async () => Buffer.compare(before, await panoramaCanvas(page.locator('#tour')).screenshot()) !== 0).toBe(true);
    await page.close();
  });

  it('keeps working under hostile global CSS and leaves no globals behind', async () => {
    const url = rig.partner.page(
      '/hostile',
      partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo" style="height:500px;width:800px"></tour-viewer>`, HOSTILE_CSS + RECORD_EVENTS),
    );
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(url);
    await waitForEvent(page, 'tour-load');
    await expectPanoramaDrawn(page, '#tour');
    const box = await page.locator('#tour').boundingBox();
    expect(box).toMatchObject({ width: 800, height: 500 });
    await page.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    await waitForEvent(page, 'scene-change');
    expect(await page.evaluate(() => 'pannellum' in window || 'libpannellum' in window)).toBe(false);
    await page.close();
  });

  it('runs two tours on one page independently', async () => {
    const url = rig.partner.page(
      '/two',
      partnerPage(
        rig.server.origin,
        `<tour-viewer id="a" short-id="demo" style="height:480px"></tour-viewer>
         <tour-viewer id="b" short-id="demo" style="height:480px"></tour-viewer>`,
        RECORD_EVENTS,
      ),
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 1000 } });
    await page.goto(url);
    await waitForEvent(page, 'tour-load', 'a');
    await waitForEvent(page, 'tour-load', 'b');
    await page.locator('#a .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    await waitForEvent(page, 'scene-change', 'a');
    await expect.poll(() => page.locator('#a .tv-hotspot[data-scene-id="louvre"]').count()).toBe(1);
    // b stays where it was
    expect(await page.locator('#b .tv-hotspot[data-scene-id="puy-de-sancy"]').count()).toBe(1);
    expect((await recordedEvents(page)).filter((event) => event.type === 'scene-change').map((event) => event.target)).toEqual(['a']);
    await expectPanoramaDrawn(page, '#b');
    await page.close();
  });

  it("draws an eager tour's first panorama before the element's code has loaded, and the element takes that same panorama over", async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    // The element's chunk is held back, so the order is certain however busy the machine is.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/embed\/chunks\/define-tour-viewer-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(
      rig.partner.page(
        '/eager',
        partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo" loading="eager" style="height:500px"></tour-viewer>`, RECORD_EVENTS),
      ),
    );

    await page.waitForFunction(() => performance.getEntriesByName('tour-viewer:first-panorama').length === 1, undefined, { timeout: 60_000 });
    expect(await page.evaluate(() => customElements.get('tour-viewer'))).toBeUndefined();
    await expectPanoramaDrawn(page, '#tour');
    expect(await recordedEvents(page), 'tour-load waits for the element').toEqual([]);
    await panoramaCanvas(page.locator('#tour')).evaluate((canvas) => (canvas.dataset.drawnEarly = 'yes'));

    release();
    const loaded = await waitForEvent(page, 'tour-load');
    expect(loaded.detail).toMatchObject({ shortId: 'demo', sceneId: 'jordan-pond' });
    expect(await page.locator('#tour canvas').count(), 'one pannellum, the one started early').toBe(1);
    expect(await panoramaCanvas(page.locator('#tour')).getAttribute('data-drawn-early')).toBe('yes');
    expect(await page.locator('#tour').evaluate((element) => (element as unknown as { view?: { sceneId: string } }).view?.sceneId)).toBe('jordan-pond');
    await page.locator('#tour').getByRole('button', { name: 'Share' }).waitFor();

    // Its hot spots, made before the element existed, now answer to it.
    await page.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    expect((await waitForEvent(page, 'scene-change')).detail).toEqual({ sceneId: 'puy-de-sancy', title: 'Puy de Sancy' });
    expect(await page.evaluate(() => performance.getEntriesByName('tour-viewer:first-panorama').length), 'marked once').toBe(1);
    await page.close();
  });

  it('reports a missing tour as tour-error with the invalid-tour message', async () => {
    const url = rig.partner.page('/missing', partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="no-such-tour"></tour-viewer>`, RECORD_EVENTS));
    const page = await rig.browser.newPage();
    await page.goto(url);
    const error = await waitForEvent(page, 'tour-error');
    expect(error.detail).toEqual({
      code: 'TourNotFound',
      message: 'Error: This does not appear to be a valid tour. Please check the URL and try again.',
    });
    await page.close();
  });
});

describe('the public tour page', () => {
  it('shows the same tour with its title and share meta tags', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(`${rig.server.origin}/tours/demo`);
    expect(await page.title()).toBe('360 Tour - Three places in 360°');
    const meta = (property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');
    expect(await meta('og:title')).toBe('360 Tour - Three places in 360°');
    expect(await meta('og:image')).toBe(`${rig.server.origin}/api/tours/demo/meta/center.jpg`);
    expect(await meta('twitter:card')).toBe('summary_large_image');
    await expectPanoramaDrawn(page, 'tour-viewer');
    await page.close();
  });
});
