import { describe, expect, it } from 'vitest';
import { coordsToYawPitch } from '../../../../../api/schema/coords';
import { findTourProblems, tourInputSchema } from '../../../../../api/schema/tour';
import { initialView } from '../../../../../embed/panorama/scene-config';
import {
  addScene,
  moveScene,
  placeHotspot,
  removeArrivalView,
  removeScene,
  renameScene,
  sceneRemoval,
  sceneRemovalNotice,
  sceneRemovalQuestion,
  setArrivalView,
} from '../../../../../admin/features/editor/tour-edits';
import { picture } from './support/pictures';

function threeScenes() {
  let tour = tourInputSchema.parse({});
  tour = addScene(tour, picture('Hall.jpg'), 'a');
  tour = addScene(tour, picture('Kitchen.JPEG'), 'b');
  return addScene(tour, picture('garden.png'), 'c');
}

describe('editor operations', () => {
  it('adds scenes titled after their file names, valid for the server’s schema', () => {
    const tour = threeScenes();
    expect(tour.images.map((image) => image.title)).toEqual(['Hall', 'Kitchen', 'garden']);
    expect(tourInputSchema.safeParse(tour).success).toBe(true);
  });

  it('links two scenes both ways, the way back in the default hotspot style and facing behind', () => {
    const tour = placeHotspot(threeScenes(), 'a', { destinationId: 'b', style: 2, customImageUrl: '', rotation: 0 }, { yaw: 30, pitch: -5 }, true);
    const [there] = tour.images[0].hotspots;
    const [back] = tour.images[1].hotspots;
    expect(there).toMatchObject({ image: { id: 'b', title: 'Kitchen' }, style: 2 });
    expect(back.image.id).toBe('a');
    expect(coordsToYawPitch(back.coords).yaw).toBeCloseTo(-150, 6);
    expect(findTourProblems(tour).filter((problem) => problem.level === 'error')).toEqual([]);
  });

  it('removes a scene together with the links that led to it', () => {
    const tour = removeScene(placeHotspot(threeScenes(), 'a', { destinationId: 'b', style: 2, customImageUrl: '', rotation: 0 }, { yaw: 0, pitch: 0 }), 'b');
    expect(tour.images.map((image) => image.id)).toEqual(['a', 'c']);
    expect(tour.images[0].hotspots).toEqual([]);
    expect(findTourProblems(tour).filter((problem) => problem.level === 'error')).toEqual([]);
  });

  it('removes the floor-plan rooms that led to a removed scene, keeps other plans as they were, and names what went', () => {
    const room = (id: string, sceneId: string) => ({ id, coords: { x: 1, y: 1 }, destinationSceneId: sceneId, destinationTitle: '' });
    const plan = (name: string, hotspots: ReturnType<typeof room>[]) => ({
      floorplanId: name,
      name,
      url: '',
      thumbUrl: '',
      tourId: 1,
      hotspots,
      sortOrder: 0,
      uploaded: true,
    });
    const linked = placeHotspot(threeScenes(), 'a', { destinationId: 'b', style: 2, customImageUrl: '', rotation: 0 }, { yaw: 0, pitch: 0 }, true);
    const tour = { ...linked, floorplans: [plan('Ground floor', [room('r1', 'b'), room('r2', 'a')]), plan('Loft', [room('r3', 'c')])] };
    const removal = sceneRemoval(tour, 'b');
    expect(removal).toEqual({ title: 'Kitchen', hotspots: 1, rooms: [{ planName: 'Ground floor', count: 1 }] });
    expect(sceneRemovalQuestion(removal)).toBe('Delete scene "Kitchen"? 1 hotspot and 1 floor-plan room on "Ground floor" leading to it will be removed too.');
    expect(sceneRemovalNotice(removal)).toBe('Scene "Kitchen" deleted, with 1 hotspot and 1 floor-plan room on "Ground floor" that led to it.');
    expect(sceneRemovalNotice(sceneRemoval(tour, 'c'))).toBe('Scene "garden" deleted, with 1 floor-plan room on "Loft" that led to it.');

    const removed = removeScene(tour, 'b');
    expect(removed.floorplans[0].hotspots.map((spot) => spot.id)).toEqual(['r2']);
    expect(removed.floorplans[1], 'a plan that loses nothing is the same object').toBe(tour.floorplans[1]);
    expect(findTourProblems(removed, removed.floorplans)).toEqual([]);
  });

  it('reorders and renames scenes without touching the original', () => {
    const original = threeScenes();
    const moved = moveScene(original, 2, 0);
    expect(moved.images.map((image) => image.id)).toEqual(['c', 'a', 'b']);
    expect(original.images.map((image) => image.id)).toEqual(['a', 'b', 'c']);
    expect(renameScene(moved, 'a', 'Entrance').images[1].title).toBe('Entrance');
  });

  it('renames the links that lead to a renamed scene too', () => {
    const linked = placeHotspot(threeScenes(), 'a', { destinationId: 'b', style: 2, customImageUrl: '', rotation: 0 }, { yaw: 0, pitch: 0 }, true);
    const renamed = renameScene(linked, 'b', 'Galley');
    expect(renamed.images[0].hotspots[0].image.title).toBe('Galley');
    expect(renamed.images[1].hotspots[0].image.title).toBe('Hall');
  });

  it('gives a scene its own starting view for arrivals from another scene, which the viewer uses for those arrivals only', () => {
    let tour = setArrivalView(threeScenes(), 'b', 'a', { yaw: 190, pitch: -10 });
    tour = setArrivalView(tour, 'b', 'a', { yaw: 45, pitch: 5 });
    tour = setArrivalView(tour, 'b', 'c', { yaw: -90, pitch: 0 });
    const kitchen = tourInputSchema.parse(tour).images[1];
    expect(kitchen.initialViewOverrides).toEqual([
      { id: 'a', cameraPosition: { yaw: 45, pitch: 5 } },
      { id: 'c', cameraPosition: { yaw: -90, pitch: 0 } },
    ]);
    expect(initialView(kitchen, 'a')).toMatchObject({ yaw: 45, pitch: 5 });
    expect(initialView(kitchen)).toMatchObject({ yaw: 0, pitch: 0 });
    expect(setArrivalView(threeScenes(), 'b', 'a', { yaw: 190, pitch: 0 }).images[1].initialViewOverrides[0].cameraPosition.yaw).toBe(-170);
    expect(removeArrivalView(tour, 'b', 'a').images[1].initialViewOverrides.map((entry) => entry.id)).toEqual(['c']);
    expect(removeScene(tour, 'c').images[1].initialViewOverrides.map((entry) => entry.id)).toEqual(['a']);
  });
});
