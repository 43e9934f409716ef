import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { testRig } from './support/rig';
import { RECORD_EVENTS, recordedEvents, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

async function open(attributes: string, path: string): Promise<Page> {
  const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.partner.origin });
  await page.goto(
    rig.partner.page(path, partnerPage(rig.server.origin, `<tour-viewer id="tour" ${attributes} style="height:600px"></tour-viewer>`, RECORD_EVENTS)),
  );
  await waitForEvent(page, 'tour-load');
  return page;
}

const sceneChanges = async (page: Page) => (await recordedEvents(page)).filter((event) => event.type === 'scene-change').map((event) => event.detail.sceneId);

describe('moving around a tour', () => {
  it('walks the reel, the prev/next controls (bounded) and a floor plan', async () => {
    const owner = await rig.builder.owner();
    const pictures = await Promise.all([smallPanorama(1024), smallPanorama(1024), smallPanorama(1024)]);
    const tour = await rig.builder.tour(owner, pictures, { theme: 'cascade', config: { autoRotate: false } });
    rig.builder.setType(tour.shortId, 'paid');
    await rig.builder.floorplan(owner, tour.id, 'scene-3', 'Scene 3');

    const page = await open(`short-id="${tour.shortId}"`, '/nav');
    const viewer = page.locator('#tour');
    expect(await viewer.locator('.tv-reel--cascade').count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'Previous scene' }).isDisabled()).toBe(true);
    await viewer.getByRole('button', { name: 'Next scene' }).click();
    await expect.poll(() => sceneChanges(page)).toEqual(['scene-2']);
    expect(await viewer.locator('.tv-reel__tile[aria-current="true"]').getAttribute('data-scene-id')).toBe('scene-2');
    await viewer.locator('.tv-reel__tile[data-scene-id="scene-3"]').click();
    await expect.poll(() => sceneChanges(page)).toEqual(['scene-2', 'scene-3']);
    expect(await viewer.getByRole('button', { name: 'Next scene' }).isDisabled()).toBe(true);
    await viewer.locator('.tv-reel__tile[data-scene-id="scene-1"]').click();

    await viewer.getByRole('button', { name: 'Floor plans' }).click();
    await viewer.locator('.tv-floorplans__tile').click();
    await viewer.locator('.tv-floorplan__room[data-scene-id="scene-3"]').click();
    await expect.poll(() => sceneChanges(page)).toEqual(['scene-2', 'scene-3', 'scene-1', 'scene-3']);
    expect(await viewer.locator('[role="dialog"]').count()).toBe(0);
    expect(await viewer.locator('.tv-floorplans').count()).toBe(0);
    await page.close();
  });

  it('offers the share link and embed codes, copying with the text-copied notice', async () => {
    const page = await open('short-id="demo"', '/share');
    const viewer = page.locator('#tour');
    await viewer.getByRole('button', { name: 'Share' }).click();
    const dialog = viewer.locator('[role="dialog"]');
    expect(await dialog.getByLabel('Direct link').inputValue()).toBe(`${rig.server.origin}/tours/demo`);
    // The demo tour is paid, so the listing-compliant toggle shows; on, it adds mls=1 to link and embed code.
    await dialog.getByLabel('Listing-compliant link (MLS)').check();
    expect(await dialog.getByLabel('Direct link').inputValue()).toBe(`${rig.server.origin}/tours/demo?mls=1`);
    const iframe = await dialog.getByLabel('Embed with an iframe').inputValue();
    expect(iframe).toContain('?mls=1');
    expect(iframe).toContain('allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer; camera; microphone; display-capture"');
    await dialog.getByRole('button', { name: 'Copy iframe code' }).click();
    await expect.poll(() => dialog.locator('[role="status"]').textContent()).toBe('text copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iframe);
    expect(await dialog.locator('.tv-social__facebook').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(70, 91, 144)');
    await page.close();
  });

  it('requests a showing and shows the confirmation with the agent', async () => {
    const owner = await rig.builder.owner();
    const tour = await rig.builder.tour(owner, [await smallPanorama(1024)], { isScheduleEnabled: true, agentName: 'Alex', agentEmail: 'alex@agency.example' });
    rig.builder.setType(tour.shortId, 'paid');
    const page = await open(`short-id="${tour.shortId}"`, '/showing');
    const viewer = page.locator('#tour');
    await viewer.getByRole('button', { name: 'Request a showing' }).click();
    const dialog = viewer.locator('[role="dialog"]');
    expect(await dialog.textContent()).toContain('Enter your details below and someone will contact you for a live showing shortly!');
    expect(await dialog.getByLabel('Name').getAttribute('maxlength')).toBe('100');
    await dialog.getByLabel('Name').fill('Vera');
    await dialog.getByLabel('Email').fill('vera@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => viewer.locator('[role="status"]').textContent()).toBe('Showing Request received! Alex will reach out to you shortly.');
    await page.close();
  });
});
