import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { signUp } from './support/admin-owner';
import { launchChromium } from './support/browser';
import { startPartnerSite, type PartnerSite } from './support/partner-site';
import { removeDataDir, startServer, tempDataDir, type RunningServer } from './support/server';
import { panoramaCanvas } from './support/viewer-page';

let parent: string;
let server: RunningServer;
let partner: PartnerSite;
let browser: Browser;

beforeAll(async () => {
  parent = tempDataDir();
  // A DATA_DIR that does not exist yet, so the server creates it (mkdtemp alone would already give 0700).
  [server, partner, browser] = await Promise.all([startServer({ dataDir: join(parent, 'data') }), startPartnerSite(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await partner?.close();
  await server?.stop();
  if (parent) removeDataDir(parent);
});

/** A panorama takes seconds to load on a busy two-core machine. */
const LOADED = { timeout: 60_000 };

const mode = (path: string) => statSync(path).mode & 0o777;

describe('files the server keeps', () => {
  it('creates DATA_DIR 0700 and the database 0600', () => {
    expect(mode(server.dataDir).toString(8)).toBe('700');
    expect(mode(join(server.dataDir, 'tours.sqlite')).toString(8)).toBe('600');
    expect(mode(join(server.dataDir, 'tours.sqlite-wal')).toString(8), 'the write-ahead log too').toBe('600');
  });
});

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/tours/demo', 200],
    ['an API error', '/api/no-such-route', 404],
    ['a refused sign-in', '/api/status/user', 401],
    ['the viewer script', '/embed/tour-viewer.js', 200],
    ['a missing file', '/media/none.jpg', 404],
    ['the admin app', '/', 200],
    ['the tour page', '/tours/demo', 200],
    ['the demo page', '/demo/', 200],
  ])('%s carries nosniff and a referrer policy', async (_kind, path, status) => {
    const response = await fetch(`${server.origin}${path}`, path === '/api/status/user' ? { headers: { Authorization: 'JWT x' } } : {});
    expect(response.status).toBe(status);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives our pages a CSP: scripts only from here, the admin app not frameable, the tour page embeddable anywhere', async () => {
    const csp = async (path: string) => (await fetch(`${server.origin}${path}`)).headers;
    for (const path of ['/', '/dashboard', '/demo/']) {
      const headers = await csp(path);
      expect(headers.get('Content-Security-Policy'), path).toContain("script-src 'self';");
      expect(headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'self'");
      expect(headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN');
    }
    const tourPage = await csp('/tours/demo');
    expect(tourPage.get('Content-Security-Policy')).toContain("script-src 'self';");
    expect(tourPage.get('Content-Security-Policy')).toContain('frame-ancestors *');
    expect(tourPage.get('X-Frame-Options')).toBeNull();
    expect((await csp('/embed/tour-viewer.js')).get('X-Frame-Options')).toBeNull();
  });

  it('gives our pages styles only from files of this origin or constructed sheets: no inline styles', async () => {
    for (const path of ['/', '/dashboard', '/tours/demo', '/demo/']) {
      const directives = (await fetch(`${server.origin}${path}`)).headers.get('Content-Security-Policy')!.split('; ');
      expect(
        directives.filter((directive) => directive.startsWith('style-src')),
        path,
      ).toEqual(["style-src 'self'"]);
    }
  });
});

/** The ids the server gives: its process's random prefix, then a count. */
const OWN_REQUEST_ID = /^[\w-]{12}-[0-9a-z]+$/;

describe("a visitor's tour read over real HTTP", () => {
  it('carries its own headers and those every answer carries, once each', async () => {
    // Asked plain, so the length is the body's own; compressed answers are covered by their API test.
    const response = await fetch(`${server.origin}/api/tours/demo`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/json',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-request-id': expect.stringMatching(OWN_REQUEST_ID),
    });
    expect(Number(response.headers.get('content-length'))).toBe((await response.arrayBuffer()).byteLength);
  });

  it("keeps a balancer's request id in its answer and its access line, and replaces one unfit for a log", async () => {
    const passedOn = await fetch(`${server.origin}/api/tours/demo`, { headers: { 'X-Request-Id': 'balancer-7f3a=' } });
    expect(passedOn.headers.get('X-Request-Id')).toBe('balancer-7f3a=');
    const unfit = await fetch(`${server.origin}/api/tours/demo`, { headers: { 'X-Request-Id': 'a b"c' } });
    expect(unfit.headers.get('X-Request-Id')).toMatch(OWN_REQUEST_ID);
    const again = await fetch(`${server.origin}/api/tours/demo`, { headers: { 'X-Request-Id': 'a b"c' } });
    expect(again.headers.get('X-Request-Id')).toMatch(OWN_REQUEST_ID);
    expect(again.headers.get('X-Request-Id')).not.toBe(unfit.headers.get('X-Request-Id'));
    await expect.poll(() => server.output()).toContain('"requestId":"balancer-7f3a=","method":"GET","path":"/api/tours/demo","status":200');
  });
});

/** Opens a page, collecting CSP violations (seen by the page itself) and console errors. */
async function openWatched(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  return { page, problems };
}

/**
 * A toast with the text is shown the way the toast stylesheets draw it: in the fixed container at top centre,
 * 320 px wide (unstyled, it would be a plain block in the page's flow as wide as the page).
 */
async function expectStyledToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.Toastify__toast', { hasText: text });
  await toast.waitFor();
  const looks = await toast.evaluate((element) => ({
    width: (element as HTMLElement).offsetWidth,
    container: getComputedStyle(element.closest('.Toastify__toast-container')!).position,
  }));
  expect(looks, text).toEqual({ width: 320, container: 'fixed' });
}

describe('our pages under their CSP in Chromium', () => {
  it('the admin’s sign-in page, dashboard and editor draw with no violation and no console error, toasts styled', async () => {
    const { page, problems } = await openWatched(`${server.origin}/`);
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
    await signUp(page, server.origin, `csp-${Date.now()}@example.com`);
    await expectStyledToast(page, 'Welcome, Olivia Owner');
    await page
      .locator('label', { hasText: 'New tour from photos' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Hall.jpg', mimeType: 'image/jpeg', buffer: await smallPanorama() });
    await page.waitForURL(/\/tours\/[^/]+\/edit$/);
    await expectStyledToast(page, 'All your images were uploaded.');
    // The viewer's styles in the editor's shadow root: pannellum's canvas holder is placed by them.
    const canvasHolder = page.getByTestId('editor-panorama').locator('.pnlm-render-container');
    await expect.poll(() => canvasHolder.evaluate((element) => getComputedStyle(element).position), LOADED).toBe('absolute');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the tour page draws the demo panorama with no violation and no console error', async () => {
    const { page, problems } = await openWatched(`${server.origin}/tours/demo`);
    const canvas = panoramaCanvas(page.locator('tour-viewer'));
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0, LOADED).toBeGreaterThan(300);
    // The page's stylesheet file makes the viewer fill the window.
    expect(await page.locator('tour-viewer').boundingBox()).toEqual({ x: 0, y: 0, width: 1000, height: 700 });
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the demo page shows the tour and its event line with no violation and no console error', async () => {
    const { page, problems } = await openWatched(`${server.origin}/demo/`);
    await expect.poll(() => page.locator('#last-event').textContent(), LOADED).toMatch(/^tour-load: /);
    await expect.poll(() => page.locator('pre code').textContent()).toContain(`${server.origin}/embed/tour-viewer.js`);
    // The partner's own stylesheet file applies.
    expect(await page.locator('pre').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(244, 244, 244)');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a page of another origin may frame the tour page but not the admin app', async () => {
    const url = partner.page(
      '/framing',
      `<!doctype html><iframe id="tour" src="${server.origin}/tours/demo" width="600" height="400"></iframe><iframe id="admin" src="${server.origin}/" width="600" height="400"></iframe>`,
    );
    const page = await browser.newPage();
    await page.goto(url);
    const tour = page.frameLocator('#tour');
    await expect.poll(() => tour.locator('tour-viewer').count(), LOADED).toBe(1);
    const admin = await (await page.$('#admin'))!.contentFrame();
    // Chromium puts its own error page where a refused frame would be.
    await expect.poll(() => admin!.url(), LOADED).not.toBe('about:blank');
    expect(admin!.url()).not.toContain(server.origin);
    await page.close();
  });
});
