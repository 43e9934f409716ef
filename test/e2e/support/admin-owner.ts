import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs a new owner up through the landing page's form, as a person would, and waits for their dashboard. */
export async function signUp(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill('Olivia Owner');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('correct horse battery');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Welcome, Olivia Owner').waitFor();
  await page.getByRole('heading', { name: 'Your tours' }).waitFor();
}

/** The signed-in owner as the admin keeps them in its cookie. */
export async function signedInUser(context: BrowserContext): Promise<{ id: number; token: string }> {
  return JSON.parse(decodeURIComponent((await context.cookies()).find((entry) => entry.name === 'tour_user')!.value));
}

/** Waits until the editor says every edit is on the server. */
export async function editorSaved(page: Page, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /^Saved$/ })
          .count(),
      { timeout },
    )
    .toBe(1);
}
