import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { pixelStats } from './support/pixels';
import { testRig } from './support/rig';
import type { Owner } from './support/tour-builder';
import { panoramaCanvas, RECORD_EVENTS, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

let owner: Owner;
let picture: Buffer;

beforeAll(async () => {
  owner = await rig.builder.owner();
  picture = await smallPanorama(1024);
});

let pageCounter = 0;
async function openOnPartner(attributes: string, options: { init?: string } = {}): Promise<Page> {
  const url = rig.partner.page(
    `/p${++pageCounter}`,
    partnerPage(rig.server.origin, `<tour-viewer id="tour" ${attributes} loading="eager" style="height:560px"></tour-viewer>`, RECORD_EVENTS),
  );
  const page = await rig.browser.newPage({ viewport: { width: 1100, height: 800 } });
  if (options.init) await page.addInitScript(options.init);
  await page.goto(url);
  return page;
}

async function expectDrawn(page: Page) {
  const canvas = panoramaCanvas(page.locator('#tour'));
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  expect((await pixelStats(await canvas.screenshot())).stdev).toBeGreaterThan(15);
}

describe('viewer states on a partner page', () => {
  it('gates a password tour until the server accepts the password', async () => {
    const tour = await rig.builder.tour(owner, [picture], { privacy: 'Password', password: 'open sesame' });
    rig.builder.setType(tour.shortId, 'paid');
    const page = await openOnPartner(`short-id="${tour.shortId}"`);
    const gate = page.locator('#tour [role="dialog"]');
    await expect.poll(() => gate.textContent()).toContain('secured with a password');
    expect(await gate.locator('.tv-modal__close').count()).toBe(0);
    const field = gate.locator('input[type="password"]');
    await field.fill('wrong');
    await gate.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => gate.locator('[role="alert"]').textContent()).toBe('incorrect password entered');
    await gate.getByLabel('Show').check();
    expect(await gate.locator('input[type="text"]').count()).toBe(1);
    await gate.locator('input').first().fill('open sesame');
    await gate.getByRole('button', { name: 'Submit' }).click();
    await waitForEvent(page, 'tour-load');
    await expectDrawn(page);
    await page.close();
  });

  it('shows the private-tour notice to visitors', async () => {
    const tour = await rig.builder.tour(owner, [picture], { privacy: 'Private' });
    const page = await openOnPartner(`short-id="${tour.shortId}"`);
    const error = await waitForEvent(page, 'tour-error');
    expect(error.detail).toEqual({ code: 'TourPrivate', message: 'This is a private tour. Please login to view.' });
    expect(await page.locator('#tour [role="alert"]').textContent()).toBe('This is a private tour. Please login to view.');
    await page.close();
  });

  it('refuses mls=1 for a free tour and, for a paid one, hides share, lead, contacts and the logo', async () => {
    const fields = {
      leadgen: { enabled: true, message: '' },
      companyName: 'Acme Realty',
      contacts: { person: 'Ann', email: 'ann@acme.example', number: '555' },
    };
    const free = await rig.builder.tour(owner, [picture], fields);
    rig.builder.setType(free.shortId, 'free');
    const refused = await openOnPartner(`short-id="${free.shortId}" mls="1"`);
    await expect.poll(() => refused.locator('#tour [role="alert"]').textContent()).toContain('only paid tours or tours of Pro Plus members');
    await refused.close();

    const paid = await rig.builder.tour(owner, [picture], fields);
    rig.builder.setType(paid.shortId, 'paid');
    const normal = await openOnPartner(`short-id="${paid.shortId}"`);
    await waitForEvent(normal, 'tour-load');
    expect(await normal.getByRole('button', { name: 'Share' }).count()).toBe(1);
    expect(await normal.getByRole('button', { name: 'Request information' }).count()).toBe(1);
    expect(await normal.locator('#tour .tv-contacts').textContent()).toContain('Acme Realty');
    await normal.close();

    const listing = await openOnPartner(`short-id="${paid.shortId}" mls="1"`);
    await waitForEvent(listing, 'tour-load');
    await expectDrawn(listing);
    expect(await listing.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await listing.getByRole('button', { name: 'Request information' }).count()).toBe(0);
    expect(await listing.locator('#tour .tv-contacts').count()).toBe(0);
    await listing.close();
  });

  it('shows the watermark on free tours only', async () => {
    const free = await rig.builder.tour(owner, [picture]);
    rig.builder.setType(free.shortId, 'free');
    const page = await openOnPartner(`short-id="${free.shortId}"`);
    await waitForEvent(page, 'tour-load');
    expect(await page.locator('#tour .tv-watermark').getAttribute('href')).toBe(`${rig.server.origin}/`);
    await page.close();
    const demo = await openOnPartner('short-id="demo"');
    await waitForEvent(demo, 'tour-load');
    expect(await demo.locator('#tour .tv-watermark').count()).toBe(0);
    await demo.close();
  });

  it('sends a lead that the owner finds stored, and tells the partner page', async () => {
    const tour = await rig.builder.tour(owner, [picture], { leadgen: { enabled: true, message: 'Ask us about the loft' } });
    rig.builder.setType(tour.shortId, 'paid');
    const page = await openOnPartner(`short-id="${tour.shortId}"`);
    await waitForEvent(page, 'tour-load');
    await page.getByRole('button', { name: 'Request information' }).click();
    const dialog = page.locator('#tour [role="dialog"]');
    expect(await dialog.textContent()).toContain('Ask us about the loft');
    await dialog.getByLabel('Name').fill('Vera Visitor');
    await dialog.getByLabel('Email').fill('vera@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const submitted = await waitForEvent(page, 'lead-submit');
    expect(submitted.detail).toEqual({ tourId: tour.id });
    await expect.poll(() => page.locator('#tour [role="status"]').textContent()).toContain('received');
    const stored = rig.builder.sql((db) => db.prepare('SELECT name, email, url FROM lead WHERE tour_id = ?').all(tour.id));
    expect(stored).toEqual([{ name: 'Vera Visitor', email: 'vera@example.com', url: page.url() }]);
    await page.close();
  });

  it('never runs script from an HTML info spot', async () => {
    const html = `<p>Welcome</p><img src="x" onerror="window.pwned = 'img'"><script>window.pwned = 'script'</script><a href="javascript:window.pwned='link'">click</a>`;
    const tour = await rig.builder.tour(owner, [picture]);
    const full = await (await fetch(`${rig.server.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json();
    full.config.autoRotate = false;
    full.images[0].infospots = [{ id: 'spot', coords: { x: 0, y: 0, z: -1 }, dataType: 'html', data: { previewText: 'About', htmlContent: html } }];
    const saved = await fetch(`${rig.server.origin}/api/tours/${tour.shortId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${owner.token}` },
      body: JSON.stringify(full),
    });
    expect(saved.status).toBe(200);
    rig.builder.setType(tour.shortId, 'paid');
    const page = await openOnPartner(`short-id="${tour.shortId}"`);
    await waitForEvent(page, 'tour-load');
    await page.locator('#tour [data-infospot-id="spot"]').click();
    const content = page.locator('#tour .tv-html');
    await expect.poll(() => content.textContent()).toContain('Welcome');
    await page
      .locator('#tour .tv-html a')
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
    expect(await content.innerHTML()).not.toMatch(/onerror|<script|javascript:/);
    await page.close();
  });

  it('asks a visitor of a locked tour for an e-mail, and a valid one opens it as locked-with-email, with the watermark', async () => {
    const tour = await rig.builder.tour(owner, [picture]);
    rig.builder.setType(tour.shortId, 'locked');
    const page = await openOnPartner(`short-id="${tour.shortId}"`);
    const modal = page.locator('#tour [role="dialog"]');
    await expect.poll(() => modal.textContent()).toContain('This tour is locked');
    await modal.getByLabel('Email').fill('visitor@example.com');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    await expectDrawn(page);
    expect(await page.locator('#tour .tv-watermark').count()).toBe(1);
    const stored = rig.builder.sql((db) => db.prepare('SELECT type FROM tour WHERE short_id = ?').get(tour.shortId)) as { type: string };
    expect(stored.type).toBe('locked-with-email');
    await page.close();
  });
});

describe('a 16384×8192 panorama', () => {
  it('opens on a device whose WebGL texture limit is 4096, through the phone-sized variant', async () => {
    const huge = await sharp(picture).resize({ width: 16384, height: 8192 }).jpeg({ quality: 70 }).toBuffer();
    const tour = await rig.builder.tour(owner, [huge]);
    rig.builder.setType(tour.shortId, 'paid');
    // Cap what WebGL reports, as a phone GPU would.
    const capTextures = `(() => {
      for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
        const original = proto.getParameter;
        proto.getParameter = function (name) { return name === 0x0D33 ? 4096 : original.call(this, name); };
      }
    })();`;
    const page = await openOnPartner(`short-id="${tour.shortId}"`, { init: capTextures });
    await waitForEvent(page, 'tour-load');
    await expectDrawn(page);
    // Every picture the page fetched since it opened, the first panorama drawn before the element's code included.
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(fetched.some((url) => /\/media\/tours\/mobile-/.test(url))).toBe(true);
    await page.close();
  });
});
