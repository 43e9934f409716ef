import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { partnerPage, startPartnerSite, type PartnerSite } from './support/partner-site';
import { removeDataDir, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let partner: PartnerSite;
let browser: Browser;

beforeAll(async () => {
  [server, partner, browser] = await Promise.all([startServer(), startPartnerSite(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await partner?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function joinAs(name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1600, height: 800 } })).newPage();
  const url = partner.page(`/restart-${name}`, partnerPage(server.origin, `<tour-viewer id="tour" short-id="demo" show-video-chat="1" loading="eager" style="height:640px"></tour-viewer>`));
  // A <video autoplay> on an empty stream holds the load event forever (STACK.md).
  await page.goto(url, { waitUntil: 'commit' });
  const lobby = page.locator('#tour .vc-lobby');
  await lobby.getByPlaceholder('Enter Your Name').fill(name);
  await lobby.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => page.locator('#tour .vc-room').getAttribute('data-connection'), { timeout: 20_000 }).toBe('connected');
  // Every connection state the room shows, recorded in the page so a short 'reconnecting' is not missed.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { chatStates: string[] }).chatStates = seen;
    setInterval(() => {
      const state = document.querySelector('#tour')?.shadowRoot?.querySelector('.vc-room')?.getAttribute('data-connection') ?? 'gone';
      if (seen.at(-1) !== state) seen.push(state);
    }, 5);
  });
  return page;
}

const statesOf = (page: Page) => page.evaluate(() => (window as unknown as { chatStates: string[] }).chatStates);

describe('live video chat across a server restart', () => {
  it('shows reconnecting, then recovers or ends with the signalling error', async () => {
    const pages = [await joinAs('Ivy'), await joinAs('Jon')];
    await server.stop();
    server = await startServer({ dataDir: server.dataDir, port: server.port });

    for (const page of pages) {
      await expect.poll(() => statesOf(page), { timeout: 30_000 }).toContain('reconnecting');
      await expect.poll(async () => (await statesOf(page)).at(-1), { timeout: 60_000 }).toMatch(/^(connected|disconnected)$/);
      if ((await statesOf(page)).at(-1) === 'disconnected') {
        expect(await page.locator('#tour .vc-error').textContent()).toBe('Something went wrong. Signaling connection disconnected');
      }
    }
    // Whoever came back meets whoever else came back in the new room.
    const recovered = [];
    for (const page of pages) if ((await statesOf(page)).at(-1) === 'connected') recovered.push(page);
    for (const page of recovered) {
      await expect.poll(() => page.locator('#tour .vc-tile').count(), { timeout: 30_000 }).toBe(recovered.length);
    }
  });
});
