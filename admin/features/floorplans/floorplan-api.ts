import type { Floorplan, FloorplanHotspot } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';

/** Writes a floor plan's rooms through its own route (hotspots travel as JSON text). */
export function saveRooms(plan: Floorplan, hotspots: FloorplanHotspot[] = plan.hotspots): Promise<Floorplan> {
  return api<Floorplan>('POST', `/floorplan/update/${plan.floorplanId}`, { hotspots: JSON.stringify(hotspots) });
}
