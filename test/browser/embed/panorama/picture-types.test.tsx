import { expect } from 'chai';
import { yawPitchToCoords } from '../../../../api/schema/coords';
import { imageSchema, type Hotspot, type SceneAnswer, type Tour } from '../../../../api/schema/tour';
import { renderSceneHotspot } from '../../../../embed/panorama/hotspot-element';
import { inEnglish, spotLabels } from '../../../../embed/panorama/spot-labels';
import { maxTextureSize } from '../../../../embed/panorama/max-texture-size';
import { browserDecodes, pictureUrl, probeAvif } from '../../../../embed/panorama/picture-types';
import { panoramaUrl, pannellumConfig } from '../../../../embed/panorama/scene-config';
import { SceneReel } from '../../../../embed/ui/SceneReel';
import { newTour, ownerCall, panoramaFile, signedInOwner } from '../../admin/support/real-owner';
import { until } from '../support/render';
import { renderInViewer, unmountViewers } from '../support/viewer-element';

// The pictures come from the real API (scripts/wtr-real-api.mjs): each test uploads its own, so that no picture
// comes from the memory cache without a resource timing entry.

/** A tour of two scenes whose panoramas were uploaded to the real server, as the owner's save answers it. */
async function uploadedTour(): Promise<Tour> {
  const owner = await signedInOwner();
  const tour = await newTour(owner);
  const images = [];
  for (const [id, colour] of [
    ['hall', '#a53'],
    ['kitchen', '#3a5'],
  ]) {
    const form = new FormData();
    form.set('tourId', String(tour.id));
    form.set('image', await panoramaFile(`${id}.png`, colour));
    const response = await fetch('/api/images/', { method: 'POST', headers: { Authorization: `JWT ${owner.token}` }, body: form });
    expect(response.status).to.equal(201);
    images.push({ id, title: id, uploaded: true, ...(await response.json()) });
  }
  return ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, images });
}

/** The tour as an answer listing only `types` (or none) would give it. */
function listing(tour: Tour, types: string[]): Tour {
  return {
    ...tour,
    images: tour.images.map(({ formats, ...image }): SceneAnswer => {
      const kept = formats?.filter((format) => types.includes(format.type));
      return kept?.length ? { ...image, formats: kept } : image;
    }),
  };
}

/** The scene list's thumbnails once each has loaded and decoded; answers the paths they were fetched from. */
async function reelThumbnails(tour: Tour): Promise<string[]> {
  const shadow = renderInViewer(<SceneReel tour={tour} sceneId="hall" onSelect={() => undefined} showBranding={false} />, 'width:900px;height:500px');
  const thumbnails = await until(() => {
    const images = [...shadow.querySelectorAll<HTMLImageElement>('.tv-reel__tile img')];
    return images.length === 2 && images.every((image) => image.complete && image.naturalWidth > 0) && images;
  }, 'both thumbnails decoded');
  expect(thumbnails.map((image) => [image.naturalWidth, image.naturalHeight])).to.deep.equal([
    [400, 200],
    [400, 200],
  ]);
  return thumbnails.map((image) => new URL(image.currentSrc).pathname);
}

/** The paths of the stored small pictures the page fetched since the test started. */
function fetchedPictures(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => /^\/media\/tours\/(thumb|hotspot|mobile)-/.test(path));
}

beforeEach(() => {
  performance.clearResourceTimings();
});

afterEach(() => {
  unmountViewers();
});

// First in the file: the page as the entry leaves it until its first panoramas are drawn.
describe('the types the viewer knows before and after its first panoramas', () => {
  it('takes WebP at once without a probe, and AVIF only once probeAvif() has decoded its sample', async () => {
    const scene = {
      thumbUrl: '/media/tours/thumb-a.jpg',
      hotspotUrl: '/media/tours/hotspot-a.jpg',
      mobileUrl: '',
      formats: [
        { type: 'image/avif' as const, thumbUrl: '/media/tours/thumb-a.avif', hotspotUrl: '/media/tours/hotspot-a.avif', mobileUrl: '' },
        { type: 'image/webp' as const, thumbUrl: '/media/tours/thumb-a.webp', hotspotUrl: '/media/tours/hotspot-a.webp', mobileUrl: '' },
      ],
    };
    expect([browserDecodes('image/webp'), browserDecodes('image/avif')]).to.deep.equal([true, false]);
    expect(pictureUrl(scene, 'thumbUrl'), 'the poster of the first view').to.equal('/media/tours/thumb-a.webp');
    expect(pictureUrl(scene, 'thumbUrl'), 'asking starts no probe').to.equal('/media/tours/thumb-a.webp');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(browserDecodes('image/avif'), 'still unasked').to.equal(false);
    probeAvif();
    await until(() => browserDecodes('image/avif'), 'the probe found AVIF decoded');
    expect(pictureUrl(scene, 'thumbUrl'), 'later pictures').to.equal('/media/tours/thumb-a.avif');
  });
});

describe('the viewer’s pictures in modern types', () => {
  before(async () => {
    probeAvif();
    await until(() => browserDecodes('image/avif'), 'the probe found AVIF decoded');
  });

  it('the scene list takes the first listed type the browser decodes: AVIF in Chromium', async () => {
    const tour = await uploadedTour();
    expect(tour.images[0].formats?.map((format) => format.type)).to.deep.equal(['image/avif', 'image/webp']);
    const paths = await reelThumbnails(tour);
    expect(paths).to.deep.equal(tour.images.map((image) => new URL(image.formats![0].thumbUrl, location.origin).pathname));
    expect(paths.every((path) => path.endsWith('.avif'))).to.equal(true);
    expect(fetchedPictures().sort()).to.deep.equal([...paths].sort());
  });

  it('requests the WebP thumbnails where the answer lists only WebP', async () => {
    const tour = listing(await uploadedTour(), ['image/webp']);
    const paths = await reelThumbnails(tour);
    expect(
      paths.every((path) => /^\/media\/tours\/thumb-[0-9a-f]{32}\.webp$/.test(path)),
      paths.join(),
    ).to.equal(true);
    expect(fetchedPictures().sort()).to.deep.equal([...paths].sort());
  });

  it('falls back to the JPEG thumbnails when the answer lists no type (a scene stored before them)', async () => {
    const tour = listing(await uploadedTour(), []);
    const paths = await reelThumbnails(tour);
    expect(paths).to.deep.equal(tour.images.map((image) => image.thumbUrl));
    expect(fetchedPictures().sort()).to.deep.equal([...paths].sort());
  });

  it('draws a picture hot spot with the destination’s hotspot picture in the type picked, or its JPEG', async () => {
    const tour = listing(await uploadedTour(), ['image/webp']);
    const [hall, kitchen] = tour.images;
    const hotspot: Hotspot = {
      id: 'to-kitchen',
      image: { id: kitchen.id, url: kitchen.url, thumbUrl: kitchen.thumbUrl, hotspotUrl: kitchen.hotspotUrl, title: 'Kitchen' },
      style: 1,
      customImageUrl: '',
      rotation: 0,
      coords: yawPitchToCoords({ yaw: 0, pitch: 0 }),
    };
    const face = (destination?: SceneAnswer) => {
      const div = document.createElement('div');
      renderSceneHotspot(div, hotspot, location.origin, spotLabels(div, inEnglish), () => undefined, destination);
      return div.querySelector<HTMLElement>('.tv-hotspot__face')!.style.backgroundImage;
    };
    expect(face(kitchen)).to.equal(`url("${location.origin}${kitchen.formats![0].hotspotUrl}")`);
    expect(kitchen.formats![0].hotspotUrl).to.match(/\/hotspot-[0-9a-f]{32}\.webp$/);
    expect(face(undefined), 'without the destination: the JPEG saved with the hot spot').to.equal(`url("${location.origin}${kitchen.hotspotUrl}")`);
    expect(face(hall), 'another panorama’s types are never taken').to.equal(`url("${location.origin}${kitchen.hotspotUrl}")`);
  });

  it('shows the opening scene’s thumbnail in the type picked until the first panorama is drawn', async () => {
    const tour = listing(await uploadedTour(), ['image/webp']);
    const options = { renderHotspot: () => undefined, renderInfospot: () => undefined };
    const config = pannellumConfig(tour, { apiOrigin: location.origin, sceneId: 'kitchen', t: inEnglish }, options);
    expect(config.preview).to.equal(`${location.origin}${tour.images[1].formats![0].thumbUrl}`);
    expect(pannellumConfig(listing(tour, []), { apiOrigin: location.origin, sceneId: 'kitchen', t: inEnglish }, options).preview).to.equal(
      `${location.origin}${tour.images[1].thumbUrl}`,
    );
  });

  it('opens the phone variant in the type picked where the panorama is too wide for the device', () => {
    expect(maxTextureSize(), 'this browser has WebGL').to.be.above(0);
    const base = '/media/tours/mobile-0123456789abcdef0123456789abcdef';
    const scene = {
      ...imageSchema.parse({ id: 'wide', title: 'Wide', uploaded: true }),
      width: 2 * Math.max(maxTextureSize(), 4096) + 2,
      url: '/media/tours/0123456789abcdef0123456789abcdef.jpg',
      mobileUrl: `${base}.jpg`,
    };
    const formats = [{ type: 'image/webp' as const, thumbUrl: '', hotspotUrl: '', mobileUrl: `${base}.webp` }];
    expect(panoramaUrl({ ...scene, formats }, location.origin)).to.equal(`${location.origin}${base}.webp`);
    expect(panoramaUrl(scene, location.origin)).to.equal(`${location.origin}${base}.jpg`);
  });
});
