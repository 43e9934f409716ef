import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { editorSaved, signedInUser } from './support/admin-owner';
import { testRig } from './support/rig';

const rig = testRig();

const SAVE_WORK = 'Save your work: create an account';

/** A guest starts without an account and makes a tour with a title; its short id. */
async function guestBuildsTour(page: Page, title: string): Promise<string> {
  await page.goto(`${rig.server.origin}/`);
  await page.getByRole('button', { name: 'Start without an account' }).click();
  await page.getByRole('button', { name: 'New tour', exact: true }).click();
  await page.waitForURL(/\/edit$/);
  await page.getByLabel('Tour title').fill(title);
  await editorSaved(page);
  return page.url().split('/').at(-2)!;
}

async function toursOfSignedIn(page: Page): Promise<Tour[]> {
  const { token } = await signedInUser(page.context());
  return (await (await fetch(`${rig.server.origin}/api/tours`, { headers: { Authorization: `JWT ${token}` } })).json()).items;
}

describe('a guest keeps their work', () => {
  it('builds a tour as a guest, signs up from the header, and the tour is still theirs after a reload', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const shortId = await guestBuildsTour(page, 'Guest loft');
    await page.getByRole('button', { name: SAVE_WORK }).click();
    const form = page.getByRole('dialog', { name: SAVE_WORK }).getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Gus Guest');
    await form.getByLabel('Email').fill(`gus-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Your tours are saved in your new account.').waitFor();
    expect(await page.getByRole('button', { name: SAVE_WORK }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByLabel('Tour title').inputValue()).toBe('Guest loft');
    expect((await toursOfSignedIn(page)).map((tour) => tour.shortId)).toEqual([shortId]);
    await context.close();
  });

  it('builds a tour as a guest, signs in to an existing account, keeps the tour there, and an editor link opened signed out returns to it', async () => {
    const account = await rig.builder.owner('Ann Account');
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const shortId = await guestBuildsTour(page, 'Guest cottage');
    await page.locator('.ad-header [aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: SAVE_WORK }).click();
    const modal = page.getByRole('dialog', { name: SAVE_WORK });
    await modal.getByRole('button', { name: 'I have an account: sign in' }).click();
    const form = modal.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill('longenough');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('1 tour from your guest session moved to your account.').waitFor();
    expect((await signedInUser(context)).id).toBe(account.id);
    expect((await toursOfSignedIn(page)).map((tour) => tour.shortId)).toEqual([shortId]);

    // Signed out, the editor's address asks for a sign-in and then opens that editor.
    await page.locator('.ad-header [aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${rig.server.origin}/`);
    await page.goto(`${rig.server.origin}/tours/${shortId}/edit`);
    await page.getByRole('button', { name: 'I have an account: sign in' }).click();
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(account.email);
    await signIn.getByLabel('Password').fill('longenough');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByLabel('Tour title').inputValue()).toBe('Guest cottage');
    expect(page.url()).toBe(`${rig.server.origin}/tours/${shortId}/edit`);
    await context.close();
  });
});
