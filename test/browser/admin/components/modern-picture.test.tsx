import { expect } from 'chai';
import type { ImageUpload } from '../../../../api/schema/media';
import type { Tour } from '../../../../api/schema/tour';
import type { User } from '../../../../api/schema/user';
import { Dashboard } from '../../../../admin/features/dashboard/Dashboard';
import { ThemePreview } from '../../../../admin/features/editor/settings/ThemePreview';
import { setUser } from '../../../../admin/lib/session';
import { mount, waitFor } from '../mount';
import { newTour, ownerCall, panoramaFile, signedInOwner } from '../support/real-owner';

// The pictures come from the real API (scripts/wtr-real-api.mjs): each test uploads its own, so that no picture
// comes from the memory cache without a resource timing entry.

async function upload(owner: User, tour: Tour, colour: string): Promise<ImageUpload> {
  const form = new FormData();
  form.set('tourId', String(tour.id));
  form.set('image', await panoramaFile('room.png', colour));
  const response = await fetch('/api/images/', { method: 'POST', headers: { Authorization: `JWT ${owner.token}` }, body: form });
  expect(response.status).to.equal(201);
  return response.json();
}

/**
 * A tour of one uploaded scene, and one whose scene is as a scene stored before the modern types: its JPEG
 * thumbnail is real, but its panorama is none the server made modern types of.
 */
async function modernAndOldTours(owner: User): Promise<{ modern: Tour; old: Tour }> {
  const saveScene = async (scene: ImageUpload & { title: string }) => {
    const tour = await newTour(owner);
    return ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, {
      revision: tour.revision,
      title: scene.title,
      images: [{ id: 'hall', uploaded: true, ...scene }],
    });
  };
  const modern = await saveScene({ ...(await upload(owner, await newTour(owner), '#a53')), title: 'Modern' });
  const oldUpload = await upload(owner, await newTour(owner), '#3a5');
  const old = await saveScene({ ...oldUpload, url: '/media/tours/0123456789abcdef0123456789abcdef.jpg', title: 'Old' });
  expect(modern.images[0].formats?.map((format) => format.type)).to.deep.equal(['image/avif', 'image/webp']);
  expect(old.images[0].formats).to.equal(undefined);
  return { modern, old };
}

/** The paths of the stored thumbnails the page fetched since the test started. */
function fetchedThumbnails(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => /^\/media\/tours\/thumb-/.test(path))
    .sort();
}

const path = (url: string) => new URL(url, location.origin).pathname;

describe('the admin’s scene pictures in modern types (real API)', () => {
  let unmount: () => void = () => undefined;
  beforeEach(() => performance.clearResourceTimings());
  afterEach(() => {
    unmount();
    setUser(null);
  });

  it('the dashboard’s cards show the best type the browser decodes (AVIF in Chromium), and the JPEG of an old scene', async () => {
    const owner = await signedInOwner();
    const { modern, old } = await modernAndOldTours(owner);
    ({ unmount } = mount(<Dashboard />));
    const card = (tour: Tour) => document.querySelector<HTMLImageElement>(`.ad-tour-card[data-short-id="${tour.shortId}"] img`);
    await waitFor(() => [modern, old].every((tour) => card(tour)?.complete && card(tour)!.naturalWidth > 0), 'both cards’ thumbnails decoded');
    expect(path(card(modern)!.currentSrc)).to.equal(path(modern.images[0].formats![0].thumbUrl));
    expect(path(card(modern)!.currentSrc)).to.match(/^\/media\/tours\/thumb-[0-9a-f]{32}\.avif$/);
    expect(path(card(old)!.currentSrc)).to.equal(old.images[0].thumbUrl);
    expect(fetchedThumbnails(), 'never the modern scene’s JPEG').to.deep.equal([path(modern.images[0].formats![0].thumbUrl), old.images[0].thumbUrl].sort());
    // Laid out as a lone <img> would be: the card's picture spans the card, 2:1.
    const { width, height } = card(modern)!.getBoundingClientRect();
    expect(Math.round(width / height)).to.equal(2);
  });

  it('the theme preview draws WebP thumbnails without any probe, and the JPEG of an old scene', async () => {
    const owner = await signedInOwner();
    const { modern, old } = await modernAndOldTours(owner);
    const tour: Tour = { ...modern, images: [...modern.images, { ...old.images[0], id: 'old' }] };
    ({ unmount } = mount(<ThemePreview tour={tour} />));
    const tiles = () => [...document.querySelectorAll<HTMLElement>('.ad-theme-preview__tile')].map((tile) => tile.style.backgroundImage);
    const webp = modern.images[0].formats!.find((format) => format.type === 'image/webp')!.thumbUrl;
    await waitFor(() => tiles().length === 2, 'the preview drawn');
    expect(tiles()).to.deep.equal([`url("${webp}")`, `url("${old.images[0].thumbUrl}")`]);
    expect(document.querySelector<HTMLElement>('.ad-theme-preview')!.style.backgroundImage).to.equal(`url("${webp}")`);
  });
});
