import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { testRig } from './support/rig';
import { RECORD_EVENTS, waitForEvent } from './support/viewer-page';

/** A server named otherwise than the default: the lobby names the product with it. */
const SITE_NAME = 'Harbour Tours';
const rig = testRig({ partner: true, env: { SITE_NAME } });

/** Opens a partner page and records which lazy chunks the viewer fetched (the element's own chunk every page loads). */
async function open(attributes: string, path: string): Promise<{ page: Page; chunks: string[] }> {
  const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
  const chunks: string[] = [];
  page.on('request', (request) => {
    // The element's own code and the visit collector (loaded after the first panorama) come on every page.
    const everyPage = ['/chunks/define-tour-viewer-', '/chunks/collector-'].some((name) => request.url().includes(name));
    if (request.url().includes('/embed/chunks/') && !everyPage) chunks.push(request.url());
  });
  await page.goto(
    rig.partner.page(path, partnerPage(rig.server.origin, `<tour-viewer id="tour" ${attributes} style="height:600px"></tour-viewer>`, RECORD_EVENTS)),
  );
  await waitForEvent(page, 'tour-load');
  return { page, chunks };
}

describe('the video chat slot of the viewer', () => {
  it('loads the chat as its own chunk only when the visitor opens it, in a 300 px panel showing the lobby', async () => {
    const { page, chunks } = await open('short-id="demo"', '/chat');
    const viewer = page.locator('#tour');
    expect(chunks).toEqual([]);
    await viewer.getByRole('button', { name: 'Video chat' }).click();
    const panel = viewer.locator('.tv-video-panel');
    await panel.getByPlaceholder('Enter Your Name').waitFor();
    expect((await panel.boundingBox())?.width).toBe(300);
    expect(chunks.length).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Close the lobby' }).click(); // the lobby's own close (onClose)
    expect(await panel.count()).toBe(0);
    await viewer.getByRole('button', { name: 'Video chat' }).click();
    await panel.waitFor();
    await viewer.locator('.tv-sidebar').getByRole('button', { name: 'Close video chat' }).click(); // the sidebar toggle
    expect(await panel.count()).toBe(0);
    await page.close();
  });

  it("names the server's SITE_NAME in the lobby, in the viewer's language; a partner's page is named by its host", async () => {
    const { page } = await open('short-id="demo" show-video-chat="1" lang="es"', '/chat-brand');
    const lobby = page.locator('#tour .vc-lobby');
    await expect.poll(() => lobby.locator('h2 + p').textContent()).toBe(`Visitas en vídeo en directo gracias a ${SITE_NAME}`);
    expect(await lobby.locator('h2').textContent()).toBe(new URL(rig.partner.origin).hostname);
    await page.close();

    const own = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
    await own.goto(`${rig.server.origin}/tours/demo`);
    await own.locator('tour-viewer').getByRole('button', { name: 'Video chat' }).click();
    const ownLobby = own.locator('tour-viewer .vc-lobby');
    await expect.poll(() => ownLobby.locator('h2').textContent()).toBe(SITE_NAME);
    expect(await ownLobby.locator('h2 + p').textContent()).toBe(`Live video tours made possible by ${SITE_NAME}`);
    await own.close();
  });

  it('shows the chat as a sheet along the bottom of a phone-sized viewer, the panorama in sight above it', async () => {
    // The first style attribute is the one the element keeps.
    const { page } = await open('short-id="demo" show-video-chat="1" style="width:390px;height:700px"', '/chat-phone');
    const viewer = page.locator('#tour');
    const panel = viewer.locator('.tv-video-panel');
    await panel.getByPlaceholder('Enter Your Name').waitFor();
    const [box, sheet] = [(await viewer.boundingBox())!, (await panel.boundingBox())!];
    expect(sheet.width).toBe(box.width);
    expect(sheet.y + sheet.height).toBeCloseTo(box.y + box.height, 0);
    expect(sheet.height).toBeLessThanOrEqual(box.height / 2);
    await page.close();
  });

  it('opens the panel at start with show-video-chat="1", and never when the tour has video chat off', async () => {
    const { page } = await open('short-id="demo" show-video-chat="1"', '/chat-flag');
    await page.locator('#tour .tv-video-panel').getByPlaceholder('Enter Your Name').waitFor();
    await page.close();

    const owner = await rig.builder.owner();
    const tour = await rig.builder.tour(owner, [await smallPanorama(1024)], { isVideoChatEnabled: false });
    // Published, so the visitor meets the viewer rather than the lock.
    rig.builder.setType(tour.shortId, 'paid');
    const off = await open(`short-id="${tour.shortId}" show-video-chat="1"`, '/chat-off');
    const viewer = off.page.locator('#tour');
    await viewer.getByRole('button', { name: 'Share' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Video chat' }).count()).toBe(0);
    expect(await viewer.locator('.tv-video-panel').count()).toBe(0);
    expect(off.chunks).toEqual([]);
    await off.page.close();
  });
});
