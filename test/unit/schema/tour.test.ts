import { describe, expect, it } from 'vitest';
import { findTourProblems, imageSchema, infospotSchema, tourInputSchema, titleFromFileName } from '../../../api/schema/tour';

const scene = (id: string, links: string[] = []) =>
  imageSchema.parse({ id, title: id, hotspots: links.map((to) => ({ image: { id: to }, coords: { x: 0, y: 0, z: -1 } })) });

describe('tour schema', () => {
  it("fills SPEC.md's defaults for a new tour", () => {
    const tour = tourInputSchema.parse({});
    expect(tour).toMatchObject({
      defaultHotspotStyle: 2,
      privacy: 'Public',
      theme: 'classic',
      config: {
        enableRibbon: true,
        tinyPlanet: false,
        hideRibbonAtStart: false,
        audioHotspots: false,
        lockHorizontalFov: false,
        autoRotate: true,
        toggleHotspots: false,
      },
    });
  });

  it('falls back to hotspot style 2 and privacy Public on unknown values', () => {
    const tour = tourInputSchema.parse({ defaultHotspotStyle: 9, privacy: 'Secret' });
    expect(tour.defaultHotspotStyle).toBe(2);
    expect(tour.privacy).toBe('Public');
  });

  it('adds http:// to a hyperlink infospot without a scheme', () => {
    const spot = infospotSchema.parse({ coords: { x: 1, y: 0, z: 0 }, dataType: 'hyperLink', data: { url: 'example.com/a' } });
    expect(spot.data.url).toBe('http://example.com/a');
    const secure = infospotSchema.parse({ coords: { x: 1, y: 0, z: 0 }, dataType: 'hyperLink', data: { url: 'https://x.org' } });
    expect(secure.data.url).toBe('https://x.org');
  });

  it('titles a scene after its file name without the picture extension', () => {
    expect(titleFromFileName('Living room.JPEG')).toBe('Living room');
    expect(titleFromFileName('garden.png')).toBe('garden');
    expect(titleFromFileName('plan.webp')).toBe('plan.webp');
  });

  it('reports a link to a missing scene as an error and an unreachable scene as a warning', () => {
    const problems = findTourProblems({ images: [scene('a', ['b', 'ghost']), scene('b', ['a']), scene('c')] });
    expect(problems).toEqual([
      expect.objectContaining({ level: 'error', path: 'images.0.hotspots.1' }),
      expect.objectContaining({ level: 'warning', path: 'images.2' }),
    ]);
  });
});
