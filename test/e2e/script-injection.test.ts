import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_COOKIE } from '../../api/schema/user';
import { smallPanorama } from '../support/pictures';
import { ATTRIBUTE_PAYLOAD, brokenPictureSettled, hostile, IMG_PAYLOAD, SCRIPT_PAYLOAD, scriptRan } from '../support/script-payloads';
import { partnerPage } from './support/partner-site';
import { testRig } from './support/rig';
import { RECORD_EVENTS, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

const TEXT = {
  owner: `${IMG_PAYLOAD}${ATTRIBUTE_PAYLOAD}`,
  name: hostile('tour name'),
  title: hostile('tour title'),
  company: hostile('company'),
  description: hostile('description'),
  person: hostile('person'),
  email: hostile('email'),
  number: IMG_PAYLOAD,
  leadMessage: hostile('lead message'),
  agentName: hostile('agent name'),
  agentEmail: hostile('agent email'),
  ambience: hostile('ambience'),
  sceneOne: hostile('scene one'),
  sceneTwo: hostile('scene two'),
  sceneThree: hostile('scene three'),
  hotspot: hostile('hotspot'),
  shortInfo: hostile('short info'),
  longInfo: hostile('long info'),
  caption: hostile('caption'),
  plan: hostile('floor plan'),
  room: hostile('room'),
  // A visitor's texts reach the owner's inbox in the editor.
  visitor: `${IMG_PAYLOAD}${ATTRIBUTE_PAYLOAD}`,
  comments: hostile('comments'),
};

let shortId: string;
let owner: { email: string; token: string; id: number; name: string; type: number };

beforeAll(async () => {
  const author = await rig.builder.owner(TEXT.owner);
  const { email, token } = author;
  const picture = await smallPanorama();
  const created = await rig.builder.tour(author, [picture, picture]);
  const stored = (await (await fetch(`${rig.server.origin}/api/tours/${created.shortId}`, { headers: { Authorization: `JWT ${token}` } })).json()) as {
    images: Array<Record<string, unknown> & { url: string }>;
  };
  const [first, second] = stored.images;
  const at = (x: number, z: number) => ({ x, y: 0, z });
  const saved = await fetch(`${rig.server.origin}/api/tours/${created.shortId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
    body: JSON.stringify({
      revision: created.revision,
      name: TEXT.name,
      title: TEXT.title,
      companyName: TEXT.company,
      description: TEXT.description,
      contacts: { person: TEXT.person, email: TEXT.email, number: TEXT.number },
      leadgen: { enabled: true, message: TEXT.leadMessage },
      agentName: TEXT.agentName,
      agentEmail: TEXT.agentEmail,
      isScheduleEnabled: true,
      config: { autoRotate: false, ambience: { name: TEXT.ambience, audio: '' } },
      images: [
        {
          ...first,
          title: TEXT.sceneOne,
          hotspots: [{ id: 'to-two', image: { id: 'scene-2', title: TEXT.hotspot }, style: 1, coords: at(0, -500) }],
          infospots: [
            { id: 'short', dataType: 'shrt', coords: at(200, -500), data: { previewText: TEXT.shortInfo } },
            { id: 'long', dataType: 'ext', coords: at(-200, -500), data: { previewText: TEXT.longInfo } },
            { id: 'html', dataType: 'html', coords: at(400, -500), data: { htmlContent: `<b>kept</b> ${IMG_PAYLOAD} ${SCRIPT_PAYLOAD} ${ATTRIBUTE_PAYLOAD}` } },
            { id: 'picture', dataType: 'image', coords: at(-400, -500), data: { image: { url: first.url, caption: TEXT.caption } } },
            { id: 'link', dataType: 'hyperLink', coords: at(500, 0), data: { url: 'javascript:window.__xss=4;alert(4)' } },
          ],
        },
        { ...second, title: TEXT.sceneTwo },
        // A picture that is not there: the failure reaches the partner page as a tour-error message.
        { ...second, id: 'scene-3', title: TEXT.sceneThree, url: `/media/tours/${ATTRIBUTE_PAYLOAD}.jpg`, mobileUrl: '' },
      ],
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  shortId = created.shortId;
  // A paid tour shows every part (no lock modal in front, no watermark).
  rig.builder.setType(shortId, 'paid');
  const plan = await fetch(`${rig.server.origin}/api/floorplans/${created.id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
    body: JSON.stringify({
      name: TEXT.plan,
      url: first.url,
      hotspots: [{ coords: { x: 50, y: 50 }, destinationSceneId: 'scene-2', destinationTitle: TEXT.room }],
    }),
  });
  expect(plan.status, await plan.clone().text()).toBe(201);
  const showing = await fetch(`${rig.server.origin}/api/tours/${shortId}/requestShowing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: TEXT.visitor, email: 'visitor@example.com', comments: TEXT.comments }),
  });
  expect(showing.status, await showing.clone().text()).toBe(201);
  const login = await fetch(`${rig.server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'longenough' }),
  });
  owner = (await login.json()).user;
});

/** A page that records every dialog (and dismisses it, so a script's alert cannot hang the test). */
async function watchedPage(page: Page): Promise<{ page: Page; dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** No injected script ran, and no payload became an element anywhere (open shadow roots included). */
async function expectNoScriptRan(page: Page, dialogs: string[]): Promise<void> {
  await page.evaluate(brokenPictureSettled);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(scriptRan)).toBeUndefined();
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      root.querySelectorAll('*').forEach((element) => {
        if (element.hasAttribute('onerror') || element.hasAttribute('onload')) found.push(element.outerHTML);
        if (element.shadowRoot) walk(element.shadowRoot);
      });
    };
    walk(document);
    return found;
  });
  expect(injected).toEqual([]);
}

async function expectText(locator: Locator, text: string): Promise<void> {
  await expect.poll(() => locator.first().textContent()).toBe(text);
}

/** Clicks a control whether or not it is on screen (the screen-reader list of a scene's spots is visually hidden). */
async function press(locator: Locator): Promise<void> {
  await locator.evaluate((element: HTMLElement) => element.click());
}

/** Opens every part of the viewer that shows a text of the tour, and checks each shows the text as typed. */
async function visitEveryText(viewer: Locator): Promise<void> {
  await expectText(viewer.locator('.pnlm-title-box'), TEXT.sceneOne);
  await expectText(viewer.locator('.tv-hotspot__label'), TEXT.hotspot);
  await expectText(viewer.locator('.tv-infospot-button__label'), TEXT.shortInfo);
  await expectText(viewer.locator('.tv-contacts strong'), TEXT.company);
  await expectText(viewer.locator('.tv-reel__tile[data-scene-id="scene-2"] span'), TEXT.sceneTwo);
  await expectText(viewer.locator('.tv-reel p'), TEXT.description);
  expect(await viewer.locator('a.tv-infospot-button--hyperLink').getAttribute('href')).toMatch(/^http:\/\//);

  await viewer.getByRole('button', { name: 'Floor plans' }).click();
  await expectText(viewer.locator('.tv-floorplans__tile span'), TEXT.plan);
  await viewer.locator('.tv-floorplans__tile').click();
  await expectText(viewer.locator('.tv-modal__title'), TEXT.plan);
  expect(await viewer.locator('.tv-floorplan__room').getAttribute('title')).toBe(TEXT.room);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // The screen-reader list names the long text by itself and the HTML and picture spots (in that order) alike.
  const spotButtons = viewer.locator('.tv-sr-only button');
  await press(spotButtons.filter({ hasText: 'long info' }));
  await expectText(viewer.locator('.tv-infospot__text'), TEXT.longInfo);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await press(spotButtons.filter({ hasText: 'More information' }).nth(0));
  await viewer.locator('.tv-html b').waitFor();
  expect(await viewer.locator('.tv-html').innerHTML()).toBe('<b>kept</b> <img src="x">  "&gt;<svg></svg>');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await press(spotButtons.filter({ hasText: 'More information' }).nth(1));
  await expectText(viewer.locator('.tv-infospot figcaption'), TEXT.caption);
  expect(await viewer.locator('.tv-infospot figure img').getAttribute('alt')).toBe(TEXT.caption);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await viewer.getByRole('button', { name: 'Request information' }).click();
  await expectText(viewer.locator('.tv-modal p').first(), TEXT.leadMessage);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await viewer.getByRole('button', { name: 'Request a showing' }).click();
  const form = viewer.locator('.tv-modal form');
  await form.getByLabel('Name').fill('Visitor');
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByRole('button').last().click();
  await expect.poll(() => viewer.locator('.tv-modal [role="status"]').textContent()).toContain(TEXT.agentName);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await viewer.getByRole('button', { name: 'Video chat' }).click();
  await viewer.getByRole('textbox', { name: 'Your name' }).waitFor();

  await viewer.locator('.tv-reel__tile[data-scene-id="scene-2"]').click();
  await expectText(viewer.locator('.pnlm-title-box'), TEXT.sceneTwo);
}

describe('script typed into every text of a tour stays text', () => {
  it('on the tour page: no script runs, the page head and embedded data hold the texts as typed', async () => {
    const { page, dialogs } = await watchedPage(await rig.browser.newPage({ viewport: { width: 1200, height: 800 } }));
    await page.goto(`${rig.server.origin}/tours/${shortId}`);
    await visitEveryText(page.locator('tour-viewer'));
    expect(await page.title()).toBe(`360 Tour - ${TEXT.title}`);
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toBe(TEXT.description);
    expect(await page.locator('meta[name="twitter:title"]').getAttribute('content')).toBe(`360 Tour - ${TEXT.title}`);
    const embedded = JSON.parse((await page.locator('#tour-data').textContent())!) as { title: string; images: Array<{ title: string }> };
    expect(embedded.title).toBe(TEXT.title);
    expect(embedded.images.map((image) => image.title)).toEqual([TEXT.sceneOne, TEXT.sceneTwo, TEXT.sceneThree]);
    const scripts = await page.locator('script').evaluateAll((all) => all.map((script) => script.id || script.getAttribute('src')));
    expect(scripts, 'the data opened no script element of its own').toEqual(['tour-data', '/embed/tour-viewer.js']);
    await expectNoScriptRan(page, dialogs);
    await page.close();
  });

  it('on a partner page of another origin: no script runs, and a tour-error carries plain text', async () => {
    const url = rig.partner.page(
      '/listing',
      partnerPage(rig.server.origin, `<tour-viewer id="tour" short-id="${shortId}" style="height:700px"></tour-viewer>`, RECORD_EVENTS),
    );
    const { page, dialogs } = await watchedPage(await rig.browser.newPage({ viewport: { width: 1200, height: 800 } }));
    await page.goto(url);
    const loaded = await waitForEvent(page, 'tour-load');
    expect(loaded.detail.title).toBe(TEXT.title);
    const viewer = page.locator('#tour');
    await visitEveryText(viewer);

    await viewer.locator('.tv-reel__tile[data-scene-id="scene-3"]').click();
    const failed = await waitForEvent(page, 'tour-error');
    expect(failed.detail.code).toBe('SceneLoadFailed');
    expect(failed.detail.message).toContain('/media/tours/');
    expect(failed.detail.message, 'the message is text, not markup').not.toMatch(/[<>]/);
    // The scene that failed is named in the viewer's own message, as text.
    await expect.poll(() => viewer.locator('.tv-scene-failure').textContent()).toContain(TEXT.sceneThree);
    await expectNoScriptRan(page, dialogs);
    await page.close();
  });

  it('in the owner’s editor: no script runs, and the fields hold the texts as typed', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name: USER_COOKIE, value: encodeURIComponent(JSON.stringify(owner)), url: rig.server.origin }]);
    const { page, dialogs } = await watchedPage(await context.newPage());
    await page.goto(`${rig.server.origin}/tours/${shortId}/edit`);
    await expectText(page.locator('.pnlm-title-box'), TEXT.sceneOne);
    await expectText(page.locator('.tv-hotspot__label'), TEXT.hotspot);
    expect(await page.getByLabel('Tour title').inputValue()).toBe(TEXT.title);
    expect(await page.getByLabel('Title of scene 1').inputValue()).toBe(TEXT.sceneOne);
    await page.getByRole('button', { name: `Show ${TEXT.sceneTwo}` }).click();
    await expectText(page.locator('.pnlm-title-box'), TEXT.sceneTwo);
    for (const tab of ['brand kit', 'floor plan', 'lead gen', 'video chat', 'settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (tab === 'floor plan') await expectText(page.locator('.ad-plans li span'), TEXT.plan);
      if (tab === 'lead gen') {
        const request = page.getByRole('region', { name: 'Inbox of this tour' }).locator('li', { hasText: TEXT.comments });
        await expectText(request.locator('dd').first(), TEXT.visitor);
        expect(await request.locator('dd').last().textContent()).toBe(TEXT.comments);
      }
    }
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectText(page.locator('.ad-preview tour-viewer .pnlm-title-box'), TEXT.sceneOne);
    await expectNoScriptRan(page, dialogs);
    await context.close();
  });
});
