import { expect } from 'chai';
import { visitBeaconSchema, type VisitBeacon } from '../../../../api/schema/analytics';
import { hotspotSchema, imageSchema, infospotSchema } from '../../../../api/schema/tour';
import { SEND_EVERY_MS, startCollector } from '../../../../embed/analytics/collector';
import { createTourViewerElement } from '../../../../embed/element/tour-viewer-element';
import { emit } from '../../../../embed/element/viewer-events';
import { createViewerStore, openModal, tourLoaded } from '../../../../embed/tour/viewer-store';
import { createViewer } from '../../../../embed/viewer/viewer-context';
import { apiTour, panoramaDataUrl } from '../support/fixtures';
import { renderViewerElement, unmountViewers } from '../support/viewer-element';
import { until } from '../support/render';

interface Sent {
  url: string;
  type: string;
  beacon: VisitBeacon;
}

const coords = { x: 1, y: 0, z: 0 };
const tour = apiTour({
  shortId: 'beacons',
  images: [
    {
      ...imageSchema.parse({ id: 'hall', title: 'Hall' }),
      url: panoramaDataUrl('#c84'),
      thumbUrl: panoramaDataUrl('#c84'),
      // Two ways into the kitchen: each is credited its own opens.
      hotspots: ['to-kitchen', 'side-door'].map((id) => hotspotSchema.parse({ id, coords, image: { id: 'kitchen', title: 'Kitchen' } })),
      infospots: [infospotSchema.parse({ id: 'stove', coords, dataType: 'html', data: { previewText: 'The stove' } })],
    },
    { ...imageSchema.parse({ id: 'kitchen', title: 'Kitchen' }), url: panoramaDataUrl('#48c'), thumbUrl: panoramaDataUrl('#48c') },
  ],
});

let sent: Sent[] = [];
let beaconThrows = false;
const realBeacon = navigator.sendBeacon.bind(navigator);
const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

// The beacons still go to the real server (which answers 404 for this tour, as for any unknown one): this only
// reads what leaves, or makes the browser refuse it.
navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
  const blob = data as Blob;
  void blob.text().then((text) => sent.push({ url: String(url), type: blob.type, beacon: visitBeaconSchema.parse(JSON.parse(text)) }));
  if (beaconThrows) throw new Error('the browser refused the beacon');
  return realBeacon(url, data);
};

let counter = 0;
/** A viewer of the tour the page carries (as our tour page does), on a tag of its own. */
function showTour(attributes: Record<string, string> = {}): HTMLElement {
  const tag = `tour-viewer-analytics-${++counter}`;
  customElements.define(tag, createTourViewerElement());
  const element = document.createElement(tag);
  Object.entries({ 'short-id': tour.shortId, loading: 'eager', style: 'display:block;width:800px;height:500px', ...attributes }).forEach(([name, value]) =>
    element.setAttribute(name, value),
  );
  document.body.append(element);
  return element;
}

const loaded = (element: Element) => new Promise((resolve) => element.addEventListener('tour-load', resolve, { once: true }));
const visits = () => new Set(sent.map((item) => item.beacon.visitId));
/** Lets valtio's subscribers (which run after the current task's promises) see a change. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const leave = () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

beforeEach(() => {
  const island = Object.assign(document.createElement('script'), { id: 'tour-data', type: 'application/json', textContent: JSON.stringify(tour) });
  document.head.append(island);
});

afterEach(() => {
  unmountViewers();
  document.getElementById('tour-data')?.remove();
  sent = [];
  beaconThrows = false;
  pageErrors.length = 0;
});

describe('the visit collector', () => {
  it('reports the visit at its first panorama, then batches what happens until the page is left, as text/plain', async () => {
    const element = showTour();
    await loaded(element);
    const first = await until(() => sent[0], 'the first beacon');
    expect(first.url).to.equal(`${location.origin}/api/tours/beacons/visits`);
    expect(first.type).to.equal('text/plain');
    expect(first.beacon).to.include({ kind: 'page', host: location.host, device: 'desktop' });
    expect(first.beacon.events).to.deep.equal([]);

    // The scene's list of places (for screen readers): the hotspots to the kitchen, then the stove's info spot.
    const [, sideDoor, infospot] = element.shadowRoot!.querySelectorAll<HTMLButtonElement>('.tv-sr-only button');
    infospot.click();
    await settle();
    sideDoor.click();
    await settle();
    expect(sent, 'nothing more is sent while the visit goes on').to.have.length(1);

    leave();
    const last = await until(() => sent[1], 'the beacon at leaving');
    expect(last.beacon.visitId).to.equal(first.beacon.visitId);
    const events = last.beacon.events.map(({ type, sceneId, targetId }) => ({ type, sceneId, targetId }));
    expect(events).to.deep.equal([
      { type: 'info', sceneId: 'hall', targetId: 'stove' },
      { type: 'hotspot', sceneId: 'hall', targetId: 'side-door' },
      { type: 'scene', sceneId: 'hall', targetId: undefined },
      { type: 'scene', sceneId: 'kitchen', targetId: undefined },
      { type: 'end', sceneId: undefined, targetId: undefined },
    ]);
    const [, , hall, kitchen, end] = last.beacon.events;
    expect(hall.ms).to.be.a('number');
    expect(kitchen.at).to.be.at.least(hall.at + hall.ms! - 1);
    expect(end.ms).to.be.at.least(kitchen.ms!);
  });

  it('reports a scene stay resumed after a tab switch by the same entry, with its time so far each time', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const switchTab = (to: DocumentVisibilityState) => ((visibility = to), document.dispatchEvent(new Event('visibilitychange')));
    try {
      const element = showTour();
      await loaded(element);
      await until(() => sent[0], 'the first beacon');
      switchTab('hidden');
      const hidden = await until(() => sent[1], 'the beacon at the tab switch');
      switchTab('visible');
      await new Promise((resolve) => setTimeout(resolve, 200));
      leave();
      const last = await until(() => sent[2], 'the beacon at leaving');
      const [before, after] = [hidden, last].map((item) => item.beacon.events.find((event) => event.type === 'scene')!);
      expect(before.sceneId).to.equal('hall');
      expect(after).to.include({ sceneId: 'hall', at: before.at });
      expect(after.ms! - before.ms!, 'the time shown again adds up').to.be.at.least(150);
      const ends = [hidden, last].map((item) => item.beacon.events.find((event) => event.type === 'end')!.ms!);
      expect(ends[1]).to.be.at.least(ends[0] + 150);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('sends nothing for a viewer with no-analytics, and starts when the attribute goes', async () => {
    const counted = showTour();
    const quiet = showTour({ 'no-analytics': '' });
    await Promise.all([loaded(counted), loaded(quiet)]);
    await until(() => sent[0], 'the counted viewer’s beacon');
    await import('../../../../embed/analytics/collector');
    await settle();
    leave();
    await until(() => sent[1], 'the counted viewer’s last beacon');
    expect(visits().size, 'one visit: the counted viewer’s').to.equal(1);

    quiet.removeAttribute('no-analytics');
    await until(() => visits().size === 2, 'a visit of the viewer now counted');
  });

  it('reports leads, showings, chats, sharing, fullscreen and VR while the page stays open, every 15 s at most', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const viewer = createViewer(element, createViewerStore());
    tourLoaded(viewer.store, tour);
    // Its own short id: the viewers of the tests before may still be sending their last beacons.
    const stop = startCollector(viewer, 'open-page');
    const mine = () => sent.filter((item) => item.url.endsWith('/open-page/visits'));
    const first = await until(() => mine()[0], 'the first beacon');
    const sentAt = performance.now();

    emit(element, 'lead-submit', { tourId: tour.id });
    viewer.track!('showing');
    viewer.store.chatActive = true;
    openModal(viewer.store, 'share');
    viewer.store.fixedFullscreen = true;
    viewer.store.vr = true;
    const next = await until(() => mine()[1], 'the beacon of the open page');
    expect(performance.now() - sentAt, 'not before its time').to.be.at.least(SEND_EVERY_MS - 1000);
    expect(next.beacon.visitId).to.equal(first.beacon.visitId);
    expect(next.beacon.events.map((event) => event.type)).to.have.members(['lead', 'showing', 'chat', 'share', 'fullscreen', 'vr']);
    stop();
    const last = await until(() => mine()[2], 'the beacon at the end');
    expect(last.beacon.events.map((event) => event.type)).to.deep.equal(['scene', 'end']);
  });

  it('credits a hotspot followed by looking at it in cardboard VR', async () => {
    // The hall's one hotspot right ahead (yaw 0, pitch 0), where VR starts looking: the tour does not turn.
    const ahead = { x: 0, y: 0, z: -1 };
    const vrTour = apiTour({
      shortId: 'vr-beacons',
      config: { ...tour.config, autoRotate: false },
      images: [
        { ...tour.images[0], hotspots: [hotspotSchema.parse({ id: 'ahead', coords: ahead, image: { id: 'kitchen', title: 'Kitchen' } })], infospots: [] },
        tour.images[1],
      ],
    });
    const { store, element } = renderViewerElement({ analytics: true });
    element.style.cssText = 'display:block;width:800px;height:500px';
    tourLoaded(store, vrTour);
    const mine = () => sent.filter((item) => item.url.endsWith('/vr-beacons/visits'));
    await until(() => mine()[0], 'the first beacon');
    store.vr = true;
    await until(() => store.sceneId === 'kitchen', 'the hotspot followed by gaze');
    leave();
    const last = await until(() => mine()[1], 'the beacon at leaving');
    expect(
      last.beacon.events.filter((event) => event.type !== 'scene' && event.type !== 'end').map(({ type, targetId }) => ({ type, targetId })),
    ).to.deep.equal([
      { type: 'vr', targetId: undefined },
      { type: 'hotspot', targetId: 'ahead' },
    ]);
  });

  it('never throws into the page, even when the browser refuses the beacons', async () => {
    beaconThrows = true;
    const element = showTour();
    await loaded(element);
    await until(() => sent[0], 'the refused first beacon');
    element.shadowRoot!.querySelector<HTMLButtonElement>('.tv-sr-only li button')!.click();
    await settle();
    leave();
    await until(() => sent[1], 'the refused last beacon');
    element.remove();
    await settle();
    expect(pageErrors).to.deep.equal([]);
    expect(element.isConnected).to.equal(false);
  });
});
