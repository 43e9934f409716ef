import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { testRig } from './support/rig';
import { TEST_JWT_SECRET } from '../support/test-secret';

const rig = testRig({ env: { JWT_SECRET: TEST_JWT_SECRET } });

const PASSWORD = 'correct horse battery';

async function tourAsOwner(email: string, shortId: string): Promise<Tour> {
  const login = await fetch(`${rig.server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { user } = await login.json();
  return (await fetch(`${rig.server.origin}/api/tours/${shortId}`, { headers: { Authorization: `JWT ${user.token}` } })).json();
}

/** Signs a new owner up in the app and creates an empty tour; the page is left in its editor. */
async function signUpWithNewTour(page: Page): Promise<{ email: string; shortId: string }> {
  const email = `olivia-${Date.now()}@example.com`;
  await page.goto(`${rig.server.origin}/`);
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await signUp.getByLabel('Name').fill('Olivia Owner');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: 'New tour', exact: true }).click();
  await page.waitForURL(/\/tours\/[^/]+\/edit$/);
  return { email, shortId: page.url().split('/').at(-2)! };
}

describe('the owner’s sign-in goes away while editing', () => {
  it('a save gets 401, the sign-in-again form appears in place, and after signing in the edit is saved without loss', async () => {
    const page = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const { email, shortId } = await signUpWithNewTour(page);
    const title = page.getByLabel('Tour title');
    const status = page.locator('.ad-save');
    await title.fill('Before the restart');
    await expect.poll(() => status.textContent()).toBe('Saved');

    // The server comes back with another signing secret: every token it handed out is now invalid.
    await rig.restartServer({ env: { JWT_SECRET: `${TEST_JWT_SECRET}-rotated` } });

    await title.fill('Typed with a stale sign-in');
    await expect.poll(() => status.textContent()).toBe('Sign in again to save');
    const form = page.getByRole('form', { name: 'Sign in again' });
    await form.waitFor();
    expect(await title.inputValue()).toBe('Typed with a stale sign-in');
    expect(page.url()).toContain(`/tours/${shortId}/edit`);
    expect((await tourAsOwner(email, shortId)).title).toBe('Before the restart');

    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in and save' }).click();
    await expect.poll(() => status.textContent()).toBe('Saved');
    await form.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe('Typed with a stale sign-in');
    expect((await tourAsOwner(email, shortId)).title).toBe('Typed with a stale sign-in');
    await page.context().close();
  });
});

describe('the tour is changed in another tab meanwhile', () => {
  it('a save gets 409: the editor says so, keeps the other tab’s version on the server, and Reload shows it', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    const { email, shortId } = await signUpWithNewTour(first);
    const status = first.locator('.ad-save');
    await first.getByLabel('Tour title').fill('From the first tab');
    await expect.poll(() => status.textContent()).toBe('Saved');

    const second = await context.newPage();
    await second.goto(`${rig.server.origin}/tours/${shortId}/edit`);
    await expect.poll(() => second.getByLabel('Tour title').inputValue()).toBe('From the first tab');
    await second.getByLabel('Tour title').fill('From the second tab');
    await expect.poll(() => second.locator('.ad-save').textContent()).toBe('Saved');

    await first.getByLabel('Tour title').fill('Typed in the stale tab');
    await expect.poll(() => status.textContent()).toBe('Changed elsewhere');
    expect((await tourAsOwner(email, shortId)).title, 'nothing overwritten').toBe('From the second tab');
    await first.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => first.getByLabel('Tour title').inputValue()).toBe('From the second tab');
    await expect.poll(() => status.textContent()).toBe('Saved');
    await context.close();
  });
});
