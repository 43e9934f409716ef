import { describe, expect, it } from 'vitest';
import { facesInSight, tileUrl } from '../../../../api/schema/multires';
import { imageSchema, tourInputSchema, type SceneMultires, type Tour } from '../../../../api/schema/tour';
import { renderPublicTourPage } from '../../../../api/pages/public-tour-page';

const multires: SceneMultires = {
  basePath: '/media/tiles/abc',
  path: '/%l/%s%y_%x',
  fallbackPath: '/fallback/%s',
  extension: 'jpg',
  tileResolution: 512,
  maxLevel: 4,
  cubeResolution: 2560,
};

describe('tiles in pannellum’s layout', () => {
  it('are addressed as pannellum builds the address', () => {
    expect(tileUrl(multires, 1, 'f')).toBe('/media/tiles/abc/1/f0_0.jpg');
    expect(tileUrl(multires, 4, 'u', 3, 2)).toBe('/media/tiles/abc/4/u3_2.jpg');
  });

  it('the face a view looks at comes first', () => {
    const looking = (yaw: number, pitch: number) => facesInSight({ yaw, pitch, hfov: 50 }, 1)[0];
    expect([looking(0, 0), looking(90, 0), looking(-170, 10), looking(-80, -20), looking(30, 70), looking(0, -60)]).toEqual(['f', 'r', 'b', 'l', 'u', 'd']);
  });
});

describe('the faces a first view shows', () => {
  const sorted = (faces: string[]) => [...faces].sort();

  it('is the front face alone for a 90° view along it on a landscape frame', () => {
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 90 }, 16 / 9)).toEqual(['f']);
  });

  it('adds the side faces a wider view reaches, and the faces above and below a portrait phone sees', () => {
    expect(sorted(facesInSight({ yaw: 0, pitch: 0, hfov: 100 }, 16 / 9))).toEqual(['f', 'l', 'r']);
    expect(sorted(facesInSight({ yaw: 0, pitch: 0, hfov: 90 }, 390 / 844))).toEqual(['d', 'f', 'u']);
  });

  it('follows the yaw and the pitch', () => {
    expect(sorted(facesInSight({ yaw: 45, pitch: 0, hfov: 60 }, 1))).toEqual(['f', 'r']);
    expect(sorted(facesInSight({ yaw: 180, pitch: 0, hfov: 60 }, 1))).toEqual(['b']);
    expect(sorted(facesInSight({ yaw: -90, pitch: 60, hfov: 60 }, 1))).toEqual(['l', 'u']);
    expect(sorted(facesInSight({ yaw: 0, pitch: -90, hfov: 60 }, 1))).toEqual(['d']);
  });

  it('lists them by the share of the frame they fill; a face only touched at the frame’s edge is left out', () => {
    const [phone, desktop] = [390 / 844, 16 / 9];
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 100 }, phone)).toEqual(['f', 'u', 'd', 'l', 'r']);
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 100 }, desktop)).toEqual(['f', 'l', 'r']);
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 90 }, phone), 'the sides only touched at the edge').toEqual(['f', 'u', 'd']);
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 90 }, desktop)).toEqual(['f']);
    expect(facesInSight({ yaw: 180, pitch: -60, hfov: 90 }, desktop), 'looking down, the bottom corners reach the sides').toEqual(['d', 'b', 'l', 'r']);
    expect(facesInSight({ yaw: 135, pitch: 0, hfov: 60 }, desktop), 'a corner of the cube ahead').toEqual(['b', 'r']);
    expect(facesInSight({ yaw: 0, pitch: 0, hfov: 170 }, desktop), 'pannellum’s widest view, 120°').toEqual(
      facesInSight({ yaw: 0, pitch: 0, hfov: 120 }, desktop),
    );
  });
});

function tourWith(images: Tour['images']): Tour {
  return {
    ...tourInputSchema.parse({ name: 'Loft' }),
    images,
    id: 1,
    userId: 1,
    shortId: 'loft',
    type: 'free',
    whiteLabelStatusCode: '',
    teamId: null,
    floorplans: [],
    owner: null,
    revision: 1,
  };
}

const page = (tour: Tour) => renderPublicTourPage({ tour, shortId: 'loft', origin: 'https://tours.example', open: true, siteName: 'Tours', language: 'en' });

describe('the tour page', () => {
  it('preloads the coarsest tiles of the faces the first view draws, per orientation, fetched as the viewer will (without credentials)', () => {
    const link = (face: string, media?: string) =>
      `<link rel="preload" as="image" crossorigin="anonymous" href="/media/tiles/abc/1/${face}0_0.jpg"${media ? ` media="(orientation: ${media})"` : ''}>`;
    const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g);
    const facing = (yaw: number, cameraZoom: number | null) =>
      tourWith([{ ...imageSchema.parse({ id: 'a', cameraPosition: { yaw, pitch: 0 }, cameraZoom }), multires }]);
    expect(preloads(page(facing(95, null))), 'the right face, and the back past its edge').toEqual([
      link('r'),
      link('u', 'portrait'),
      link('d', 'portrait'),
      link('b'),
    ]);
    // An upright phone at 100° sees five faces and gets the four filling most of it; a desktop the front and sides.
    expect(preloads(page(facing(0, 100)))).toEqual([link('f'), link('u', 'portrait'), link('d', 'portrait'), link('l'), link('r', 'landscape')]);
  });

  it('preloads nothing for a scene without tiles, nor for another scene’s tiles', () => {
    const plain = imageSchema.parse({ id: 'a', url: '/media/tours/a.jpg' });
    expect(page(tourWith([plain, { ...imageSchema.parse({ id: 'b' }), multires }]))).not.toContain('rel="preload"');
  });

  it('writes a tile address as text, never markup', () => {
    const scene = { ...imageSchema.parse({ id: 'a' }), multires: { ...multires, basePath: '/x"><script>alert(1)</script>' } };
    const html = page(tourWith([scene]));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('href="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;/1/f0_0.jpg"');
  });
});
