import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { launchChromium } from './support/browser';
import { removeDataDir, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const files: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  for (const name of ['Hall', 'Kitchen', 'Garden']) {
    const file = join(tmpdir(), `${name}-${Date.now()}.jpg`);
    writeFileSync(file, await smallPanorama(1024));
    files.push(file);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function signUp(page: Page, email: string) {
  await page.goto(`${server.origin}/`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill('Olivia Owner');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('correct horse battery');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Welcome, Olivia Owner').waitFor();
  await page.getByRole('heading', { name: 'Your tours' }).waitFor();
}

describe('an owner builds a tour in the app', () => {
  it('signs up, creates a tour from three panoramas, links them, protects it, and a visitor walks it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, `olivia-${Date.now()}@example.com`);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'tour_user');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

    await page.getByRole('button', { name: 'New tour' }).click();
    await page.waitForURL(/\/tours\/[^/]+\/edit$/);
    const shortId = page.url().split('/').at(-2)!;
    await page.locator('input[type="file"]').setInputFiles(files);
    await page.getByText('All your images were uploaded.').waitFor();
    await expect.poll(() => page.locator('.ad-scenes > li').count()).toBe(3);
    const titles = await page.locator('.ad-scenes input[aria-label^="Title of scene"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(titles.map((title) => title.replace(/-\d+$/, ''))).toEqual(['Hall', 'Kitchen', 'Garden']);

    await page.getByLabel('Tour title').fill('Riverside loft');
    const [hall, kitchen, garden] = titles;
    await page.getByLabel(`Link ${hall} to`).selectOption({ label: kitchen });
    await page.getByLabel(`Link ${kitchen} to`).selectOption({ label: garden });
    await page.getByRole('tab', { name: 'settings' }).click();
    await page.getByLabel('Privacy').selectOption('Password');
    await page.getByLabel('Tour password').fill('let me in');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved$/ }).count(), { timeout: 30_000 }).toBe(1);

    // The visitor: another browser profile, no sign-in.
    const visitor = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const tourPage = await visitor.newPage();
    await tourPage.goto(`${server.origin}/tours/${shortId}`);
    expect(await tourPage.title()).toBe('360 Tour - Riverside loft');
    const gate = tourPage.locator('tour-viewer [role="dialog"]');
    await gate.locator('input[type="password"]').fill('let me in');
    await gate.getByRole('button', { name: 'Submit' }).click();
    // New tours are locked until paid: the visitor unlocks with an e-mail address (SPEC.md §4).
    const locked = tourPage.locator('tour-viewer [role="dialog"]', { hasText: 'locked' });
    await locked.getByLabel('Email').fill('vera@example.com');
    await locked.getByRole('button', { name: 'Submit' }).click();
    await tourPage.locator(`tour-viewer .tv-hotspot`).first().waitFor();
    const hotspotTitles = await tourPage.locator('tour-viewer .tv-hotspot').evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    expect(hotspotTitles).toContain(kitchen);
    await visitor.close();
    await context.close();
  });

  it('keeps an edit made while the server is down and saves it when it is back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, `offline-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'New tour' }).click();
    await page.waitForURL(/\/edit$/);
    const shortId = page.url().split('/').at(-2)!;
    await page.getByLabel('Tour title').fill('Before');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved$/ }).count(), { timeout: 30_000 }).toBe(1);

    const dataDir = server.dataDir;
    const port = server.port;
    await server.stop();
    await page.getByLabel('Tour title').fill('Typed while offline');
    await page.getByText('Not Connected to Internet').first().waitFor({ timeout: 30_000 });

    server = await startServer({ dataDir, port });
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved$/ }).count(), { timeout: 60_000 }).toBe(1);
    const token = JSON.parse(decodeURIComponent((await context.cookies()).find((entry) => entry.name === 'tour_user')!.value)).token;
    const stored = await (await fetch(`${server.origin}/api/tours/${shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
    expect(stored.title).toBe('Typed while offline');
    await context.close();
  });
});
