import type { Floorplan, FloorplanHotspot } from '../../../api/schema/tour';

/** The room selector popup is 400×220 px and stays within 23 px of the image edges. */
export const SELECTOR_SIZE_PX = { width: 400, height: 220 };
export const SELECTOR_EDGE_PX = 23;
/** Destination titles this long get the wide title box. */
export const WIDE_TITLE_CHARS = 20;

/** Where the selector opens for a click at (x, y) px on an image of the given size. */
export function selectorPosition(click: { x: number; y: number }, image: { width: number; height: number }): { left: number; top: number } {
  const clamp = (value: number, size: number, room: number) => Math.max(SELECTOR_EDGE_PX, Math.min(value, room - size - SELECTOR_EDGE_PX));
  return { left: clamp(click.x, SELECTOR_SIZE_PX.width, image.width), top: clamp(click.y, SELECTOR_SIZE_PX.height, image.height) };
}

export type SelectorMode = { kind: 'new'; coords: { x: number; y: number } } | { kind: 'edit'; hotspot: FloorplanHotspot };

export function selectorHeader(mode: SelectorMode): string {
  return mode.kind === 'edit' ? 'Edit linked rooms' : 'Select room to link';
}

/** Cancel until a room is chosen; then Save for a new link or Update for an existing one. */
export function primaryLabel(mode: SelectorMode, chosenSceneId: string | null): 'Cancel' | 'Save' | 'Update' {
  if (!chosenSceneId) return 'Cancel';
  return mode.kind === 'edit' ? 'Update' : 'Save';
}

export function saveLink(hotspots: FloorplanHotspot[], mode: SelectorMode, scene: { id: string; title: string }): FloorplanHotspot[] {
  if (mode.kind === 'edit') {
    return hotspots.map((spot) => (spot.id === mode.hotspot.id ? { ...spot, destinationSceneId: scene.id, destinationTitle: scene.title } : spot));
  }
  return [...hotspots, { id: crypto.randomUUID(), coords: mode.coords, destinationSceneId: scene.id, destinationTitle: scene.title }];
}

export function deleteLink(hotspots: FloorplanHotspot[], hotspotId: string): FloorplanHotspot[] {
  return hotspots.filter((spot) => spot.id !== hotspotId);
}

/**
 * The floor plans with only the rooms whose scene is among `sceneIds`. A plan that loses nothing is the same
 * object, so a caller finds the plans to write by identity.
 */
export function keepRoomsIn(floorplans: Floorplan[], sceneIds: ReadonlySet<string>): Floorplan[] {
  return floorplans.map((plan) =>
    plan.hotspots.every((spot) => sceneIds.has(spot.destinationSceneId))
      ? plan
      : { ...plan, hotspots: plan.hotspots.filter((spot) => sceneIds.has(spot.destinationSceneId)) },
  );
}
