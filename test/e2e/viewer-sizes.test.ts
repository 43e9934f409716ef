import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { yawPitchToCoords } from '../../api/schema/coords';
import { USER_COOKIE } from '../../api/schema/user';
import { smallPanorama } from '../support/pictures';
import { partnerPage } from './support/partner-site';
import { testRig } from './support/rig';
import { RECORD_EVENTS, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

interface Size {
  width: number;
  height: number;
  touch: boolean;
}

/** A sample of the sizes visitors meet: the smallest, phones both ways, a 16:9 listing column, a desktop. */
const GRID: Size[] = [
  { width: 280, height: 160, touch: true },
  { width: 375, height: 667, touch: true },
  { width: 667, height: 375, touch: false },
  { width: 844, height: 390, touch: true },
  { width: 600, height: 340, touch: false },
  { width: 1920, height: 1080, touch: false },
];

/** A page whose viewer fills the window, so the viewer's size is the one named. */
async function openViewer({ width, height, touch }: Size, head = '', shortId = 'demo'): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const body = `<tour-viewer id="tour" short-id="${shortId}" style="position:fixed;inset:0;width:100%;height:100%;aspect-ratio:auto"></tour-viewer>`;
  await page.goto(
    rig.partner.page(
      `/edges-${width}x${height}-${touch}-${head.length}-${shortId}`,
      partnerPage(
        rig.server.origin,
        body,
        '<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0}</style>' + head + RECORD_EVENTS,
      ),
    ),
  );
  await waitForEvent(page, 'tour-load');
  return page;
}

/** Every box of `dialog` and its header lies inside the viewer, and Close (if any) is the element found at its centre. */
async function expectFits(viewer: Locator, size: Size) {
  const dialog = viewer.locator('[role="dialog"]');
  await dialog.waitFor();
  // The dialog's own entrance, not the guidance pill's slow fade elsewhere in the viewer.
  await viewer.evaluate((host) =>
    Promise.all(
      host
        .shadowRoot!.getAnimations()
        .filter((animation) => ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.tv-backdrop, [role="dialog"]'))
        .map((animation) => animation.finished),
    ),
  );
  const box = (await dialog.boundingBox())!;
  expect(box.y, 'top inside the viewer').toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom inside the viewer').toBeLessThanOrEqual(size.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
  // Whatever does not fit scrolls inside the dialog (its body), never past the viewer's edge.
  const scrolls = await dialog.evaluate((element) => {
    const body = element.querySelector('.tv-modal__body') ?? element;
    return body.scrollHeight <= body.clientHeight + 1 || getComputedStyle(body).overflowY === 'auto';
  });
  expect(scrolls).toBe(true);
}

type CloseWay = 'Close' | 'Escape' | 'backdrop';

/** Closes the open dialog one way and waits until it is gone. */
async function closeDialog(page: Page, viewer: Locator, way: CloseWay) {
  const dialog = viewer.locator('[role="dialog"]');
  if (way === 'Close') await dialog.getByRole('button', { name: 'Close' }).click();
  if (way === 'Escape') {
    // A click inside the dialog (on its body's padding) keeps the keyboard there.
    await dialog.locator('.tv-modal__body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Escape');
  }
  if (way === 'backdrop') await viewer.locator('.tv-backdrop').click({ position: { x: 2, y: 2 } });
  await dialog.waitFor({ state: 'detached' });
}

/** Opens a dialog by its button in the sidebar or the left icons (showing the controls first where they start folded). */
async function openDialog(viewer: Locator, name: string) {
  const show = viewer.getByRole('button', { name: 'Show controls' });
  if (await show.count()) await show.click();
  await viewer.getByRole('button', { name, exact: true }).click();
}

/**
 * What covers the viewer's centre and the hot spots in view (their centres inside the viewer): for each, the
 * element found there, unless it is the panorama's own (picture or hot spot).
 */
function coveredPoints(viewer: Locator) {
  return viewer.evaluate((host) => {
    const root = host.shadowRoot!;
    const box = host.getBoundingClientRect();
    const points = [{ what: 'centre', x: box.left + box.width / 2, y: box.top + box.height / 2 }];
    for (const spot of root.querySelectorAll<HTMLElement>('.tv-hotspot')) {
      const spotBox = spot.getBoundingClientRect();
      const x = spotBox.left + spotBox.width / 2;
      const y = spotBox.top + spotBox.height / 2;
      if (spot.getClientRects().length > 0 && x > box.left && x < box.right && y > box.top && y < box.bottom)
        points.push({ what: `hotspot ${spot.dataset.sceneId}`, x, y });
    }
    return points
      .map(({ what, x, y }) => ({ what, found: root.elementFromPoint(x, y) }))
      .filter(({ found }) => !found?.closest('.tv-panorama'))
      .map(({ what, found }) => `${what} under ${found?.outerHTML.slice(0, 100) ?? 'nothing'}`);
  });
}

describe('the viewer at the edges: dialogs, hostile pages, layout, touch (issue 30)', () => {
  for (const size of GRID) {
    it(`${size.width}×${size.height} ${size.touch ? 'touch' : 'mouse'}: every dialog fits and closes by Close, Escape and the backdrop; centre and hot spots stay free with the controls shown; controls are big enough`, async () => {
      const page = await openViewer(size);
      const viewer = page.locator('#tour');
      const dialog = viewer.locator('[role="dialog"]');

      // The centre of the picture is the panorama's, never an overlay's.
      const centre = await viewer.evaluate((host) => {
        const { width, height, left, top } = host.getBoundingClientRect();
        const found = host.shadowRoot!.elementFromPoint(left + width / 2, top + height / 2);
        return found?.closest('.tv-panorama') ? 'panorama' : (found?.outerHTML.slice(0, 120) ?? 'nothing');
      });
      expect(centre).toBe('panorama');

      const ways = ['Close', 'Escape', 'backdrop'] as const;
      const dialogs = ['Share', 'Request information', 'Request a showing'];
      for (const [i, name] of dialogs.entries()) {
        // Each dialog closes one way per size, and every way is used at every size.
        const way = ways[(i + GRID.indexOf(size)) % ways.length];
        await openDialog(viewer, name);
        await expectFits(viewer, size);
        const close = dialog.getByRole('button', { name: 'Close' });
        const closeBox = (await close.boundingBox())!;
        expect(closeBox.y).toBeGreaterThanOrEqual(0);
        expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(size.height);
        if (way === 'Close') await close.click();
        if (way === 'Escape') {
          // A click on the dialog's own text keeps the keyboard inside it.
          await dialog.locator('h2').click();
          await page.keyboard.press('Escape');
        }
        if (way === 'backdrop') await viewer.locator('.tv-backdrop').click({ position: { x: 2, y: 2 } });
        await dialog.waitFor({ state: 'detached' });
      }

      // With the controls shown (where they start folded), the centre and the hot spots in view stay uncovered.
      const show = viewer.getByRole('button', { name: 'Show controls' });
      if (await show.count()) await show.click();
      expect(await coveredPoints(viewer)).toEqual([]);

      // A click inside the dialog does not close it; only the backdrop does.
      await openDialog(viewer, 'Share');
      await dialog.locator('.tv-modal__body').click({ position: { x: 5, y: 5 } });
      expect(await dialog.count()).toBe(1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Touch: every visible control at least 44×44.
      if (size.touch) {
        const small = await viewer.evaluate((host) =>
          [...host.shadowRoot!.querySelectorAll('button, a[href], select, input, textarea')]
            .filter((element) => !element.closest('.tv-sr-only') && element.getClientRects().length > 0)
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 44 - 0.5 || box.height < 44 - 0.5)
            .map(({ element, box }) => `${element.outerHTML.slice(0, 80)} ${box.width}×${box.height}`),
        );
        expect(small).toEqual([]);
      }
      await page.context().close();
    });
  }

  for (const size of [
    { width: 360, height: 640, touch: true },
    { width: 390, height: 844, touch: true },
  ]) {
    it(`${size.width}×${size.height} touch: Video chat lies whole inside the viewer, uncut, and the centre is free`, async () => {
      const page = await openViewer(size);
      const viewer = page.locator('#tour');
      const show = viewer.getByRole('button', { name: 'Show controls' });
      if (await show.count()) await show.click();
      const button = viewer.getByRole('button', { name: 'Video chat', exact: true });
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      // Cut by an ancestor's overflow or covered, a point near an edge would find something else there (the mid-edge
      // points: the button is round, and hit testing follows its corners).
      const edges = await button.evaluate((element, { x, y, width, height }) => {
        const root = element.getRootNode() as ShadowRoot;
        return [
          [x + width / 2, y + 3],
          [x + width - 3, y + height / 2],
          [x + width / 2, y + height - 3],
          [x + 3, y + height / 2],
        ].map(([px, py]) => element.contains(root.elementFromPoint(px, py)) || (root.elementFromPoint(px, py)?.outerHTML.slice(0, 100) ?? 'nothing'));
      }, box);
      expect(edges).toEqual([true, true, true, true]);
      expect(await coveredPoints(viewer)).toEqual([]);
      await page.context().close();
    });
  }

  it('fits the floor plan, info spot and payments dialogs at sampled sizes, each closed by Close, Escape and the backdrop', async () => {
    const owner = await rig.builder.owner();
    const tour = await rig.builder.tour(owner, [await smallPanorama(1024), await smallPanorama(1024)]);
    const auth = { Authorization: `JWT ${owner.token}`, 'Content-Type': 'application/json' };
    const answer = await (await fetch(`${rig.server.origin}/api/tours/${tour.shortId}`, { headers: auth })).json();
    answer.images[0].infospots = [{ coords: yawPitchToCoords({ yaw: 0, pitch: 0 }), dataType: 'html', data: { htmlContent: '<p>Oak floors</p>' } }];
    const saved = await fetch(`${rig.server.origin}/api/tours/${tour.shortId}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ revision: tour.revision, images: answer.images }),
    });
    expect(saved.ok, await saved.clone().text()).toBe(true);
    await rig.builder.floorplan(owner, tour.id, 'scene-2', 'Scene 2');

    const sizes: Size[] = [
      { width: 280, height: 160, touch: true },
      { width: 844, height: 390, touch: true },
      { width: 1920, height: 1080, touch: false },
    ];
    const ways: CloseWay[] = ['Close', 'Escape', 'backdrop'];
    for (const [i, size] of sizes.entries()) {
      // Published, for visitors: the floor plan and the info spot.
      rig.builder.setType(tour.shortId, 'paid');
      const page = await openViewer(size, '', tour.shortId);
      const viewer = page.locator('#tour');
      await openDialog(viewer, 'Floor plans');
      await viewer.locator('.tv-floorplans__tile').click();
      await expectFits(viewer, size);
      await closeDialog(page, viewer, ways[i % 3]);
      // Reached from the keyboard, which turns the view to it wherever the view opened.
      await viewer.locator('.tv-infospot-button').focus();
      await page.keyboard.press('Enter');
      await expectFits(viewer, size);
      expect(await viewer.locator('[role="dialog"] .tv-html').textContent()).toBe('Oak floors');
      await closeDialog(page, viewer, ways[(i + 1) % 3]);
      await page.context().close();

      // Unpublished, for its owner on our own page: the payments dialog opens by itself.
      rig.builder.setType(tour.shortId, 'locked');
      const context = await rig.browser.newContext({ viewport: size, hasTouch: size.touch, isMobile: size.touch });
      await context.addCookies([{ name: USER_COOKIE, value: encodeURIComponent(JSON.stringify({ ...owner, name: 'Owner' })), url: rig.server.origin }]);
      const ownerPage = await context.newPage();
      await ownerPage.goto(`${rig.server.origin}/tours/${tour.shortId}`);
      const ownViewer = ownerPage.locator('tour-viewer');
      await expect.poll(() => ownViewer.locator('[role="dialog"] h2').textContent()).toBe('Publish your tour');
      await expectFits(ownViewer, size);
      await closeDialog(ownerPage, ownViewer, ways[(i + 2) % 3]);
      await context.close();
    }
  });

  it('keeps the password gate (not dismissible) inside a 280×160 viewer, scrolling, with no Close, Escape or backdrop', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 280, height: 160 } });
    const page = await context.newPage();
    const owner = await fetch(`${rig.server.origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Gate', email: `gate-${Date.now()}@example.com`, password: 'longenough' }),
    }).then((response) => response.json() as Promise<{ user: { token: string } }>);
    const auth = { Authorization: `JWT ${owner.user.token}` };
    const created = await fetch(`${rig.server.origin}/api/tours`, { method: 'POST', headers: auth }).then(
      (response) => response.json() as Promise<{ shortId: string; revision: number }>,
    );
    const saved = await fetch(`${rig.server.origin}/api/tours/${created.shortId}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ revision: created.revision, title: 'Gated', password: 'sesame-open' }),
    });
    expect(saved.ok, await saved.clone().text()).toBe(true);
    const body = `<tour-viewer id="tour" short-id="${created.shortId}" style="position:fixed;inset:0;width:100%;height:100%;aspect-ratio:auto"></tour-viewer>`;
    await page.goto(rig.partner.page('/edges-gate', partnerPage(rig.server.origin, body, '<style>body{margin:0}</style>')));
    const viewer = page.locator('#tour');
    await expectFits(viewer, { width: 280, height: 160, touch: false });
    const dialog = viewer.locator('[role="dialog"]');
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await viewer.locator('.tv-backdrop').click({ position: { x: 1, y: 1 } });
    expect(await dialog.count()).toBe(1);
    // Submit lies below the fold of so small a dialog: it is reached by scrolling inside.
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(160);
    await context.close();
  });

  it("keeps a partner page's `* { … !important }` out of the pill, contacts, hotspot labels and dialogs", async () => {
    const size = { width: 1000, height: 600, touch: false };
    const measure = async (head: string) => {
      const page = await openViewer(size, head);
      const viewer = page.locator('#tour');
      await viewer.locator('.tv-hotspot__label').first().waitFor();
      await openDialog(viewer, 'Share');
      await viewer.locator('[role="dialog"]').waitFor();
      const styles = await viewer.evaluate((host) =>
        ['.tv-guidance', '.tv-contacts strong', '.tv-hotspot__label', '.tv-modal__title', '.tv-field span', '.tv-reel__tile span'].map((selector) => {
          const element = host.shadowRoot!.querySelector(selector);
          const computed = element && getComputedStyle(element);
          return computed ? `${selector}: ${computed.color} ${computed.fontSize} ${computed.fontFamily}` : `${selector}: missing`;
        }),
      );
      const pageColor = await page.evaluate(() => getComputedStyle(document.body).color);
      await page.context().close();
      return { styles, pageColor };
    };
    const plain = await measure('');
    const hostile = await measure('<style>* { color: red !important; font: 30px serif !important; }</style>');
    expect(hostile.pageColor, 'the rule does reach the page').toBe('rgb(255, 0, 0)');
    expect(plain.styles.filter((line) => line.includes('missing'))).toEqual([]);
    expect(hostile.styles).toEqual(plain.styles);
  });
});
