import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import type { Tour } from '../../../../../api/schema/tour';
import type { User } from '../../../../../api/schema/user';
import { AnalyticsPage } from '../../../../../admin/features/analytics/AnalyticsPage';
import { lastDays } from '../../../../../admin/features/analytics/analytics-range';
import { TourAnalyticsView } from '../../../../../admin/features/analytics/TourAnalyticsView';
import { NOT_YOURS } from '../../../../../admin/features/analytics/use-analytics';
import { Dashboard } from '../../../../../admin/features/dashboard/Dashboard';
import { setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { byText, field } from '../../support/page-queries';
import { newTour, ownerCall, signedInOwner, typeInto } from '../../support/real-owner';

/** What an ordinary browser says it is: the test browser names itself headless, which the counter leaves out. */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
/** An owner-typed scene title that would run as markup if it were treated as such. */
const MARKUP_TITLE = '<img src=x onerror="window.__injected=1">Hall';
const MARKUP_SPOT = '<b onmouseover="window.__injected=2">Boiler</b>';

let visits = 0;

/** A real visit's beacon, as the viewer sends it, from a visitor of its own (not signed in, no cookie). */
async function visit(shortId: string, visitor: string, { host = 'partner.example', device = 'desktop', lead = false } = {}) {
  const events = [
    { type: 'scene', at: 0, sceneId: 'hall', ms: 30_000 },
    { type: 'info', at: 10_000, sceneId: 'hall', targetId: 'boiler' },
    { type: 'hotspot', at: 30_000, sceneId: 'hall', targetId: 'stairs' },
    { type: 'scene', at: 30_000, sceneId: 'loft', ms: 10_000 },
    { type: 'scene', at: 40_000, sceneId: 'loft', ms: 10_000 },
    ...(lead ? [{ type: 'lead', at: 45_000 }] : []),
    { type: 'end', at: 50_000, ms: 50_000 },
  ];
  const response = await fetch(`/api/tours/${shortId}/visits`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Test-Visitor': visitor, 'X-Test-User-Agent': BROWSER },
    body: JSON.stringify({ visitId: `visit-${++visits}-${Date.now()}`, host, kind: 'element', device, events }),
  });
  expect(response.status).to.equal(204);
}

/** The server sums visits in memory and writes them each second; the test writes them now. */
async function flushVisits() {
  expect((await fetch('/test-analytics-flush', { method: 'POST' })).status).to.equal(204);
}

/** A tour with two scenes (one titled with markup), three visits by two visitors, one of them a lead. */
async function visitedTour(owner: User): Promise<Tour> {
  const created = await newTour(owner);
  const coords = { x: 1, y: 0, z: 0 };
  // Two hotspots lead to the loft; the visits take the stairs, and open the boiler's info spot (owner-typed markup).
  const hotspots = ['door', 'stairs'].map((id) => ({ id, image: { id: 'loft', title: 'Loft' }, coords }));
  const infospots = [{ id: 'boiler', coords, dataType: 'shrt', data: { previewText: MARKUP_SPOT } }];
  const images = [
    { id: 'hall', title: MARKUP_TITLE, thumbUrl: '/media/hall-thumb.jpg', hotspots, infospots },
    { id: 'loft', title: 'Loft', thumbUrl: '/media/loft-thumb.jpg' },
  ];
  const tour = await ownerCall<Tour>(owner, 'POST', `/tours/${created.shortId}`, { revision: created.revision, title: 'Mill house', images });
  await visit(tour.shortId, `first-${tour.shortId}`, { lead: true });
  await visit(tour.shortId, `first-${tour.shortId}`, { host: 'homes.example', device: 'phone' });
  await visit(tour.shortId, `second-${tour.shortId}`, { device: 'phone' });
  await flushVisits();
  return tour;
}

/** Every analytics request the page makes (fetch passed through untouched), and every file it hands the browser. */
function watchPage() {
  const requests: string[] = [];
  const files: Blob[] = [];
  const realFetch = window.fetch;
  const realCreate = URL.createObjectURL;
  window.fetch = async (input, init) => {
    if (!/^\/api\/(tours\/[^/]+\/)?analytics\?/.test(String(input))) return realFetch(input, init);
    requests.push(String(input));
    await held;
    return realFetch(input, init);
  };
  URL.createObjectURL = (blob) => (files.push(blob as Blob), realCreate(blob as Blob));
  let held: Promise<void> = Promise.resolve();
  const realClick = HTMLAnchorElement.prototype.click;
  // The download itself would leave the test page: the file handed over is what is checked.
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (!this.download) realClick.call(this);
  };
  return {
    requests,
    files,
    /** Keeps analytics answers back until the returned function is called, so the loading state is certain to show. */
    hold: () => {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
    restore: () => {
      window.fetch = realFetch;
      URL.createObjectURL = realCreate;
      HTMLAnchorElement.prototype.click = realClick;
    },
  };
}

const text = (host: ParentNode, selector: string) => [...host.querySelectorAll(selector)].map((element) => element.textContent);
const totals = (host: ParentNode) =>
  Object.fromEntries(
    [...host.querySelectorAll('.ad-analytics__totals > div')].map((item) => [item.querySelector('dt')!.textContent, item.querySelector('dd')!.textContent]),
  );

/** Coloured pixels on the chart's canvas: uPlot drew lines, not just an empty box. */
function drawnPixels(host: ParentNode): number {
  const canvas = host.querySelector<HTMLCanvasElement>('[data-chart="views"] canvas');
  if (!canvas || canvas.width === 0) return 0;
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let coloured = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) coloured++;
  return coloured;
}

describe('the analytics screens (real API, real visits)', () => {
  let page: ReturnType<typeof watchPage>;
  let unmount: () => void = () => undefined;
  beforeEach(() => (page = watchPage()));
  afterEach(() => {
    unmount();
    page.restore();
    setUser(null);
  });

  it('shows a tour’s totals, chart, scenes with thumbnails, hosts and devices, owner-typed titles as text', async () => {
    const owner = await signedInOwner();
    const tour = await visitedTour(owner);
    const release = page.hold();
    let host: HTMLElement;
    ({ host, unmount } = mount(<TourAnalyticsView shortId={tour.shortId} images={tour.images} />));
    await waitFor(() => host.querySelector('[role="status"]')?.textContent === 'Loading analytics…', 'the loading state');
    release();
    await waitFor(() => host.querySelector('.ad-analytics__totals') !== null, 'the numbers');
    expect(totals(host)).to.deep.equal({
      Views: '3',
      'Daily visitors': '2',
      'Time in tour (median)': totals(host)['Time in tour (median)'],
      'Leads per 100 views': '33.3 (1 lead)',
      'Showings per 100 views': '0 (0 showing requests)',
    });
    expect(totals(host)['Time in tour (median)']).to.match(/^\d+ s$/);
    // Scenes ranked by views, each with its thumbnail; the title with markup is its text.
    expect(text(host, '.ad-analytics__scenes .ad-analytics__name')).to.deep.equal(['Loft', MARKUP_TITLE]);
    expect([...host.querySelectorAll<HTMLImageElement>('.ad-analytics__scenes img')].map((img) => new URL(img.src).pathname)).to.deep.equal([
      '/media/loft-thumb.jpg',
      '/media/hall-thumb.jpg',
    ]);
    expect(text(host, '.ad-analytics__scenes li > span:last-child')[0]).to.match(/^6 views · \d+ s median$/);
    expect((window as { __injected?: number }).__injected).to.equal(undefined);
    expect(text(host, '[aria-label="Where it is embedded"] .ad-analytics__name')).to.deep.equal(['partner.example', 'homes.example']);
    expect(text(host, '[data-device] > span:last-child')).to.deep.equal(['2 (67 %)', '0 (0 %)', '1 (33 %)']);
    // Opens scene by scene, each credited to the spot opened: the stairs, not the first hotspot to the loft.
    const opens = host.querySelector('[aria-label="Hotspot and info spot opens"]')!;
    expect(text(opens, 'h3')).to.deep.equal([`In ${MARKUP_TITLE}`]);
    expect([...opens.querySelectorAll('li')].map((item) => [item.getAttribute('data-kind'), ...text(item, 'span')])).to.have.deep.members([
      ['hotspot', 'To Loft', '3 opens'],
      ['info', MARKUP_SPOT, '3 opens'],
    ]);
    await waitFor(() => drawnPixels(host) > 0, 'the chart drawn');
    expect(text(host, '.u-legend .u-label')).to.include.members(['Views', 'Daily visitors']);
    expect(page.requests).to.deep.equal([`/api/tours/${tour.shortId}/analytics?from=${lastDays(30).from}&to=${lastDays(30).to}`]);
  });

  it('asks for the range chosen: 7 or 90 days, or the owner’s own days', async () => {
    const owner = await signedInOwner();
    const tour = await visitedTour(owner);
    let host: HTMLElement;
    ({ host, unmount } = mount(<TourAnalyticsView shortId={tour.shortId} images={tour.images} />));
    await waitFor(() => host.querySelector('.ad-analytics__totals') !== null, 'the last 30 days');
    const path = `/api/tours/${tour.shortId}/analytics`;
    byText('7 days', host)!.click();
    await waitFor(() => page.requests.length === 2 && host.querySelector('.ad-analytics__totals') !== null, 'the last 7 days');
    expect(page.requests[1]).to.equal(`${path}?from=${lastDays(7).from}&to=${lastDays(7).to}`);
    expect(byText('7 days', host)!.getAttribute('aria-pressed')).to.equal('true');
    byText('90 days', host)!.click();
    await waitFor(() => page.requests.length === 3, 'the last 90 days');
    expect(page.requests[2]).to.equal(`${path}?from=${lastDays(90).from}&to=${lastDays(90).to}`);

    // Days before any visit: the empty state, no chart.
    typeInto(field('From', host), '2024-01-01');
    typeInto(field('To', host), '2024-01-31');
    byText('Show these days', host)!.click();
    await waitFor(() => page.requests.length === 4, 'the custom range');
    expect(page.requests[3]).to.equal(`${path}?from=2024-01-01&to=2024-01-31`);
    await waitFor(() => host.querySelector('.ad-analytics__empty') !== null, 'the empty state');
    expect(host.querySelector('.ad-analytics__empty')!.textContent).to.equal(
      'No views from 2024-01-01 to 2024-01-31. Share the tour: its visits show here a few seconds after they happen.',
    );
    expect(host.querySelector('[data-chart]')).to.equal(null);
  });

  it('downloads the tour’s days, and the opens of its hotspots and info spots, as CSV', async () => {
    const owner = await signedInOwner();
    const tour = await visitedTour(owner);
    let host: HTMLElement;
    ({ host, unmount } = mount(<TourAnalyticsView shortId={tour.shortId} images={tour.images} />));
    await waitFor(() => host.querySelector('.ad-analytics__totals') !== null, 'the numbers');
    const downloaded = async (button: string) => {
      const count = page.files.length;
      byText(button, host)!.click();
      await waitFor(() => page.files.length === count + 1, `the file of ${button}`);
      return (await page.files[count].text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
    };
    expect(await downloaded('Download (CSV)')).to.deep.equal(['"date","views","visitors"', `"${lastDays(1).to}","3","2"`]);
    const lines = await downloaded('Download clicks (CSV)');
    expect(lines[0]).to.equal('"sceneId","scene","kind","targetId","name","clicks"');
    expect(lines.slice(1)).to.have.members([
      `"hall","${MARKUP_TITLE.replace(/"/g, '""')}","hotspot","stairs","Loft","3"`,
      `"hall","${MARKUP_TITLE.replace(/"/g, '""')}","info","boiler","${MARKUP_SPOT.replace(/"/g, '""')}","3"`,
    ]);
  });

  it('says a stranger’s tour is not theirs, and saves no error as a CSV file', async () => {
    const stranger = await signedInOwner();
    const theirs = await visitedTour(stranger);
    await signedInOwner();
    let host: HTMLElement;
    ({ host, unmount } = mount(
      <>
        <TourAnalyticsView shortId={theirs.shortId} images={[]} />
        <ToastContainer />
      </>,
    ));
    await waitFor(() => host.querySelector('[role="alert"]') !== null, 'the refusal');
    expect(host.querySelector('[role="alert"]')!.textContent).to.equal(NOT_YOURS);
    expect(host.textContent).not.to.include('Mill house');
    byText('Download (CSV)', host)!.click();
    await waitFor(() => host.textContent!.includes('The file could not be downloaded: No tour with this id.'), 'the download refused');
    expect(page.files).to.deep.equal([]);
  });

  it('lists every tour’s numbers on the Analytics page, and the dashboard cards their views with one request', async () => {
    const owner = await signedInOwner();
    const visited = await visitedTour(owner);
    const quiet = await newTour(owner);
    await ownerCall<Tour>(owner, 'POST', `/tours/${quiet.shortId}`, { revision: quiet.revision, title: '<b>Quiet</b> cottage' });
    let host: HTMLElement;
    ({ host, unmount } = mount(<AnalyticsPage />));
    // The chart's legend is a table too: the tours' table is the page's own.
    await waitFor(() => host.querySelectorAll('.ad-analytics__table tbody tr').length === 2, 'both tours');
    // The chart of all tours' days together.
    await waitFor(() => drawnPixels(host) > 0, 'the chart drawn');
    expect(host.querySelector('[data-chart="views"]')!.getAttribute('aria-label')).to.equal(
      `3 views and 2 daily visitors from ${lastDays(30).from} to ${lastDays(30).to}`,
    );
    const rows = [...host.querySelectorAll('.ad-analytics__table :is(tbody, tfoot) tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).to.deep.equal([
      ['<b>Quiet</b> cottage', '0', '0', '0', '–'],
      ['Mill house', '3', '2', '1', '33.3'],
      ['All tours', '3', '2', '1', '33.3'],
    ]);
    expect(host.querySelector(`[data-short-id="${visited.shortId}"] a`)!.getAttribute('href')).to.equal(`/tours/${visited.shortId}/edit#analytics`);
    byText('90 days', host)!.click();
    await waitFor(() => page.requests.length === 2, 'the last 90 days');
    expect(page.requests[1]).to.equal(`/api/analytics?from=${lastDays(90).from}&to=${lastDays(90).to}`);
    byText('Download (CSV)', host)!.click();
    await waitFor(() => page.files.length === 1, 'the file handed over');
    expect(await page.files[0].text()).to.include(`"${visited.shortId}","Mill house","3","2","1"`);
    unmount();

    page.requests.length = 0;
    ({ host, unmount } = mount(<Dashboard />));
    await waitFor(() => host.querySelector(`[data-short-id="${visited.shortId}"] .ad-tour-card__views`) !== null, 'the views on the card');
    expect(host.querySelector(`[data-short-id="${visited.shortId}"] .ad-tour-card__views`)!.textContent).to.equal('3 views in the last 30 days');
    expect(host.querySelector(`[data-short-id="${quiet.shortId}"] .ad-tour-card__views`)!.textContent).to.equal('0 views in the last 30 days');
    expect(page.requests).to.deep.equal([`/api/analytics?from=${lastDays(30).from}&to=${lastDays(30).to}`]);
  });

  it('says so when the owner has no tours yet', async () => {
    await signedInOwner();
    let host: HTMLElement;
    ({ host, unmount } = mount(<AnalyticsPage />));
    await waitFor(() => host.querySelector('.ad-analytics__empty') !== null, 'the empty state');
    expect(host.querySelector('.ad-analytics__empty')!.textContent).to.equal('No tours yet: their visits show here once you share them.');
    expect(host.querySelector('table')).to.equal(null);
  });

  it('fits a phone’s width (360 px) with its numbers, chart and lists', async () => {
    await setViewport({ width: 360, height: 740 });
    try {
      const owner = await signedInOwner();
      const tour = await visitedTour(owner);
      let host: HTMLElement;
      ({ host, unmount } = mount(<TourAnalyticsView shortId={tour.shortId} images={tour.images} />));
      await waitFor(() => drawnPixels(host) > 0, 'the chart drawn');
      expect(document.documentElement.scrollWidth).to.equal(window.innerWidth);
      expect(host.querySelector('[data-chart] canvas')!.getBoundingClientRect().right).to.be.at.most(360);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});
