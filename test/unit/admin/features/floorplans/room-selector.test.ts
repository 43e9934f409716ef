import { describe, expect, it } from 'vitest';
import {
  deleteLink,
  primaryLabel,
  saveLink,
  selectorHeader,
  selectorPosition,
  type SelectorMode,
} from '../../../../../admin/features/floorplans/room-selector';

const spot = { id: 'h1', coords: { x: 10, y: 20 }, destinationSceneId: 'hall', destinationTitle: 'Hall' };
const fresh: SelectorMode = { kind: 'new', coords: { x: 50, y: 50 } };
const editing: SelectorMode = { kind: 'edit', hotspot: spot };

describe('the link-to-rooms selector', () => {
  it('opens at the click but keeps its 400×220 box within 23 px of the image edges', () => {
    const image = { width: 800, height: 500 };
    expect(selectorPosition({ x: 100, y: 100 }, image)).toEqual({ left: 100, top: 100 });
    expect(selectorPosition({ x: 5, y: 2 }, image)).toEqual({ left: 23, top: 23 });
    expect(selectorPosition({ x: 790, y: 490 }, image)).toEqual({ left: 800 - 400 - 23, top: 500 - 220 - 23 });
  });

  it('names itself and its primary button as specified', () => {
    expect(selectorHeader(fresh)).toBe('Select room to link');
    expect(selectorHeader(editing)).toBe('Edit linked rooms');
    expect(primaryLabel(fresh, null)).toBe('Cancel');
    expect(primaryLabel(fresh, 'hall')).toBe('Save');
    expect(primaryLabel(editing, 'hall')).toBe('Update');
  });

  it('adds, relinks and deletes floor-plan hotspots', () => {
    const added = saveLink([spot], fresh, { id: 'kitchen', title: 'Kitchen' });
    expect(added[1]).toMatchObject({ coords: { x: 50, y: 50 }, destinationSceneId: 'kitchen', destinationTitle: 'Kitchen' });
    expect(saveLink([spot], editing, { id: 'garden', title: 'Garden' })).toEqual([{ ...spot, destinationSceneId: 'garden', destinationTitle: 'Garden' }]);
    expect(deleteLink(added, 'h1').map((s) => s.destinationSceneId)).toEqual(['kitchen']);
  });
});
