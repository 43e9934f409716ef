import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pinnedScript } from '../../api/schema/share-links';
import { partnerPage } from './support/partner-site';
import { pixelStats } from './support/pixels';
import { testRig } from './support/rig';
import { panoramaCanvas, RECORD_EVENTS, recordedEvents, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

async function expectPanoramaDrawn(page: Page, selector: string) {
  const canvas = panoramaCanvas(page.locator(selector));
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  const stats = await pixelStats(await canvas.screenshot());
  expect(stats.stdev, 'panorama is not one flat colour').toBeGreaterThan(15);
}

/** Every inherited property a page's body may set, each to something no viewer would choose. */
const LOUD_BODY_CSS = `<style>
  body {
    font: italic small-caps 900 31px/3.7 'Comic Sans MS', cursive;
    font-stretch: ultra-expanded; font-kerning: none; font-variant-ligatures: none; font-feature-settings: 'smcp';
    font-size-adjust: 0.9; font-synthesis: none; font-optical-sizing: none; font-variation-settings: 'wght' 900;
    color: #f0f; letter-spacing: 9px; word-spacing: 30px; text-align: right; text-align-last: center; text-indent: 70px;
    text-transform: uppercase; text-shadow: 3px 3px 0 lime; white-space: pre; word-break: break-all; overflow-wrap: anywhere;
    hyphens: auto; tab-size: 17; line-break: anywhere; text-underline-position: under; text-emphasis: filled red;
    direction: rtl; writing-mode: vertical-rl; text-orientation: upright; visibility: hidden; cursor: wait;
    pointer-events: none; list-style: square inside; quotes: '<' '>'; caption-side: bottom; border-collapse: collapse;
    border-spacing: 11px; empty-cells: hide; -webkit-text-stroke: 1px red; paint-order: stroke; image-rendering: pixelated;
    color-scheme: dark; accent-color: lime; caret-color: lime; text-rendering: geometricPrecision; -webkit-font-smoothing: none;
    user-select: none; font-palette: dark; math-style: compact; ruby-position: under;
  }
</style>`;

/** The inherited properties whose computed values are compared inside the viewer. */
const INHERITED = [
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'font-stretch',
  'font-kerning',
  'font-feature-settings',
  'font-size-adjust',
  'font-variation-settings',
  'line-height',
  'color',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-align-last',
  'text-indent',
  'text-transform',
  'text-shadow',
  'white-space',
  'word-break',
  'overflow-wrap',
  'hyphens',
  'tab-size',
  'line-break',
  'direction',
  'writing-mode',
  'text-orientation',
  'visibility',
  'cursor',
  'pointer-events',
  'list-style-type',
  'quotes',
  'caption-side',
  'border-collapse',
  'border-spacing',
  'empty-cells',
  '-webkit-text-stroke-width',
  'paint-order',
  'image-rendering',
  'color-scheme',
  'accent-color',
  'caret-color',
  'text-rendering',
  'user-select',
  'text-emphasis-style',
];

/** The computed inherited properties of every element with text of its own inside the viewer (its modal open). */
function textStyles(page: Page, selector: string): Promise<Record<string, Record<string, string>>> {
  return page.locator(selector).evaluate((host, properties) => {
    const styles: Record<string, Record<string, string>> = {};
    let index = 0;
    for (const element of host.shadowRoot!.querySelectorAll('*')) {
      const hasText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
      if (!hasText && !['INPUT', 'TEXTAREA', 'BUTTON'].includes(element.tagName)) continue;
      const computed = getComputedStyle(element);
      styles[`${index++} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`] = Object.fromEntries(
        properties.map((property) => [property, computed.getPropertyValue(property)]),
      );
    }
    return styles;
  }, INHERITED);
}

describe('the viewer on partner pages (issue 16)', () => {
  it("keeps its text as it is when the partner page's body sets every inherited property to something loud", async () => {
    const viewer = `<tour-viewer id="tour" short-id="demo" style="height:560px;width:900px"></tour-viewer>`;
    const styles: Record<string, Record<string, string>>[] = [];
    for (const [path, head] of [
      ['/plain-body', ''],
      ['/loud-body', LOUD_BODY_CSS],
    ]) {
      const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.goto(rig.partner.page(path, partnerPage(rig.server.origin, viewer, head + RECORD_EVENTS)));
      await waitForEvent(page, 'tour-load');
      await expectPanoramaDrawn(page, '#tour');
      await page.locator('#tour').getByRole('button', { name: 'Share' }).click();
      await page.locator('#tour [role="dialog"]').waitFor();
      styles.push(await textStyles(page, '#tour'));
      if (head) {
        // The page's own text did get the loud styles, so the comparison means something.
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Comic Sans MS');
        await page.keyboard.press('Escape');
        await page.locator('#tour [role="dialog"]').waitFor({ state: 'detached' });
        await page.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
        expect((await waitForEvent(page, 'scene-change')).detail).toMatchObject({ sceneId: 'puy-de-sancy' });
      }
      await page.close();
    }
    const [plain, loud] = styles;
    expect(Object.keys(plain).length, 'the reel, the controls and the share modal have text').toBeGreaterThan(8);
    expect(loud).toEqual(plain);
    expect(Object.values(plain)[0]).toMatchObject({ visibility: 'visible', direction: 'ltr', 'writing-mode': 'horizontal-tb', 'pointer-events': 'auto' });
  });

  it("works under the partner's strict Content-Security-Policy (style-src without 'unsafe-inline'), video chat included, with no violation", async () => {
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-partner' ${rig.server.origin}`,
      `style-src 'self' ${rig.server.origin}`,
      `connect-src ${rig.server.origin}`,
      `img-src ${rig.server.origin} data: blob:`,
      `media-src ${rig.server.origin} blob:`,
    ].join('; ');
    const record = `<link rel="stylesheet" href="${rig.server.origin}/embed/tour-viewer.css"><script nonce="partner">
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.target.outerHTML || event.target.nodeName).slice(0, 200)));
    </script>${RECORD_EVENTS.replace('<script>', '<script nonce="partner">')}`;
    const url = rig.partner.page(
      '/strict-csp',
      // No style attribute: under this policy the partner's own inline styles would be refused too.
      partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo"></tour-viewer>`, record),
      { 'Content-Security-Policy': csp },
    );
    const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
    const refused: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && refused.push(message.text()));
    await page.goto(url);
    await waitForEvent(page, 'tour-load');
    await expectPanoramaDrawn(page, '#tour');
    const viewer = page.locator('#tour');
    // Styled: the sidebar's buttons are round icons, not raw buttons.
    const share = viewer.getByRole('button', { name: 'Share' });
    expect(await share.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe('0px');
    // The lazily loaded video chat brings its own styles (the panel's 300 px and the lobby's).
    await viewer.getByRole('button', { name: 'Video chat' }).click();
    const panel = viewer.locator('.tv-video-panel');
    await panel.getByPlaceholder('Enter Your Name').waitFor();
    expect((await panel.boundingBox())?.width).toBe(300);
    expect(await viewer.evaluate((host) => host.shadowRoot!.adoptedStyleSheets.length)).toBeGreaterThan(2);
    expect(await viewer.evaluate((host) => host.shadowRoot!.querySelectorAll('style').length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(refused).toEqual([]);
    await page.close();
  });

  it('does not move the page when its script arrives late, given the stylesheet link first (CLS at most 0.05; without the link it moves)', async () => {
    const observe = `<script>
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    </script>`;
    const body = `<h1>12 Example Street</h1><p>A listing with its tour:</p>
      <tour-viewer id="tour" short-id="demo"></tour-viewer>
      <p id="after" style="height:400px;background:#eee">Three bedrooms, a garden and a view of the bay.</p>`;
    const shift = async (path: string, head: string) => {
      const page = await rig.browser.newPage({ viewport: { width: 1000, height: 900 } });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/embed\/tour-viewer\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Module scripts hold DOMContentLoaded back, so the page is taken as soon as it is shown.
      await page.goto(rig.partner.page(path, partnerPage(rig.server.origin, body, head + observe + RECORD_EVENTS)), { waitUntil: 'commit' });
      await page.locator('#after').waitFor();
      await page.waitForTimeout(300); // a few frames painted with the script still held
      release();
      await waitForEvent(page, 'tour-load');
      await expectPanoramaDrawn(page, '#tour');
      await page.locator('#tour').getByRole('button', { name: 'Share' }).waitFor();
      const value = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      await page.close();
      return value;
    };
    const linked = await shift('/cls-linked', `<link rel="stylesheet" href="${rig.server.origin}/embed/tour-viewer.css">`);
    expect(linked).toBeLessThanOrEqual(0.05);
    expect(await shift('/cls-bare', ''), 'the measure sees the shift the link prevents').toBeGreaterThan(0.1);
  });

  it('takes boolean attributes bare and removed as HTML does, alt and poster, and tells of load progress and view changes', async () => {
    const record = RECORD_EVENTS.replace("'lead-submit']", "'lead-submit', 'load-progress', 'view-change']");
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    // The opening panorama is held back, so what shows before it can be looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/media\/tours\/(?!thumb-)[^/]+\.jpg$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(
      rig.partner.page(
        '/attributes',
        partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo" mls alt="The lake, from the shore" style="height:560px"></tour-viewer>`, record),
      ),
    );
    const viewer = page.locator('#tour');
    // Before the first panorama: pannellum's preview shows the opening scene's thumbnail.
    await expect
      .poll(() => viewer.locator('.pnlm-preview-img').evaluate((preview) => (preview as HTMLElement).style.backgroundImage), { timeout: 60_000 })
      .toContain('/media/tours/thumb-');
    release();
    await waitForEvent(page, 'tour-load');
    await expectPanoramaDrawn(page, '#tour');
    expect(await viewer.getByRole('region', { name: 'The lake, from the shore' }).count()).toBe(1);

    // Read before the attribute changes below, each of which starts the panorama again.
    const events = await recordedEvents(page);
    const progress = events.filter((event) => event.type === 'load-progress');
    expect(progress.at(-1)).toEqual({ type: 'load-progress', detail: { sceneId: 'jordan-pond', progress: 1 }, target: 'tour' });
    expect(progress.every((event) => (event.detail.progress as number) > 0 && (event.detail.progress as number) <= 1)).toBe(true);

    // Bare mls: the listing-compliant mode (no share button); removed: off; "false": off; bare again: on.
    const share = viewer.getByRole('button', { name: 'Share' });
    expect(await share.count()).toBe(0);
    await viewer.evaluate((element) => element.removeAttribute('mls'));
    await share.waitFor();
    await viewer.evaluate((element) => element.setAttribute('mls', 'false'));
    await page.waitForTimeout(200);
    expect(await share.count()).toBe(1);
    await viewer.evaluate((element) => element.setAttribute('mls', ''));
    await share.waitFor({ state: 'detached' });

    // A drag turns the camera: view-change tells where it looks. The last attribute change started the panorama
    // again, so the drag is repeated until that one is loaded and takes it.
    const before = await viewer.evaluate((element) => (element as unknown as { view: { yaw: number } }).view.yaw);
    const box = (await panoramaCanvas(viewer).boundingBox())!;
    const turned = async () => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width / 2 - step * 30, box.y + box.height / 2, { steps: 2 });
      await page.mouse.up();
      await page.waitForTimeout(600); // more than the 250 ms between view-change events
      return (await recordedEvents(page)).find((event) => event.type === 'view-change' && Math.abs((event.detail.yaw as number) - before) > 5);
    };
    const change = await expect
      .poll(turned, { timeout: 60_000 })
      .toBeTruthy()
      .then(() => turned());
    expect(change?.detail).toMatchObject({ sceneId: 'jordan-pond', hfov: expect.any(Number), pitch: expect.any(Number) });
    await page.close();
  });

  it('shows the poster of a viewer that has not started yet', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1000, height: 700 } });
    const poster = `${rig.server.origin}/demo/panoramas/louvre.jpg`;
    await page.goto(
      rig.partner.page(
        '/poster',
        partnerPage(
          rig.server.origin,
          `<div style="height:3000px"></div><tour-viewer id="tour" short-id="demo" loading="lazy" poster="${poster}"></tour-viewer>`,
        ),
      ),
    );
    const img = page.locator('#tour .tv-poster');
    await img.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await img.getAttribute('src')).toBe(poster);
    expect(await page.locator('#tour .tv-root').getAttribute('data-status')).toBe('idle');
    await page.close();
  });

  it('embeds a pasted tour link through oEmbed as WordPress does, at the size asked even sanitised (no style) in a sandboxed frame without storage', async () => {
    const consumer = `<div id="embeds"></div><script>
      (async () => {
        const page = ${JSON.stringify(`${rig.server.origin}/tours/demo`)};
        const answer = await (await fetch(${JSON.stringify(rig.server.origin)} + '/oembed?format=json&maxwidth=640&url=' + encodeURIComponent(page))).json();
        window.oembed = answer;
        const embeds = document.getElementById('embeds');
        embeds.insertAdjacentHTML('beforeend', answer.html);
        // WordPress shows unknown providers in a sandbox without same-origin rights (no cookies, no storage), and
        // its sanitiser strips style attributes and allowfullscreen.
        const sanitised = answer.html.replace(/ style="[^"]*"/, '').replace(' allowfullscreen', '');
        embeds.insertAdjacentHTML('beforeend', sanitised.replace('<iframe ', '<iframe sandbox="allow-scripts" id="sandboxed" '));
      })();
    </script>`;
    const page = await rig.browser.newPage({ viewport: { width: 800, height: 1200 } });
    const securityErrors: string[] = [];
    page.on('console', (message) => message.text().includes('SecurityError') && securityErrors.push(message.text()));
    await page.goto(rig.partner.page('/wordpress', `<!doctype html><html><body style="width:640px">${consumer}</body></html>`));
    await page.waitForFunction(() => 'oembed' in window);
    const answer = await page.evaluate(() => (window as unknown as { oembed: Record<string, unknown> }).oembed);
    expect(answer).toMatchObject({ type: 'rich', title: 'Three places in 360°', width: 640, height: 360 });
    const frames = page.locator('#embeds iframe');
    expect(await frames.count()).toBe(2);
    expect(await frames.first().getAttribute('loading')).toBe('lazy');
    expect(await frames.first().getAttribute('title')).toBe('Three places in 360°');
    for (const frame of [frames.first(), page.locator('#sandboxed')]) {
      expect(await frame.evaluate((element) => [element.getBoundingClientRect().width, element.getBoundingClientRect().height].map(Math.round))).toEqual([
        640, 360,
      ]);
    }
    for (const selector of ['#embeds iframe:not([sandbox])', '#sandboxed']) {
      const canvas = page.frameLocator(selector).locator('tour-viewer .tv-panorama canvas');
      await expect.poll(async () => (await canvas.boundingBox().catch(() => null))?.width ?? 0, { timeout: 60_000 }).toBeGreaterThan(300);
      expect((await pixelStats(await canvas.screenshot())).stdev, selector).toBeGreaterThan(15);
    }
    expect(securityErrors, 'no cookie or storage read throws in the sandbox').toEqual([]);
    await page.close();
  });

  it('is accessible by axe inside its shadow root (no serious or critical violation), its share dialog keeping and returning focus', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(
      rig.partner.page(
        '/axe',
        partnerPage(rig.server.origin, `<main><h1>A listing</h1><tour-viewer id="tour" short-id="demo"></tour-viewer></main>`, RECORD_EVENTS),
      ),
    );
    await waitForEvent(page, 'tour-load');
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const violations = () =>
      page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }
        ).axe;
        const { violations } = await axe.run({ include: [['#tour']] });
        return violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
    const viewer = page.locator('#tour');
    expect(await violations(), 'the viewer').toEqual([]);

    // The panorama takes the keyboard, is named, and shows a focus ring.
    await expect.poll(() => viewer.getByRole('region', { name: 'Three places in 360°: 360° panorama' }).count()).toBe(1);
    const panorama = viewer.locator('.pnlm-container');
    await panorama.focus();
    await page.keyboard.press('ArrowLeft'); // keyboard focus, as a Tab would give
    expect(await panorama.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');

    const share = viewer.getByRole('button', { name: 'Share' });
    await share.focus();
    await page.keyboard.press('Enter');
    const dialog = viewer.getByRole('dialog');
    await dialog.waitFor();
    // Contrast is judged on the dialog as it ends up, not half-way through its fade-in.
    await viewer.evaluate((host) => Promise.all(host.shadowRoot!.getAnimations().map((animation) => animation.finished)));
    expect(await violations(), 'the share dialog').toEqual([]);
    // Tab goes round the dialog's controls and never leaves it.
    const inDialog = () => viewer.evaluate((host) => !!host.shadowRoot!.activeElement?.closest('[role="dialog"]'));
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await inDialog(), `after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await viewer.evaluate((host) => host.shadowRoot!.activeElement?.getAttribute('aria-label') ?? host.shadowRoot!.activeElement?.textContent)).toBe(
      'Share',
    );
    await page.close();
  });
});

describe('the viewer from anywhere: its server attribute (issue 28)', () => {
  /** The same server under a second origin: a page can show tours of two servers as far as the browser knows. */
  const secondOrigin = () => rig.server.origin.replace('localhost', '127.0.0.1');

  it("served from the partner's own origin (a bundled or CDN copy), shows the tour of the server it names, under a strict CSP", async () => {
    const copy = rig.partner.folder('/vendor/', resolve('dist/embed'));
    const csp = [
      "default-src 'none'",
      `script-src 'self' 'nonce-partner'`,
      `style-src 'self'`,
      `connect-src ${rig.server.origin}`,
      `img-src ${rig.server.origin} data: blob:`,
    ].join('; ');
    const head = `<link rel="stylesheet" href="${copy}tour-viewer.css">${RECORD_EVENTS.replace('<script>', '<script nonce="partner">')}`;
    const url = rig.partner.page(
      '/copy',
      `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>
        <tour-viewer id="tour" short-id="demo" server="${rig.server.origin}/any/path"></tour-viewer>
        <script type="module" src="${copy}tour-viewer.js"></script></body></html>`,
      { 'Content-Security-Policy': csp },
    );
    const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
    const refused: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && refused.push(message.text()));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(url);
    await waitForEvent(page, 'tour-load');
    await expectPanoramaDrawn(page, '#tour');
    expect(asked.filter((address) => address.includes('/api/')).every((address) => address.startsWith(`${rig.server.origin}/api/`))).toBe(true);
    expect(asked.some((address) => address.startsWith(`${rig.server.origin}/media/`))).toBe(true);
    // The share dialog offers the tour on its server, not on the partner's site the script came from.
    await page.locator('#tour').getByRole('button', { name: 'Share' }).click();
    const shareLink = page.locator('#tour').getByRole('textbox').first();
    expect(await shareLink.inputValue()).toContain(`${rig.server.origin}/tours/demo`);
    expect(refused).toEqual([]);
    await page.close();
  });

  it("keeps each element's own server: two elements on one page ask two origins", async () => {
    const url = rig.partner.page(
      '/two-servers',
      partnerPage(
        rig.server.origin,
        `<tour-viewer id="first" short-id="demo" loading="eager" style="height:300px"></tour-viewer>
         <tour-viewer id="second" short-id="demo" loading="eager" server="${secondOrigin()}" style="height:300px"></tour-viewer>`,
        RECORD_EVENTS,
      ),
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 800 } });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(url);
    await waitForEvent(page, 'tour-load', 'first');
    await waitForEvent(page, 'tour-load', 'second');
    await expectPanoramaDrawn(page, '#second');
    const tourReads = asked.filter((address) => address.endsWith('/api/tours/demo'));
    expect(tourReads.sort()).toEqual([`${rig.server.origin}/api/tours/demo`, `${secondOrigin()}/api/tours/demo`].sort());
    expect(asked.some((address) => address.startsWith(`${secondOrigin()}/media/`))).toBe(true);
    await page.close();
  });

  it('tells the page NoServer when its copy is served from elsewhere without a server attribute, or the attribute is no address', async () => {
    const copy = rig.partner.folder('/vendor/', resolve('dist/embed'));
    const url = rig.partner.page(
      '/no-server',
      `<!doctype html><html><head><meta charset="utf-8">${RECORD_EVENTS}</head><body>
        <tour-viewer id="unnamed" short-id="demo"></tour-viewer>
        <tour-viewer id="wrong" short-id="demo" server="ftp://tours.example"></tour-viewer>
        <script type="module" src="${copy}tour-viewer.js"></script></body></html>`,
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 900 } });
    await page.goto(url);
    const unnamed = await waitForEvent(page, 'tour-error', 'unnamed');
    const wrong = await waitForEvent(page, 'tour-error', 'wrong');
    expect(unnamed.detail.code).toBe('NoServer');
    expect(unnamed.detail.message).toContain('server attribute');
    expect(wrong.detail.code).toBe('NoServer');
    await expect.poll(() => page.locator('#unnamed').getByText('No tour server answered').count()).toBe(1);
    await page.close();
  });

  it('resolves ready with the element at its first tour-load, and tells tour-load again for each new short-id', async () => {
    const url = rig.partner.page(
      '/ready',
      partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="demo" style="height:300px"></tour-viewer>`, RECORD_EVENTS),
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(url);
    const readyIsTheElement = await page.evaluate(async () => {
      await customElements.whenDefined('tour-viewer');
      const element = document.querySelector('tour-viewer') as HTMLElement & { ready: Promise<HTMLElement> };
      return (await element.ready) === element;
    });
    expect(readyIsTheElement).toBe(true);
    // Asked for after the event, it has resolved already.
    expect(await page.evaluate(() => (document.querySelector('tour-viewer') as HTMLElement & { ready: Promise<unknown> }).ready.then(() => true))).toBe(true);
    await page.evaluate(() => document.querySelector('tour-viewer')!.setAttribute('short-id', 'no-such-tour'));
    expect((await waitForEvent(page, 'tour-error')).detail.code).toBe('TourNotFound');
    await page.evaluate(() => document.querySelector('tour-viewer')!.setAttribute('short-id', 'demo'));
    await expect.poll(async () => (await recordedEvents(page)).filter((event) => event.type === 'tour-load').length).toBe(2);
    await page.close();
  });

  it("speaks its lang on a partner page (Arabic mirrored, Spanish errors by code), and the tour page the visitor's language", async () => {
    const url = rig.partner.page(
      '/languages',
      partnerPage(
        rig.server.origin,
        `<tour-viewer id="arabic" lang="ar" short-id="demo" loading="eager" style="height:300px"></tour-viewer>
         <tour-viewer id="spanish" lang="es" short-id="no-such-tour" loading="eager" style="height:300px"></tour-viewer>`,
        RECORD_EVENTS,
      ),
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 800 } });
    await page.goto(url);
    await waitForEvent(page, 'tour-load', 'arabic');
    const arabic = page.locator('#arabic');
    await expect.poll(() => arabic.getByRole('button', { name: 'مشاركة' }).count()).toBe(1);
    expect(await arabic.locator('.tv-root').evaluate((root) => [root.getAttribute('dir'), getComputedStyle(root).direction])).toEqual(['rtl', 'rtl']);
    // Mirrored: the sidebar sits at the viewer's left edge.
    const [viewerBox, sidebarBox] = await Promise.all([arabic.boundingBox(), arabic.locator('.tv-sidebar').boundingBox()]);
    expect(sidebarBox!.x + sidebarBox!.width).toBeLessThan(viewerBox!.x + viewerBox!.width / 2);
    const failed = await waitForEvent(page, 'tour-error', 'spanish');
    expect(failed.detail).toEqual({ code: 'TourNotFound', message: 'Error: esto no parece un recorrido válido. Comprueba la dirección e inténtalo de nuevo.' });
    await expect.poll(() => page.locator('#spanish').getByText('Ir a la página de inicio').count()).toBe(1);
    await page.close();

    // The tour page: the browser's languages pick, ?lang= overrides.
    const french = await rig.browser.newPage({ locale: 'fr-FR', viewport: { width: 900, height: 700 } });
    const answer = await french.goto(`${rig.server.origin}/tours/demo`);
    expect(answer!.headers()['vary']).toContain('Accept-Language');
    expect(await french.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    await expect.poll(() => french.getByRole('button', { name: 'Partager' }).count()).toBe(1);
    await french.goto(`${rig.server.origin}/tours/demo?lang=ar`);
    expect(await french.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await expect.poll(() => french.getByRole('button', { name: 'مشاركة' }).count()).toBe(1);
    await french.close();
  });

  it('runs the pinned build that /embed/versions.json lists with its integrity, and refuses a copy whose bytes differ', async () => {
    const { current, versions } = await (await fetch(`${rig.server.origin}/embed/versions.json`)).json();
    const build = versions.find((entry: { version: string }) => entry.version === current);
    const pinned = (integrity: string) =>
      `<!doctype html><html><head><meta charset="utf-8">${RECORD_EVENTS}</head><body>${pinnedScript(rig.server.origin, 'demo', false, { version: current, integrity })}</body></html>`;
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(rig.partner.page('/pinned', pinned(build.integrity)));
    expect((await waitForEvent(page, 'tour-load')).detail.shortId).toBe('demo');

    const tampered = `sha384-${createHash('sha384').update('another script').digest('base64')}`;
    const refusal = page.waitForEvent('console', (message) => message.text().includes('integrity'));
    await page.goto(rig.partner.page('/tampered', pinned(tampered)));
    await refusal;
    expect(await page.evaluate(() => customElements.get('tour-viewer'))).toBe(undefined);
    expect(await recordedEvents(page)).toEqual([]);
    await page.close();
  });
});
