import { describe, expect, it } from 'vitest';
import { signedInUser, signUp } from './support/admin-owner';
import { seriousViolations } from './support/axe';
import { testRig } from './support/rig';

const rig = testRig();

describe('accessibility of our own pages (axe in Chromium)', () => {
  it('the tour page with its viewer has no serious or critical violation', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
    await page.goto(`${rig.server.origin}/tours/demo`);
    await page.locator('tour-viewer .pnlm-container canvas').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('the admin landing, the dashboard and the editor have no serious or critical violation', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${rig.server.origin}/`);
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
    expect(await seriousViolations(page), 'the landing').toEqual([]);
    await signUp(page, rig.server.origin, `axe-${Date.now()}@example.com`);
    // The welcome toast is judged once its entrance has finished: half faded in, its text reads as low contrast.
    await page
      .locator('.Toastify__toast')
      .first()
      .evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    expect(await seriousViolations(page), 'the dashboard').toEqual([]);
    const { token } = await signedInUser(context);
    const answer = await fetch(`${rig.server.origin}/api/tours`, { method: 'POST', headers: { Authorization: `JWT ${token}` } });
    const created = (await answer.json()) as { shortId: string };
    await page.goto(`${rig.server.origin}/tours/${created.shortId}/edit`);
    await page.getByRole('tab', { name: 'settings' }).waitFor();
    expect(await seriousViolations(page), 'the editor').toEqual([]);
    await context.close();
  });
});
