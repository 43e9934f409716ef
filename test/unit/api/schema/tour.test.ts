import { describe, expect, it } from 'vitest';
import { findTourProblems, imageSchema, infospotSchema, tourConfigSchema, tourInputSchema, titleFromFileName } from '../../../../api/schema/tour';

const scene = (id: string, links: string[] = []) =>
  imageSchema.parse({ id, title: id, hotspots: links.map((to) => ({ image: { id: to }, coords: { x: 0, y: 0, z: -1 } })) });

describe('tour schema', () => {
  it("fills the product's defaults for a new tour", () => {
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

  it('reports a link to a missing scene as an error and, with the reel hidden, an unreachable scene as a warning', () => {
    const images = [scene('a', ['b', 'ghost']), scene('b', ['a']), scene('c')];
    const problems = findTourProblems({ images, config: tourConfigSchema.parse({ enableRibbon: false }) });
    expect(problems).toEqual([
      expect.objectContaining({ level: 'error', path: 'images.0.hotspots.1' }),
      expect.objectContaining({ level: 'warning', path: 'images.2' }),
    ]);
    // The reel shown reaches every scene: a tour not linked yet is not wrong.
    expect(findTourProblems({ images, config: tourConfigSchema.parse({}) })).toEqual([expect.objectContaining({ level: 'error' })]);
  });

  it('warns of a floor-plan room whose scene is gone rather than refusing the tour for it', () => {
    const plan = { floorplanId: 'p', name: 'Ground', url: '', thumbUrl: '', tourId: 1, sortOrder: 0, uploaded: true };
    const hotspots = [{ id: 'r', coords: { x: 1, y: 1 }, destinationSceneId: 'gone', destinationTitle: 'Gone' }];
    expect(findTourProblems({ images: [scene('a')], config: tourConfigSchema.parse({}) }, [{ ...plan, hotspots }])).toEqual([
      { level: 'warning', path: 'floorplans.0.hotspots.0', message: 'Floor plan "Ground" links to a room that does not exist.' },
    ]);
  });

  it('reads contacts, leadgen, config and images sent as JSON text, as they were stored', () => {
    const tour = tourInputSchema.parse({
      contacts: JSON.stringify({ person: 'Ann', email: 'ann@example.com', number: '555' }),
      leadgen: '{"enabled":true,"message":"Hi"}',
      config: '{"autoRotate":false}',
      images: '[{"title":"Hall"}]',
    });
    expect(tour.contacts).toEqual({ person: 'Ann', email: 'ann@example.com', number: '555' });
    expect(tour.leadgen).toEqual({ enabled: true, message: 'Hi' });
    expect(tour.config.autoRotate).toBe(false);
    expect(tour.config.enableRibbon).toBe(true);
    expect(tour.images[0].title).toBe('Hall');
    expect(tourInputSchema.safeParse({ contacts: 'Ann, 555' }).success).toBe(false);
  });

  it('gives scenes, links and info spots an id when they come without one', () => {
    const image = imageSchema.parse({
      hotspots: [{ image: { id: 'b' }, coords: { x: 0, y: 0, z: -1 } }],
      infospots: [{ coords: { x: 1, y: 0, z: 0 }, dataType: 'shrt' }],
    });
    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.hotspots[0].id).not.toBe(image.id);
    expect(image.infospots[0].id).toBeTruthy();
    expect(imageSchema.parse({ id: 'kept' }).id).toBe('kept');
  });
});
