import type { Floorplan, FloorplanHotspot } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';

/** A floor plan's write answers the plan and the tour's revision it raised. */
export type WrittenPlan = Floorplan & { revision: number };

/** Runs a floor-plan write between the tour's saves, taking the revision it answers (the editor's saver does this). */
export type BetweenSaves = <T extends { revision: number }>(write: () => Promise<T>) => Promise<T>;

/** Writes a floor plan's rooms through its own route (hotspots travel as JSON text). */
export function saveRooms(plan: Floorplan, hotspots: FloorplanHotspot[] = plan.hotspots): Promise<WrittenPlan> {
  return api<WrittenPlan>('POST', `/floorplan/update/${plan.floorplanId}`, { hotspots: JSON.stringify(hotspots) });
}
