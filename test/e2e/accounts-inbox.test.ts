import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { decodedText, type TestSmtp } from '../support/smtp-server';
import { signedInUser, signUp } from './support/admin-owner';
import { startMailingServer, type MailingServer } from './support/mailing-server';
import type { RunningServer } from './support/server';
import { TourBuilder } from './support/tour-builder';

let mailing: MailingServer;
let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mailing = await startMailingServer();
  ({ smtp, server, browser } = mailing);
});

afterAll(() => mailing?.close());

/** The link to `page` in the last mail to the address that says `text`, once the SMTP server has it. */
async function mailedLink(to: string, text: string, page: string): Promise<string> {
  const find = () => smtp.received.filter((mail) => mail.to.includes(to) && decodedText(mail.raw).includes(text)).at(-1);
  await expect.poll(() => !!find()).toBe(true);
  const match = new RegExp(`(http://\\S+/${page}#\\S+)`).exec(decodedText(find()!.raw));
  return match![1];
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Warsaw', locale: 'en-US' });
  return { context, page: await context.newPage() };
}

const statusWith = async (token: string) => (await fetch(`${server.origin}/api/status/user`, { headers: { Authorization: `JWT ${token}` } })).status;

describe('accounts and the inbox, through the built server', () => {
  it('resets a forgotten password from the sign-in form through a real SMTP server, once, signing out the other sessions', async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    const elsewhere = await newPage();
    await signUp(elsewhere.page, server.origin, email);
    const otherSession = (await signedInUser(elsewhere.context)).token;

    const { context, page } = await newPage();
    await page.goto(`${server.origin}/`);
    await page.getByRole('button', { name: 'I have an account: sign in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`If an account uses ${email}, we sent it a link`).waitFor();

    const link = await mailedLink(email, 'Reset your password', 'reset-password');
    expect(link.startsWith(`${server.origin}/reset-password#`)).toBe(true);
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel('New password').fill('my new passphrase');
    await reset.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Your new password is set. Every other session was signed out.').waitFor();
    await page.getByRole('heading', { name: 'Your tours' }).waitFor();
    expect(await statusWith((await signedInUser(context)).token)).toBe(200);
    expect(await statusWith(otherSession), 'the session in the other browser ended').toBe(401);

    // The link works once.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByRole('form', { name: 'Set a new password' }).getByLabel('New password').fill('another passphrase');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await again.getByText('This link was already used. Ask for a new one if you need it again.').waitFor();
    await again.close();

    // The new password signs in; the old one does not.
    const login = (password: string) =>
      fetch(`${server.origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect((await login('correct horse battery')).status).toBe(401);
    expect((await login('my new passphrase')).status).toBe(200);
    await Promise.all([context.close(), elsewhere.context.close()]);
  });

  it('puts a visitor’s lead and showing request into the owner’s inbox, counted unread in the header, and mails them', async () => {
    const email = `inbox-owner-${Date.now()}@example.com`;
    const { context, page } = await newPage();
    await signUp(page, server.origin, email);
    const { id, token } = await signedInUser(context);
    const builder = new TourBuilder(server.origin, server.dataDir);
    const tour = await builder.tour({ id, token, email }, [await smallPanorama(1024)], {
      title: 'Harbour loft',
      leadgen: { enabled: true, message: '' },
      isScheduleEnabled: true,
    });
    builder.setType(tour.shortId, 'paid');

    // The visitor's clock is Tokyo's; the owner reads the request on their own.
    const visitor = await browser.newPage({ viewport: { width: 1100, height: 800 }, timezoneId: 'Asia/Tokyo' });
    await visitor.goto(`${server.origin}/tours/${tour.shortId}`);
    await visitor.getByRole('button', { name: 'Request information' }).click();
    const leadForm = visitor.getByRole('dialog');
    await leadForm.getByLabel('Name').fill('Lea Lead');
    await leadForm.getByLabel('Email').fill('lea@example.com');
    await leadForm.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => visitor.getByRole('status').first().textContent()).toContain('received');

    // The chat panel, whose lobby offers the showing request, opens from the address as a shared link would.
    await visitor.goto(`${server.origin}/tours/${tour.shortId}?showVideoChat=1`);
    await visitor.getByLabel('Your name').fill('Vera Visitor');
    await visitor.getByRole('button', { name: 'Schedule a Showing' }).click();
    const showing = visitor.getByRole('dialog', { name: 'Request a showing' });
    await showing.getByLabel('Email').fill('vera@example.com');
    await showing.getByLabel('Phone').fill('+1 555 0100');
    await showing.getByLabel('Preferred date (optional)').fill('2026-12-01');
    await showing.getByLabel('Preferred time (optional)').fill('22:30');
    await showing.getByLabel('Comments').fill('Parking?\nSecond line');
    await showing.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Showing Request received!').waitFor();
    await visitor.close();

    await page.reload();
    const inboxLink = page.getByRole('link', { name: 'Inbox, 2 unread' });
    await inboxLink.click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    const entries = page.locator('.ad-inbox-item');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('Vera Visitor asks for a live showing of "Harbour loft".');
    expect(await entries.nth(0).getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe('tel:+15550100');
    expect(await entries.nth(0).getByRole('link', { name: 'vera@example.com' }).getAttribute('href')).toBe('mailto:vera@example.com');
    expect(await entries.nth(0).locator('.ad-inbox-detail--comments dd').innerText()).toBe('Parking?\nSecond line');
    // 22:30 in Tokyo is 14:30 in Warsaw, the owner's zone.
    expect(await entries.nth(0).locator('.ad-inbox-detail--preferred dd').textContent()).toMatch(
      /^Dec 1, 2026, 2:30\sPM your time \(Dec 1, 2026, 10:30\sPM in Asia\/Tokyo\)$/,
    );
    expect(await entries.nth(1).textContent()).toContain('Lea Lead left their contact details on "Harbour loft".');

    await entries.nth(1).getByRole('button', { name: 'Mark read' }).click();
    await page.getByRole('link', { name: 'Inbox, 1 unread' }).waitFor();

    // The mail server got both, each with its unsubscribe link.
    for (const text of ['Lea Lead left their contact details', 'Vera Visitor asks for a live showing']) {
      expect(await mailedLink(email, text, 'unsubscribe')).toMatch(new RegExp(`^${server.origin}/unsubscribe#`));
    }
    await context.close();
  });

  it('makes a locked tour’s visitor e-mail a lead: in the inbox with its tour, mailed to answer the visitor, and the editor says the tour shows', async () => {
    const email = `locked-owner-${Date.now()}@example.com`;
    const { context, page } = await newPage();
    await signUp(page, server.origin, email);
    const { id, token } = await signedInUser(context);
    const tour = await new TourBuilder(server.origin, server.dataDir).tour({ id, token, email }, [await smallPanorama(1024)], { title: 'Écurie du Lac' });

    const visitor = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await visitor.goto(`${server.origin}/tours/${tour.shortId}`);
    const locked = visitor.getByRole('dialog', { name: 'This tour is locked' });
    await locked.getByLabel('Email').fill('lea.visitor@example.com');
    await locked.getByRole('button', { name: 'Submit' }).click();
    await locked.waitFor({ state: 'detached' });
    await visitor.locator('.tv-watermark').first().waitFor();
    await visitor.close();

    await page.goto(`${server.origin}/inbox`);
    await page.getByRole('link', { name: 'Inbox, 1 unread' }).waitFor();
    await page.getByLabel('Kind').selectOption({ label: 'Locked-tour e-mails' });
    const entry = page.locator('.ad-inbox-item[data-kind="unlock"]');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain('lea.visitor@example.com left their e-mail to open "Écurie du Lac"');
    expect(await entry.getByRole('link', { name: 'lea.visitor@example.com' }).getAttribute('href')).toBe('mailto:lea.visitor@example.com');

    const find = () => smtp.received.find((mail) => mail.to.includes(email) && decodedText(mail.raw).includes('lea.visitor@example.com left their e-mail'));
    await expect.poll(() => !!find()).toBe(true);
    expect(find()!.raw).toMatch(/^Reply-To: lea\.visitor@example\.com\r?$/m);

    await page.goto(`${server.origin}/tours/${tour.shortId}/edit`);
    await page.getByText('Visible with the watermark since a visitor left their e-mail: choose how to publish').first().waitFor();
    await context.close();
  });
});
