import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { imageSchema } from '../../../../api/schema/tour';
import { chatActiveChanged, chatHostingChanged, tourLoaded } from '../../../../embed/tour/viewer-store';
import { apiTour, everythingOnTour, panoramaDataUrl } from '../support/fixtures';
import { until } from '../support/render';
import { renderViewerElement, unmountViewers, type ShownViewer } from '../support/viewer-element';

const THEMES = ['classic', 'modern', 'flow', 'cascade'] as const;
const DESCRIPTION =
  'A bright corner loft over the harbour, with oak floors, a kitchen that opens onto the terrace, two bedrooms and a study, ten minutes from the station.';

/** A tour with every control that takes room switched on: logo, description, contacts, watermark, all icons. */
function crowdedTour(theme: string) {
  const picture = panoramaDataUrl('#468');
  // Made by the schema, then given a picture too long for its URL limit: a data URL drawn here.
  const images = Array.from({ length: 6 }, (_, i) => ({ ...imageSchema.parse({ id: `room-${i}`, title: `Room ${i + 1}` }), url: picture, thumbUrl: picture }));
  return apiTour({
    ...everythingOnTour,
    theme,
    type: 'free',
    images,
    logo: picture,
    companyName: 'Harbour Homes',
    description: DESCRIPTION,
    contacts: { person: 'Alex Agent', email: 'alex@harbour.example', number: '+44 20 7946 0000' },
    config: { ...everythingOnTour.config, autoRotate: false },
  });
}

/** The crowded tour in a viewer, its overlays shown. */
async function renderViewer(theme: string): Promise<ShownViewer> {
  const shown = renderViewerElement();
  tourLoaded(shown.store, crowdedTour(theme));
  await until(() => shown.shadow.querySelector('.tv-hud'), 'the overlays');
  return shown;
}

/** Gives the element a size and waits until the viewer has laid itself out for it. */
async function resize({ element, shadow }: ShownViewer, width: number, height: number): Promise<void> {
  element.style.cssText = `display:block;width:${width}px;height:${height}px`;
  const mobile = width < 640;
  await until(() => shadow.querySelector('.tv-root')!.classList.contains('tv-root--mobile') === mobile, `the ${mobile ? 'narrow' : 'wide'} layout`);
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
}

const area = (a: DOMRect) => a.width * a.height;
function overlap(a: DOMRect, b: DOMRect): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}
const inside = (inner: DOMRect, outer: DOMRect) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;

/** Every overlay a visitor reads or taps, each one box (icons one by one; the reel as a whole). */
const OVERLAYS = [
  '.tv-sidebar .tv-icon',
  '.tv-left-icons .tv-icon',
  '.tv-steps__back',
  '.tv-steps__forward',
  '.tv-contacts',
  '.tv-watermark',
  '.tv-reel-toggle',
  '.tv-reel',
  '.tv-scene-list',
];

/** The overlays that cover part of another, named, with the pixels they share; and those out of the element. */
function collisions(shadow: ShadowRoot): string[] {
  const box = shadow.querySelector('.tv-root')!.getBoundingClientRect();
  const shown = OVERLAYS.flatMap((selector) =>
    [...shadow.querySelectorAll(selector)].map((element, i) => ({ name: `${selector}#${i}`, rect: element.getBoundingClientRect() })),
  ).filter(({ rect }) => area(rect) > 0);
  const problems = shown.filter(({ rect }) => !inside(rect, box)).map(({ name }) => `${name} is outside the element`);
  for (const [i, a] of shown.entries()) {
    for (const b of shown.slice(i + 1)) {
      const shared = overlap(a.rect, b.rect);
      if (shared > 0) problems.push(`${a.name} overlaps ${b.name} by ${Math.round(shared)} px²`);
    }
  }
  return problems;
}

/** Reel tiles seen whole in the reel and the element, whose middle a tap reaches. */
function wholeTappableTiles(shadow: ShadowRoot): number {
  const list = shadow.querySelector('.tv-reel__list')!.getBoundingClientRect();
  const box = shadow.querySelector('.tv-root')!.getBoundingClientRect();
  return [...shadow.querySelectorAll('.tv-reel__tile')].filter((tile) => {
    const rect = tile.getBoundingClientRect();
    if (!inside(rect, list) || !inside(rect, box)) return false;
    const hit = shadow.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !!hit && tile.contains(hit);
  }).length;
}

// A page big enough for the largest element measured: a tap lands only on what is in the window.
before(() => setViewport({ width: 1400, height: 900 }));

afterEach(unmountViewers);

describe('the viewer’s overlays laid out by the element’s own size', () => {
  for (const theme of THEMES) {
    it(`${theme}: on 390 and 360 px phones a strip with at least two whole tappable thumbnails, the description a line with "more", nothing overlapping`, async () => {
      const viewer = await renderViewer(theme);
      for (const [width, height] of [
        [390, 844],
        [360, 640],
      ]) {
        await resize(viewer, width, height);
        const { shadow } = viewer;
        const size = `${width}×${height}`;
        expect(collisions(shadow), size).to.deep.equal([]);
        expect(wholeTappableTiles(shadow), `${size}: whole tappable thumbnails`).to.be.at.least(2);
        // A horizontal strip: every tile on one row.
        const tops = new Set([...shadow.querySelectorAll('.tv-reel__tile')].map((tile) => Math.round(tile.getBoundingClientRect().top)));
        expect(tops.size, `${size}: rows of tiles`).to.equal(1);

        const description = shadow.querySelector<HTMLElement>('.tv-reel__about p')!;
        const more = shadow.querySelector<HTMLButtonElement>('.tv-reel__more')!;
        expect(description.getBoundingClientRect().height, `${size}: one line`).to.be.below(20);
        expect(more.getAttribute('aria-expanded')).to.equal('false');
        more.click();
        await until(() => more.getAttribute('aria-expanded') === 'true' && description.getBoundingClientRect().height > 20, 'the whole description');
        expect(description.scrollWidth, `${size}: nothing cut off sideways`).to.be.at.most(description.clientWidth);
        expect(more.textContent).to.equal('less');
        more.click();
        await until(() => more.getAttribute('aria-expanded') === 'false', 'the description folded again');
      }
    });

    it(`${theme}: from 300 px high up, wide or narrow, no overlay covers another`, async () => {
      const viewer = await renderViewer(theme);
      for (const [width, height] of [
        [533, 300],
        [800, 300],
        [853, 480],
        [1280, 720],
      ]) {
        await resize(viewer, width, height);
        expect(collisions(viewer.shadow), `${width}×${height}`).to.deep.equal([]);
        expect(wholeTappableTiles(viewer.shadow), `${width}×${height}: whole tappable thumbnails`).to.be.at.least(2);
      }
    });
  }

  it('each theme keeps a style of its own as a phone strip', async () => {
    const looks = new Set<string>();
    for (const theme of THEMES) {
      const viewer = await renderViewer(theme);
      await resize(viewer, 390, 844);
      const reel = viewer.shadow.querySelector('.tv-reel')!;
      const style = getComputedStyle(reel);
      looks.add(
        [style.backgroundColor, style.borderRadius, style.borderTopWidth, style.marginLeft, viewer.shadow.querySelectorAll('.tv-reel__arrow').length].join(' '),
      );
      unmountViewers();
    }
    expect(looks.size).to.equal(THEMES.length);
  });

  it('cascade keeps its 280 px column from 40em up', async () => {
    const viewer = await renderViewer('cascade');
    await resize(viewer, 1024, 576);
    const reel = viewer.shadow.querySelector('.tv-reel')!.getBoundingClientRect();
    expect(reel.width).to.equal(280);
    expect(reel.height).to.equal(576);
  });

  it('in a live chat the host keeps scene navigation beside the panel, and a phone host gets a compact scene list', async () => {
    const viewer = await renderViewer('modern');
    const { shadow, store } = viewer;
    chatActiveChanged(store, true);
    await resize(viewer, 1100, 600);
    await until(() => shadow.querySelector('.tv-sidebar [aria-label="Show controls"]') && !shadow.querySelector('.tv-reel'), 'the follower’s hidden controls');
    // Where the host has taken the follower.
    expect(shadow.querySelector('.tv-guidance[role="status"]')!.textContent).to.equal('Room 1');
    chatHostingChanged(store, true);
    await until(() => shadow.querySelector('.tv-reel'), 'the host’s reel');
    expect(shadow.querySelector('[aria-label="Fullscreen"]')).to.not.equal(null);
    expect(shadow.querySelector('[aria-label="Floor plans"]')).to.not.equal(null);
    expect(shadow.querySelector('[aria-label="Next scene"]')).to.not.equal(null);

    await resize(viewer, 390, 600);
    const list = await until(() => shadow.querySelector<HTMLSelectElement>('.tv-scene-list select'), 'the compact scene list');
    expect([...list.options].map((option) => option.textContent)).to.deep.equal(['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5', 'Room 6']);
    list.value = 'room-3';
    list.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => store.sceneId === 'room-3', 'the scene chosen in the list');

    chatHostingChanged(store, false);
    await until(() => !shadow.querySelector('.tv-scene-list'), 'the controls hidden again for a follower');
  });
});
