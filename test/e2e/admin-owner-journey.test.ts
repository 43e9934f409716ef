import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { flatPhoto, smallPanorama } from '../support/pictures';
import { editorSaved, signUp as signUpAt } from './support/admin-owner';
import { testRig } from './support/rig';

const rig = testRig();

const files: string[] = [];

beforeAll(async () => {
  for (const name of ['Hall', 'Kitchen', 'Garden']) {
    const file = join(tmpdir(), `${name}-${Date.now()}.jpg`);
    writeFileSync(file, await smallPanorama(1024));
    files.push(file);
  }
});

afterAll(() => {
  for (const file of files) rmSync(file, { force: true });
});

const signUp = (page: Page, email: string) => signUpAt(page, rig.server.origin, email);

/** Clicks the editor's panorama at a fraction of its size until the add-here menu opens (the scene may still be loading). */
async function clickPanorama(page: Page, fx: number, fy: number) {
  const box = (await page.getByTestId('editor-panorama').boundingBox())!;
  const menu = page.getByRole('menu', { name: 'Add here' });
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    if (
      await menu.waitFor({ timeout: 1000 }).then(
        () => true,
        () => false,
      )
    )
      return menu;
  }
  throw new Error('the panorama never offered to add a spot');
}

async function addHotspot(page: Page, at: [number, number], destination: string, wayBack: boolean) {
  await (await clickPanorama(page, ...at)).getByRole('menuitem', { name: 'Add hotspot' }).click();
  const form = page.getByRole('dialog', { name: 'Add hotspot' });
  await form.getByLabel('Destination scene').selectOption({ label: destination });
  await form.getByRole('checkbox', { name: /Also link back/ }).setChecked(wayBack);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

/** The tour as its owner's API answer has it (the visitor's would be locked). */
async function ownerTour(page: Page, shortId: string): Promise<Tour> {
  const token = JSON.parse(decodeURIComponent((await page.context().cookies()).find((entry) => entry.name === 'tour_user')!.value)).token;
  return (await fetch(`${rig.server.origin}/api/tours/${shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
}

describe('an owner builds a tour in the app', () => {
  it('signs up, builds a tour of three linked panoramas with an HTML infospot and a floor plan, protects it, and a visitor walks it', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, `olivia-${Date.now()}@example.com`);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'tour_user');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

    // Create flow: the photos are chosen first; the new tour's editor opens and uploads them.
    await page.locator('label', { hasText: 'New tour from photos' }).locator('input[type="file"]').setInputFiles(files);
    await page.waitForURL(/\/tours\/[^/]+\/edit$/);
    const shortId = page.url().split('/').at(-2)!;
    await page.getByText('All your images were uploaded.').waitFor();
    await expect.poll(() => page.locator('.ad-scenes > li').count()).toBe(3);
    const titles = await page
      .locator('.ad-scenes input[aria-label^="Title of scene"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(titles.map((title) => title.replace(/-\d+$/, ''))).toEqual(['Hall', 'Kitchen', 'Garden']);
    await page.getByLabel('Tour title').fill('Riverside loft');
    const [hall, kitchen, garden] = titles;

    // Through the panorama: Hall and Kitchen linked one way at a time, Kitchen and Garden with the way back.
    await addHotspot(page, [0.65, 0.5], kitchen, false);
    await (await clickPanorama(page, 0.5, 0.3)).getByRole('menuitem', { name: 'Add infospot' }).click();
    const info = page.getByRole('dialog', { name: 'Add infospot' });
    await info.getByLabel('Type').selectOption({ label: 'HTML' });
    await info.getByLabel('Title', { exact: true }).fill('About the hall');
    await info.getByLabel('HTML', { exact: true }).fill('<p>Oak floors <b>throughout</b></p>');
    await info.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: `Show ${kitchen}` }).click();
    await addHotspot(page, [0.35, 0.5], hall, false);
    await addHotspot(page, [0.65, 0.5], garden, true);
    await expect
      .poll(() => page.locator('.ad-scene-counts').allTextContents())
      .toEqual(['1 hotspot · 1 infospot', '2 hotspots · 0 infospots', '1 hotspot · 0 infospots']);

    await page.getByRole('tab', { name: 'settings' }).click();
    await page.getByLabel('Rotate automatically').uncheck();
    await page.getByLabel('Privacy').selectOption('Password');
    await page.getByLabel('Tour password').fill('let me in');
    await page.getByRole('button', { name: 'Protect with this password' }).click();
    await editorSaved(page);

    await page.getByRole('tab', { name: 'floor plan' }).click();
    await page.getByLabel('Floor plan name').fill('Ground floor');
    await page
      .locator('section[aria-label="Floor plans"] input[type="file"]')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await flatPhoto() });
    await page.locator('.ad-plans li', { hasText: 'Ground floor' }).getByRole('button', { name: 'Link rooms' }).click();
    const plan = page.locator('.ad-plan > img');
    // An owner clicks rooms on the drawn plan; before it has loaded, the page still moves under the pointer.
    await expect.poll(() => plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (const [room, x] of [
      [hall, 0.25],
      [garden, 0.75],
    ] as const) {
      const box = (await plan.boundingBox())!;
      await plan.click({ position: { x: box.width * x, y: box.height / 2 } });
      const selector = page.getByRole('group', { name: 'Select room to link' });
      await selector.getByRole('button', { name: room, exact: true }).click();
      await selector.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: `Linked to ${room}` }).waitFor();
    }
    const linkRooms = page.getByRole('dialog', { name: 'Link rooms on Ground floor' });
    await linkRooms.getByRole('button', { name: 'Close' }).click();
    await linkRooms.waitFor({ state: 'detached' });
    await page.locator('.ad-plans li', { hasText: '2 rooms linked' }).waitFor();

    const stored = await ownerTour(page, shortId);
    const id = Object.fromEntries(stored.images.map((image) => [image.title, image.id]));
    const links = Object.fromEntries(stored.images.map((image) => [image.title, image.hotspots.map((hotspot) => hotspot.image.title)]));
    expect(links).toEqual({ [hall]: [kitchen], [kitchen]: [hall, garden], [garden]: [kitchen] });
    expect(stored.images[0].infospots).toMatchObject([
      { dataType: 'html', style: 1, data: { previewText: 'About the hall', htmlContent: '<p>Oak floors <b>throughout</b></p>' } },
    ]);
    expect(stored.floorplans[0].hotspots.map((spot) => spot.destinationSceneId)).toEqual([id[hall], id[garden]]);
    // Sign out lives in the header's user menu.
    await page.locator('.ad-header [aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${rig.server.origin}/`);
    await context.close();

    // The visitor: another browser profile, no sign-in.
    const visitor = await rig.browser.newContext({ viewport: { width: 1100, height: 800 } });
    await visitor.addInitScript(() => {
      const seen: string[] = ((window as unknown as { sceneChanges: string[] }).sceneChanges = []);
      document.addEventListener('scene-change', (event) => seen.push((event as CustomEvent<{ sceneId: string }>).detail.sceneId));
    });
    const tourPage = await visitor.newPage();
    const sceneChanges = () => tourPage.evaluate(() => (window as unknown as { sceneChanges: string[] }).sceneChanges);
    await tourPage.goto(`${rig.server.origin}/tours/${shortId}`);
    expect(await tourPage.title()).toBe('360 Tour - Riverside loft');
    const viewer = tourPage.locator('tour-viewer');
    const gate = viewer.locator('[role="dialog"]');
    await gate.locator('input[type="password"]').fill('let me in');
    await gate.getByRole('button', { name: 'Submit' }).click();
    // New tours are locked until paid: the visitor unlocks with an e-mail address.
    const locked = viewer.locator('[role="dialog"]', { hasText: 'locked' });
    await locked.getByLabel('Email').fill('vera@example.com');
    await locked.getByRole('button', { name: 'Submit' }).click();

    await viewer.getByTestId('panorama').getByRole('button', { name: 'About the hall' }).click();
    const infoModal = viewer.locator('[role="dialog"]', { hasText: 'About the hall' });
    await infoModal.locator('.tv-html b', { hasText: 'throughout' }).waitFor();
    expect(await infoModal.locator('.tv-html').textContent()).toBe('Oak floors throughout');
    await infoModal.getByRole('button', { name: 'Close' }).click();

    await viewer.locator(`.tv-hotspot[data-scene-id="${id[kitchen]}"]`).click();
    await expect.poll(sceneChanges).toEqual([id[kitchen]]);
    await viewer.locator(`.tv-hotspot[data-scene-id="${id[garden]}"]`).click();
    await expect.poll(sceneChanges).toEqual([id[kitchen], id[garden]]);
    // scene-change fires once the scene is drawn; its hotspots come with it.
    await expect.poll(() => viewer.locator(`.tv-hotspot[data-scene-id="${id[kitchen]}"]`).count()).toBe(1);
    await viewer.getByRole('button', { name: 'Floor plans' }).click();
    await viewer.locator('.tv-floorplans__tile').click();
    await viewer.locator(`.tv-floorplan__room[data-scene-id="${id[hall]}"]`).click();
    await expect.poll(sceneChanges).toEqual([id[kitchen], id[garden], id[hall]]);
    await visitor.close();
  });

  it('keeps an edit made while the server is down and saves it when it is back', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, `offline-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'New tour', exact: true }).click();
    await page.waitForURL(/\/edit$/);
    const shortId = page.url().split('/').at(-2)!;
    await page.getByLabel('Tour title').fill('Before');
    await editorSaved(page);

    await rig.restartServer({
      meanwhile: async () => {
        await page.getByLabel('Tour title').fill('Typed while offline');
        await page.getByText('Not Connected to Internet').first().waitFor({ timeout: 30_000 });
      },
    });
    await editorSaved(page, 60_000);
    const token = JSON.parse(decodeURIComponent((await context.cookies()).find((entry) => entry.name === 'tour_user')!.value)).token;
    const stored = await (await fetch(`${rig.server.origin}/api/tours/${shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
    expect(stored.title).toBe('Typed while offline');
    await context.close();
  });
});
