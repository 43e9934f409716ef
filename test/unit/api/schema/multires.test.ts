import { describe, expect, it } from 'vitest';
import { faceInSight, facesInSight, tileUrl } from '../../../../api/schema/multires';
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

  it('the face a view looks at', () => {
    expect([faceInSight(0, 0), faceInSight(90, 0), faceInSight(-170, 10), faceInSight(-80, -20), faceInSight(30, 70), faceInSight(0, -60)]).toEqual([
      'f',
      'r',
      'b',
      'l',
      'u',
      'd',
    ]);
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
  it('preloads the coarsest tile the opening scene faces, fetched as the viewer will (without credentials)', () => {
    const scene = { ...imageSchema.parse({ id: 'a', cameraPosition: { yaw: 95, pitch: 0 } }), multires };
    expect(page(tourWith([scene]))).toContain('<link rel="preload" as="image" crossorigin="anonymous" href="/media/tiles/abc/1/r0_0.jpg">');
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
