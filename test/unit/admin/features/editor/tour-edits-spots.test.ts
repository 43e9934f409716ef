import { describe, expect, it } from 'vitest';
import { coordsToYawPitch } from '../../../../../api/schema/coords';
import { imageSchema, tourInputSchema } from '../../../../../api/schema/tour';
import {
  moveSpot,
  nudgeSpot,
  placeHotspot,
  placeInfospot,
  removeSpot,
  setInitialView,
  spotDirection,
  updateHotspot,
  updateInfospot,
  type HotspotFields,
} from '../../../../../admin/features/editor/tour-edits';

function tourOf(...ids: string[]) {
  return tourInputSchema.parse({
    defaultHotspotStyle: 3,
    images: ids.map((id) => imageSchema.parse({ id, title: id.toUpperCase(), url: `/media/tours/${id}.jpg`, thumbUrl: `/media/tours/thumb-${id}.jpg` })),
  });
}

const toB: HotspotFields = { destinationId: 'b', style: 4, customImageUrl: '/media/assets/door.png', rotation: 45 };
const valid = (tour: unknown) => tourInputSchema.safeParse(tour).success;

describe('hotspot edits', () => {
  it('places a hotspot at the clicked direction with the chosen look, and nothing in the destination by default', () => {
    const tour = placeHotspot(tourOf('a', 'b'), 'a', toB, { yaw: -120, pitch: 12 }, false, 'h1');
    const [hotspot] = tour.images[0].hotspots;
    expect(hotspot).toMatchObject({
      id: 'h1',
      image: { id: 'b', title: 'B', thumbUrl: '/media/tours/thumb-b.jpg' },
      style: 4,
      customImageUrl: '/media/assets/door.png',
      rotation: 45,
    });
    expect(coordsToYawPitch(hotspot.coords).yaw).toBeCloseTo(-120, 6);
    expect(coordsToYawPitch(hotspot.coords).pitch).toBeCloseTo(12, 6);
    expect(tour.images[1].hotspots).toEqual([]);
    expect(valid(tour)).toBe(true);
  });

  it('adds the way back facing behind, within -180..180, only when the destination has none yet', () => {
    const once = placeHotspot(tourOf('a', 'b'), 'a', toB, { yaw: 170, pitch: 0 }, true);
    const [back] = once.images[1].hotspots;
    expect(back).toMatchObject({ image: { id: 'a' }, style: 3, rotation: 0 });
    expect(coordsToYawPitch(back.coords).yaw).toBeCloseTo(-10, 6);
    const twice = placeHotspot(once, 'a', toB, { yaw: 0, pitch: 0 }, true);
    expect(twice.images[0].hotspots).toHaveLength(2);
    expect(twice.images[1].hotspots).toHaveLength(1);
  });

  it('refuses a link to a missing scene or to the scene itself', () => {
    expect(() => placeHotspot(tourOf('a'), 'a', { ...toB, destinationId: 'a' }, { yaw: 0, pitch: 0 })).toThrow(/two different scenes/);
    expect(() => placeHotspot(tourOf('a'), 'a', toB, { yaw: 0, pitch: 0 })).toThrow(/two different scenes/);
  });

  it('updates destination and look but keeps the place; removes only the chosen spot', () => {
    const placed = placeHotspot(tourOf('a', 'b', 'c'), 'a', toB, { yaw: 30, pitch: -5 }, false, 'h1');
    const updated = updateHotspot(placed, 'a', 'h1', { destinationId: 'c', style: 1, customImageUrl: '', rotation: 90 });
    const [hotspot] = updated.images[0].hotspots;
    expect(hotspot).toMatchObject({ id: 'h1', image: { id: 'c', title: 'C' }, style: 1, rotation: 90 });
    expect(hotspot.coords).toEqual(placed.images[0].hotspots[0].coords);
    expect(removeSpot(updated, 'a', 'h1').images[0].hotspots).toEqual([]);
    expect(placed.images[0].hotspots[0].image.id).toBe('b');
  });
});

describe('infospot edits', () => {
  it('places an HTML infospot in info style 1', () => {
    const tour = placeInfospot(
      tourOf('a'),
      'a',
      { dataType: 'html', data: { previewText: 'Kitchen', url: '', htmlContent: '<b>Oak</b>' } },
      { yaw: 10, pitch: 20 },
      'i1',
    );
    expect(tour.images[0].infospots[0]).toMatchObject({ id: 'i1', style: 1, dataType: 'html', data: { htmlContent: '<b>Oak</b>' } });
    expect(valid(tour)).toBe(true);
  });

  it('gives a hyperlink without a scheme http:// when placed and when updated, and leaves https:// alone', () => {
    const link = (url: string) => ({ dataType: 'hyperLink' as const, data: { previewText: 'Agency', url, htmlContent: '' } });
    const placed = placeInfospot(tourOf('a'), 'a', link('example.com/flat'), { yaw: 0, pitch: 0 }, 'i1');
    expect(placed.images[0].infospots[0].data.url).toBe('http://example.com/flat');
    expect(updateInfospot(placed, 'a', 'i1', link('https://example.org')).images[0].infospots[0].data.url).toBe('https://example.org');
    expect(updateInfospot(placed, 'a', 'i1', link('www.example.org')).images[0].infospots[0].data.url).toBe('http://www.example.org');
  });
});

describe('moving spots and the initial view', () => {
  it('moves a hotspot or an infospot to a new direction, leaving the others', () => {
    let tour = placeHotspot(tourOf('a', 'b'), 'a', toB, { yaw: 0, pitch: 0 }, false, 'h1');
    tour = placeInfospot(tour, 'a', { dataType: 'shrt', data: { previewText: 'Hi', url: '', htmlContent: '' } }, { yaw: 0, pitch: 0 }, 'i1');
    const moved = moveSpot(moveSpot(tour, 'a', 'h1', { yaw: 90, pitch: -30 }), 'a', 'i1', { yaw: -45, pitch: 10 });
    expect(coordsToYawPitch(moved.images[0].hotspots[0].coords).yaw).toBeCloseTo(90, 6);
    expect(coordsToYawPitch(moved.images[0].hotspots[0].coords).pitch).toBeCloseTo(-30, 6);
    expect(coordsToYawPitch(moved.images[0].infospots[0].coords).yaw).toBeCloseTo(-45, 6);
    expect(removeSpot(moved, 'a', 'i1').images[0]).toMatchObject({ infospots: [], hotspots: [{ id: 'h1' }] });
  });

  it('turns a spot by some degrees from the keyboard: the pitch stops at ±90, the yaw goes round within (-180, 180]', () => {
    let tour = placeHotspot(tourOf('a', 'b'), 'a', toB, { yaw: 175, pitch: 85 }, false, 'h1');
    tour = placeInfospot(tour, 'a', { dataType: 'shrt', data: { previewText: 'Hi', url: '', htmlContent: '' } }, { yaw: -175, pitch: -85 }, 'i1');
    const up = nudgeSpot(tour, 'a', 'h1', { yaw: 10, pitch: 10 });
    expect(spotDirection(up, 'a', 'h1')!.yaw).toBeCloseTo(-175, 6);
    expect(spotDirection(up, 'a', 'h1')!.pitch).toBeCloseTo(90, 6);
    expect(up.images[0].infospots[0].coords).toEqual(tour.images[0].infospots[0].coords);
    const down = nudgeSpot(tour, 'a', 'i1', { yaw: -5, pitch: -10 });
    expect(spotDirection(down, 'a', 'i1')!.yaw).toBeCloseTo(180, 6);
    expect(spotDirection(down, 'a', 'i1')!.pitch).toBeCloseTo(-90, 6);
    // Off the pole again, the spot still faces the way it did.
    const back = nudgeSpot(nudgeSpot(up, 'a', 'h1', { yaw: 0, pitch: -1 }), 'a', 'h1', { yaw: 1, pitch: 0 });
    expect(spotDirection(back, 'a', 'h1')!.yaw).toBeCloseTo(-174, 6);
    expect(spotDirection(back, 'a', 'h1')!.pitch).toBeCloseTo(89, 6);
    expect(valid(back)).toBe(true);
    expect(nudgeSpot(tour, 'a', 'missing', { yaw: 1, pitch: 0 })).toBe(tour);
  });

  it('stores the current view as the initial view, the field of view kept within the schema’s 10–140', () => {
    const tour = setInitialView(tourOf('a', 'b'), 'b', { yaw: 200, pitch: -8, hfov: 160 });
    expect(tour.images[1]).toMatchObject({ cameraPosition: { yaw: -160, pitch: -8 }, cameraZoom: 140 });
    expect(tour.images[0].cameraPosition).toBe(null);
    expect(valid(tour)).toBe(true);
  });
});
