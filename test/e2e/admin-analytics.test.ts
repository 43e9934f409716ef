import { describe, expect, it } from 'vitest';
import type { TourAnalytics } from '../../api/schema/analytics';
import type { Tour } from '../../api/schema/tour';
import { TEST_JWT_SECRET } from '../support/test-secret';
import { signedInUser, signUp } from './support/admin-owner';
import { seriousViolations } from './support/axe';
import { testRig } from './support/rig';

const rig = testRig({ env: { JWT_SECRET: TEST_JWT_SECRET } });

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('the built admin’s analytics', () => {
  it('loads uPlot and its stylesheet only on the Analytics tab, under the page’s CSP, and draws the day’s views', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`));
    await page.addInitScript(() => {
      (window as { violations?: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { violations: string[] }).violations.push(event.violatedDirective));
    });
    await signUp(page, rig.server.origin, `analytics-${Date.now()}@example.com`);
    const { token } = await signedInUser(context);
    const auth = { Authorization: `JWT ${token}` };
    const created: Tour = await (await fetch(`${rig.server.origin}/api/tours`, { method: 'POST', headers: auth })).json();

    // A visitor's beacon, as the viewer sends it; the server writes its sums within a second.
    const beacon = {
      visitId: `visit-${Date.now()}`,
      host: 'rig.partner.example',
      kind: 'element',
      device: 'phone',
      events: [{ type: 'end', at: 9000, ms: 9000 }],
    };
    const sent = await fetch(`${rig.server.origin}/api/tours/${created.shortId}/visits`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': BROWSER },
      body: JSON.stringify(beacon),
    });
    expect(sent.status).toBe(204);
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${rig.server.origin}/api/tours/${created.shortId}/analytics`, { headers: auth })).json()) as TourAnalytics).totals.views,
      )
      .toBe(1);

    expect(loaded.filter((line) => line.includes('/admin/chunks/') || line.includes('uplot.css'))).toEqual([]);
    await page.goto(`${rig.server.origin}/tours/${created.shortId}/edit#analytics`);
    await page.getByRole('tab', { name: 'analytics', selected: true }).waitFor();
    await page.locator('[data-chart="views"] canvas').waitFor();
    await page.locator('.u-legend').waitFor();
    expect(loaded).toContain('200 /admin/uplot.css');
    expect(loaded.some((line) => /^200 \/admin\/chunks\/draw-views-chart-[\w-]+\.js$/.test(line))).toBe(true);
    // uPlot's stylesheet applies: the admin's own sets no font, that file gives the chart system-ui.
    expect(await page.locator('.uplot').evaluate((chart) => getComputedStyle(chart).fontFamily)).toContain('system-ui');
    expect(await page.locator('.ad-analytics__totals dd').first().textContent()).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(await seriousViolations(page), 'the Analytics tab').toEqual([]);
    await page.locator('.ad-user-menu__toggle').click();
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.locator(`tr[data-short-id="${created.shortId}"] td`).first().waitFor();
    expect(await page.locator(`tr[data-short-id="${created.shortId}"] td`).first().textContent()).toBe('1');
    expect(await seriousViolations(page), 'the Analytics page').toEqual([]);
    // The first script stays without the chart library.
    expect(await (await fetch(`${rig.server.origin}/admin/admin.js`)).text()).not.toContain('u-legend');
    await context.close();
  });
});
