import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { flatPhoto, smallPanorama } from '../support/pictures';
import { editorSaved, signedInUser, signUp } from './support/admin-owner';
import { testRig } from './support/rig';
import type { Owner } from './support/tour-builder';

const rig = testRig();

async function call<T>(owner: Owner, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${rig.server.origin}/api${path}`, {
    method,
    headers: { Authorization: `JWT ${owner.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An owner signed in in a new browser page, with a three-scene tour whose floor plan links a room to Scene 2. */
async function ownerWithPlan(): Promise<{ page: Page; owner: Owner; shortId: string }> {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = `rooms-${Date.now()}@example.com`;
  await signUp(page, rig.server.origin, email);
  const owner = { ...(await signedInUser(context)), email };
  const panorama = await smallPanorama(512);
  const tour = await rig.builder.tour(owner, [panorama, panorama, panorama]);
  const picture = await rig.builder.upload(owner, tour.id, await flatPhoto(), true);
  const room = (sceneId: string) => ({ coords: { x: 20, y: 20 }, destinationSceneId: sceneId, destinationTitle: sceneId });
  await call(owner, 'POST', `/floorplans/${tour.id}`, { name: 'Ground floor', url: picture.url, hotspots: [room('scene-2'), room('scene-3')] });
  return { page, owner, shortId: tour.shortId };
}

describe('deleting a scene that a floor-plan room links to', () => {
  it('asks first, removes the room with the scene, tells the owner, and later edits still save and survive a reload', async () => {
    const { page, owner, shortId } = await ownerWithPlan();
    await page.goto(`${rig.server.origin}/tours/${shortId}/edit`);
    const scene2 = page.locator('.ad-scenes > li', { has: page.getByRole('button', { name: 'Show Scene 2' }) });
    await scene2.getByRole('button', { name: 'Delete scene' }).click();
    const question = page.getByRole('dialog', { name: /^Delete scene "Scene 2"\?/ });
    expect(await question.textContent()).toContain('1 floor-plan room on "Ground floor" leading to it will be removed too.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('.ad-scenes > li').count(), 'Cancel keeps the scene').toBe(3);

    await scene2.getByRole('button', { name: 'Delete scene' }).click();
    await page
      .getByRole('dialog', { name: /^Delete scene "Scene 2"\?/ })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByText('Scene "Scene 2" deleted, with 1 floor-plan room on "Ground floor" that led to it.').waitFor();
    await editorSaved(page);
    await page.getByLabel('Tour title').fill('Edited after the removal');
    await editorSaved(page);

    await page.reload();
    await expect.poll(() => page.getByLabel('Tour title').inputValue()).toBe('Edited after the removal');
    expect(await page.locator('.ad-scenes > li').count()).toBe(2);
    const stored = await call<Tour>(owner, 'GET', `/tours/${shortId}`);
    expect(stored.images.map((image) => image.id)).toEqual(['scene-1', 'scene-3']);
    expect(stored.floorplans[0].hotspots.map((spot) => spot.destinationSceneId)).toEqual(['scene-3']);
    await page.context().close();
  });

  it('mends a tour left with a room to a removed scene: the editor drops the room and edits save again', async () => {
    const { page, owner, shortId } = await ownerWithPlan();
    // The state the old editor left behind: the scene gone from the tour, its room still on the plan.
    rig.builder.sql((db) => {
      const row = db.prepare('SELECT data FROM tour WHERE short_id = ?').get(shortId) as { data: string };
      const data = JSON.parse(row.data) as { images: Array<{ id: string }> };
      data.images = data.images.filter((image) => image.id !== 'scene-2');
      db.prepare('UPDATE tour SET data = ? WHERE short_id = ?').run(JSON.stringify(data), shortId);
    });
    await page.goto(`${rig.server.origin}/tours/${shortId}/edit`);
    await page.getByLabel('Tour title').fill('Saving again');
    await editorSaved(page);
    await page.reload();
    await expect.poll(() => page.getByLabel('Tour title').inputValue()).toBe('Saving again');
    await expect
      .poll(async () => (await call<Tour>(owner, 'GET', `/tours/${shortId}`)).floorplans[0].hotspots.map((spot) => spot.destinationSceneId))
      .toEqual(['scene-3']);
    await page.context().close();
  });
});
