import { useRef } from 'react';
import type { Floorplan } from '../../api/schema/tour';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import { partsCss } from '../styles/parts';
import { useMediaUrl } from '../viewer/api-origin-context';
import { Modal } from './Modal';

/** A horizontal strip of floor plans (180 px tiles, panel up to 593×150). */
export function FloorplanPanel({ floorplans, onOpen }: { floorplans: Floorplan[]; onOpen: (floorplanId: string) => void }) {
  const mediaUrl = useMediaUrl();
  const panel = useRef<HTMLDivElement>(null);
  useAdoptedStyles(panel, partsCss);
  return (
    <div ref={panel} className="tv-floorplans" role="list" aria-label="Floor plans">
      {floorplans.map((plan) => (
        <button key={plan.floorplanId} type="button" role="listitem" className="tv-floorplans__tile" onClick={() => onOpen(plan.floorplanId)}>
          <img src={mediaUrl(plan.thumbUrl || plan.url)} alt="" />
          <span>{plan.name}</span>
        </button>
      ))}
    </div>
  );
}

/** The read-only link-to-rooms modal: a click on a room jumps to its scene. */
export function FloorplanModal({ plan, onRoom, onClose }: { plan: Floorplan; onRoom: (sceneId: string) => void; onClose: () => void }) {
  const mediaUrl = useMediaUrl();
  return (
    <Modal title={plan.name || 'Floor plan'} onClose={onClose} className="tv-floorplan-modal">
      <div className="tv-floorplan">
        <img src={mediaUrl(plan.url)} alt={plan.name} />
        {plan.hotspots.map((spot) => (
          <button
            key={spot.id}
            type="button"
            className="tv-floorplan__room"
            style={{ left: `${spot.coords.x}%`, top: `${spot.coords.y}%` }}
            data-scene-id={spot.destinationSceneId}
            aria-label={`Go to ${spot.destinationTitle || 'room'}`}
            title={spot.destinationTitle}
            onClick={() => onRoom(spot.destinationSceneId)}
          />
        ))}
      </div>
    </Modal>
  );
}
