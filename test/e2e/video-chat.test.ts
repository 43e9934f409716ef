import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { partnerPage, startPartnerSite, type PartnerSite } from './support/partner-site';
import { removeDataDir, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let partner: PartnerSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await partner?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function joinAs(name: string, init?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const url = partner.page(`/chat-${name}`, partnerPage(server.origin, `<tour-viewer id="tour" short-id="demo" show-video-chat="1" loading="eager" style="height:640px"></tour-viewer>`));
  // A <video autoplay> on an empty stream holds the load event forever (STACK.md).
  await page.goto(url, { waitUntil: 'commit' });
  const lobby = page.locator('#tour .vc-lobby');
  await lobby.getByPlaceholder('Enter Your Name').fill(name);
  await lobby.getByRole('button', { name: 'Connect' }).click();
  await page.locator('#tour .vc-room').waitFor();
  await expect.poll(() => page.locator('#tour .vc-tile--local').getAttribute('data-sid'), { timeout: 20_000 }).toMatch(/^PA/);
  return page;
}

const decodedFrames = (page: Page, sid: string) =>
  page.locator(`#tour .vc-tile[data-sid="${sid}"] video`).evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);
const mySid = (page: Page) => page.locator('#tour .vc-tile--local').getAttribute('data-sid');

describe('live video chat with a host guiding the view', () => {
  it('connects two visitors who see each other, and the follower lands where the host looks', async () => {
    const ann = await joinAs('Ann');
    const bob = await joinAs('Bob');
    const [annSid, bobSid] = [await mySid(ann), await mySid(bob)];
    await expect.poll(() => decodedFrames(ann, bobSid!), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => decodedFrames(bob, annSid!), { timeout: 30_000 }).toBeGreaterThan(0);

    await ann.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => bob.locator(`#tour .vc-tile[data-sid="${annSid}"] [aria-label="Host"]`).count()).toBe(1);
    expect(await ann.locator('#tour .vc-controls').getByRole('button', { name: 'Stop Sharing' }).count()).toBe(1);
    expect(await bob.locator('#tour .vc-controls').getByRole('button', { name: 'Request to host' }).count()).toBe(1);

    // The host walks through a hotspot; the follower's viewer follows to the same scene.
    await ann.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    await expect.poll(() => bob.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count(), { timeout: 20_000 }).toBe(1);

    bob.locator('#tour .vc-controls').getByRole('button', { name: 'Request to host' }).click();
    const request = ann.locator('#tour .vc-modal');
    await expect.poll(() => request.textContent()).toContain('Another user requests to be a host. Allow host changing?');
    await request.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => ann.locator(`#tour .vc-tile[data-sid="${bobSid}"] [aria-label="Host"]`).count()).toBe(1);

    await bob.locator('#tour .vc-controls').getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => ann.locator('#tour [aria-label="Host"]').count()).toBe(0);
  });

  it('asks to continue when the room lifetime runs out: yes resets the others, and a countdown reaching zero leaves', async () => {
    // The room lifetime (30 minutes) is shortened through the chat's test hook.
    const shortClock = 'window.__TOUR_CHAT_LIFETIME_MS__ = 4000;';
    // Dan joins first, so Cat's short clock (and her 15-second countdown) cannot run out while Dan is still joining.
    const dan = await joinAs('Dan', 'window.__TOUR_CHAT_LIFETIME_MS__ = 600000;');
    const cat = await joinAs('Cat', shortClock);
    const danSid = await mySid(dan);
    const prompt = cat.locator('#tour [aria-label="Continue chatting"]');
    await expect.poll(() => prompt.count(), { timeout: 20_000 }).toBe(1);
    expect(await prompt.textContent()).toContain('Do you want to continue chating? The window closes through the remaining seconds.');
    await prompt.getByRole('button', { name: 'Yes' }).click();
    const danPrompt = dan.locator('#tour [aria-label="Continue chatting"]');
    await expect.poll(() => danPrompt.count()).toBe(1);
    expect(Number(await danPrompt.getByRole('timer').textContent())).toBeLessThanOrEqual(15);
    // Dan does not answer: at zero he leaves the room, and Cat sees him go.
    await expect.poll(() => cat.locator(`#tour .vc-tile[data-sid="${danSid}"]`).count(), { timeout: 30_000 }).toBe(0);
    expect(await dan.locator('#tour .vc-lobby').count()).toBe(1);
  });

  it('three visitors all see each other; a follower who dragged away is not pulled back until they follow again', async () => {
    // Start from an empty room: the earlier visitors go home.
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const [eve, fay, gus] = [await joinAs('Eve'), await joinAs('Fay'), await joinAs('Gus')];
    const pages = [eve, fay, gus];
    const sids = await Promise.all(pages.map(mySid));
    for (const [i, page] of pages.entries()) {
      for (const [j, sid] of sids.entries()) {
        if (i !== j) await expect.poll(() => decodedFrames(page, sid!), { timeout: 30_000 }).toBeGreaterThan(0);
      }
    }

    await eve.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => gus.locator(`#tour .vc-tile[data-sid="${sids[0]}"] [aria-label="Host"]`).count()).toBe(1);

    // Gus drags his panorama: he stops following.
    const box = (await gus.locator('#tour .tv-panorama').boundingBox())!;
    await gus.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await gus.mouse.down();
    await gus.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.7, { steps: 5 });
    await gus.mouse.up();
    const gusFollow = gus.locator('#tour .vc-controls').getByRole('button', { name: 'Follow host' });
    await expect.poll(() => gusFollow.count()).toBe(1);

    await eve.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
    await expect.poll(() => fay.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await gus.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').count()).toBe(1);

    // Following again, Gus goes where the host looks next.
    await gusFollow.click();
    const eveBox = (await eve.locator('#tour .tv-panorama').boundingBox())!;
    await eve.mouse.move(eveBox.x + eveBox.width * 0.3, eveBox.y + eveBox.height * 0.7);
    await eve.mouse.down();
    await eve.mouse.move(eveBox.x + eveBox.width * 0.2, eveBox.y + eveBox.height * 0.7, { steps: 5 });
    await eve.mouse.up();
    await expect.poll(() => gus.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count(), { timeout: 20_000 }).toBe(1);
  });
});
