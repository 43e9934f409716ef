import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { startStripeStandIn, stripeEvent, webhookRequest, type StripeStandIn } from '../api/support/stripe-stand-in';
import { smallPanorama } from '../support/pictures';
import { editorSaved, signedInUser, signUp } from './support/admin-owner';
import { launchChromium } from './support/browser';
import { partnerPage, startPartnerSite, type PartnerSite } from './support/partner-site';
import { removeDataDir, startServer, type RunningServer } from './support/server';
import { panoramaCanvas, RECORD_EVENTS, waitForEvent } from './support/viewer-page';

let standIn: StripeStandIn;
let server: RunningServer;
let partner: PartnerSite;
let browser: Browser;
let photo: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  [server, partner, browser] = await Promise.all([startServer({ env: standIn.env }), startPartnerSite(), launchChromium()]);
  photo = join(tmpdir(), `Hall-${Date.now()}.jpg`);
  writeFileSync(photo, await smallPanorama(1024));
});

afterAll(async () => {
  await browser?.close();
  await partner?.close();
  await server?.stop();
  await standIn?.close();
  if (server) removeDataDir(server.dataDir);
  rmSync(photo, { force: true });
});

let owners = 0;

/** A new owner signed up in the app, on their dashboard. */
async function newOwner(): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = `payer${++owners}-${Date.now()}@example.com`;
  await signUp(page, server.origin, email);
  return { context, page, email };
}

/** From the dashboard: a new tour from a photo, uploaded and saved in its editor; its short id. */
async function tourFromPhotos(page: Page): Promise<string> {
  await page.locator('label', { hasText: 'New tour from photos' }).locator('input[type="file"]').setInputFiles([photo]);
  await page.waitForURL(/\/tours\/[^/]+\/edit$/);
  await page.getByText('All your images were uploaded.').waitFor();
  await page.getByLabel('Tour title').fill('Harbour view');
  await editorSaved(page);
  return page.url().split('/').at(-2)!;
}

async function ownerTour(context: BrowserContext, shortId: string): Promise<Tour> {
  const { token } = await signedInUser(context);
  return (await fetch(`${server.origin}/api/tours/${shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
}

const publishState = (page: Page) => page.locator('.ad-publish__state').first();

let partnerPages = 0;
/** The tour on a partner's page, as a visitor with no account sees it once it has loaded. */
async function visitOnPartner(shortId: string): Promise<Page> {
  const url = partner.page(
    `/listing${++partnerPages}`,
    partnerPage(server.origin, `<tour-viewer id="tour" short-id="${shortId}" loading="eager" style="height:560px"></tour-viewer>`, RECORD_EVENTS),
  );
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.goto(url);
  await waitForEvent(page, 'tour-load');
  await expect.poll(async () => (await panoramaCanvas(page.locator('#tour')).boundingBox())?.width ?? 0).toBeGreaterThan(300);
  return page;
}

function deliverWebhook(type: string, object: object): Promise<Response> {
  return fetch(`${server.origin}/api/stripe/webhook`, webhookRequest(stripeEvent(type, object), standIn.webhookSecret));
}

describe('publishing and paying in the app', () => {
  it('a new owner publishes a tour made from photos with a free tour, and a visitor on a partner page sees it at once with the watermark', async () => {
    const { context, page } = await newOwner();
    const shortId = await tourFromPhotos(page);
    expect(await publishState(page).textContent()).toBe('Locked: choose how to publish');
    await page.locator('.ad-publish').getByRole('button', { name: 'Publish' }).click();
    const modal = page.getByRole('dialog', { name: 'Publish your tour' });
    await modal.getByText('You have 3 free tours left.').waitFor();
    await modal.getByRole('button', { name: 'Use a free tour' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => publishState(page).textContent()).toBe('Published — free');
    expect((await ownerTour(context, shortId)).type).toBe('free');
    await context.close();

    const visitor = await visitOnPartner(shortId);
    expect(await visitor.locator('#tour [role="dialog"]').count()).toBe(0);
    expect(await visitor.locator('#tour .tv-watermark').getAttribute('href')).toBe(`${server.origin}/`);
    await visitor.close();
  });

  it("an owner pays for one tour by card, the checkout page sends them back to the editor, and the tour is paid with no watermark (Stripe's servers stood in locally)", async () => {
    const { context, page } = await newOwner();
    const shortId = await tourFromPhotos(page);
    await page.locator('.ad-publish').getByRole('button', { name: 'Publish' }).click();
    const modal = page.getByRole('dialog', { name: 'Publish your tour' });
    // The price is Stripe's (the stand-in's one-time price of 19 euros).
    await modal.getByRole('button', { name: 'Pay €19.00 by card' }).click();
    // Checkout (the stand-in's page) marks the session paid and redirects to the editor with its id, which the
    // editor confirms through unlock/paid; the server asks Stripe for the session before publishing.
    await expect.poll(() => publishState(page).textContent(), { timeout: 30_000 }).toBe('Paid');
    expect(page.url()).toBe(`${server.origin}/tours/${shortId}/edit`);
    await page.getByText('Payment received: your tour is published.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Publish your tour' }).count()).toBe(0);
    const session = [...standIn.sessions.values()].find((entry) => entry.success_url.includes(`/tours/${shortId}/edit`))!;
    expect(session).toMatchObject({ mode: 'payment', payment_status: 'paid' });
    expect(standIn.calls.some((call) => call.method === 'GET' && call.path === `/v1/checkout/sessions/${session.id}`)).toBe(true);
    expect((await ownerTour(context, shortId)).type).toBe('paid');

    // Paid, the listing-compliant link is offered; the payment is on the account page.
    await page.locator('.ad-publish').getByRole('button', { name: 'Share' }).click();
    await page.getByRole('dialog', { name: 'Share and embed' }).getByLabel('Listing-compliant link (MLS)').waitFor();
    await page.goto(`${server.origin}/account`);
    const row = page.locator('.ad-payments-list tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').nth(1).textContent()).toBe('Tour "Harbour view"');
    expect(await row.locator('td').nth(2).textContent()).toBe('€19.00');
    await context.close();

    const visitor = await visitOnPartner(shortId);
    expect(await visitor.locator('#tour [role="dialog"]').count()).toBe(0);
    expect(await visitor.locator('#tour .tv-watermark').count()).toBe(0);
    await visitor.close();
  });

  it("a guest is offered an account before paying, signs up in the modal, publishes with a free tour, then pays to remove the watermark (Stripe's servers stood in locally)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.getByRole('button', { name: 'Start without an account' }).click();
    const shortId = await tourFromPhotos(page);
    await page.locator('.ad-publish').getByRole('button', { name: 'Publish' }).click();
    const modal = page.getByRole('dialog', { name: 'Publish your tour' });
    await modal.getByText('Paying by card needs an account with an e-mail address; your tours stay yours.').waitFor();
    expect(await modal.getByRole('button', { name: /by card/ }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Save your work: create an account' }).first().click();
    const form = page.getByRole('dialog', { name: 'Save your work: create an account' }).getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Gale Guest');
    await form.getByLabel('Email').fill(`gale-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    // Signed up, the same modal offers the card payment; the free tour is taken here, the card comes next.
    await modal.getByRole('button', { name: 'Pay €19.00 by card' }).waitFor();
    await modal.getByRole('button', { name: 'Use a free tour' }).click();
    await expect.poll(() => publishState(page).textContent()).toBe('Published — free');

    await page.locator('.ad-publish').getByRole('button', { name: 'Remove watermark' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove the watermark' });
    expect(await removal.getByRole('button', { name: 'Use a free tour' }).count()).toBe(0);
    await removal.getByRole('button', { name: 'Pay €19.00 by card' }).click();
    await expect.poll(() => publishState(page).textContent(), { timeout: 30_000 }).toBe('Paid');
    expect((await ownerTour(context, shortId)).type).toBe('paid');
    expect(await page.locator('.ad-publish').getByRole('button', { name: 'Remove watermark' }).count()).toBe(0);
    await context.close();

    const visitor = await visitOnPartner(shortId);
    expect(await visitor.locator('#tour .tv-watermark').count()).toBe(0);
    await visitor.close();
  });

  it("an owner buys Pro Plus: the MLS toggle appears and ?mls=1 shows the tour; cancelling brings them back to basic (Stripe's servers stood in locally)", async () => {
    const { context, page, email } = await newOwner();
    const shortId = await tourFromPhotos(page);
    await page.getByRole('button', { name: 'Upgrade to Pro Plus' }).click();
    // The stand-in's Checkout sends the owner back to the dashboard, which waits for Stripe's word.
    await page.waitForURL(`${server.origin}/dashboard`);
    await page.getByText('Pro Plus starts as soon as Stripe confirms your payment.').waitFor();
    const { id } = await signedInUser(context);
    const session = [...standIn.sessions.values()].find((entry) => entry.mode === 'subscription' && entry.metadata.userId === String(id))!;
    expect(standIn.customers.get(session.customer!)?.email).toBe(email);
    const subscription = { id: session.subscription, object: 'subscription', customer: session.customer, status: 'active' };
    expect((await deliverWebhook('checkout.session.completed', session)).status).toBe(200);
    expect((await deliverWebhook('customer.subscription.created', subscription)).status).toBe(200);

    await page.locator('.ad-header .ad-paid', { hasText: 'Pro Plus' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Pro Plus' }).count()).toBe(0);
    const card = page.locator(`.ad-tour-card[data-short-id="${shortId}"]`);
    await expect.poll(() => card.locator('.ad-publish__state').textContent()).toBe('Published — Pro Plus');
    await card.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share and embed' });
    await share.getByLabel('Listing-compliant link (MLS)').check();
    const link = await share.getByLabel('Direct link').inputValue();
    expect(link).toBe(`${server.origin}/tours/${shortId}?mls=1`);
    // The pinned snippet runs on a partner's page the build it names, checked by the browser's integrity check.
    const pinned = await share.getByLabel('Embed a pinned version (integrity-checked)').inputValue();
    expect(pinned).toMatch(/\/embed\/v\/[0-9a-f]{16}\/tour-viewer\.js" integrity="sha384-[^"]+" crossorigin="anonymous"/);
    const partnerListing = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await partnerListing.goto(partner.page('/pinned', `<!doctype html><html><head><meta charset="utf-8">${RECORD_EVENTS}</head><body>${pinned}</body></html>`));
    expect((await waitForEvent(partnerListing, 'tour-load')).detail.shortId).toBe(shortId);
    await partnerListing.close();
    await share.getByRole('button', { name: 'Close' }).click();
    await share.waitFor({ state: 'detached' });

    const listing = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await listing.goto(link);
    await expect.poll(async () => (await panoramaCanvas(listing.locator('tour-viewer')).boundingBox())?.width ?? 0).toBeGreaterThan(300);
    expect(await listing.locator('tour-viewer [role="alert"]').count()).toBe(0);
    await listing.close();

    // The user menu opens Stripe's customer portal; the owner cancels there and Stripe says so by webhook.
    await page.locator('.ad-header [aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Manage subscription' }).click();
    // Warned first what cancelling does to the tours, the owner goes on to Stripe's page.
    const warning = page.getByRole('dialog', { name: /cancel Pro Plus/ });
    await warning.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(`${standIn.env.STRIPE_API_URL}/portal/${session.customer}`);
    expect((await deliverWebhook('customer.subscription.deleted', { ...subscription, status: 'canceled' })).status).toBe(200);
    await page.goto(`${server.origin}/dashboard`);
    await page.getByRole('button', { name: 'Upgrade to Pro Plus' }).waitFor();
    expect(await page.locator('.ad-header .ad-paid').count()).toBe(0);
    await expect.poll(() => card.locator('.ad-publish__state').textContent()).toBe('Locked: choose how to publish');
    await page.goto(`${server.origin}/account`);
    await expect.poll(() => page.locator('.ad-payments-list tbody tr td').nth(1).textContent()).toBe('Pro Plus');
    await context.close();

    const refused = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await refused.goto(link);
    await expect.poll(() => refused.locator('tour-viewer [role="alert"]').textContent()).toContain('only paid tours or tours of Pro Plus members');
    await refused.close();
  });
});
