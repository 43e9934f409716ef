import '../i18n/en-parts';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Floorplan } from '../../api/schema/tour';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import { partsCss } from '../styles/parts';
import { useMessages } from '../i18n/i18n-context';
import { useMediaUrl } from '../viewer/api-origin-context';
import { Modal } from './Modal';

/** A horizontal strip of floor plans (180 px tiles, panel up to 593×150). */
export function FloorplanPanel({ floorplans, onOpen }: { floorplans: Floorplan[]; onOpen: (floorplanId: string) => void }) {
  const mediaUrl = useMediaUrl();
  const panel = useRef<HTMLDivElement>(null);
  useAdoptedStyles(panel, partsCss);
  const { t } = useMessages();
  return (
    <div ref={panel} className="tv-floorplans" role="list" aria-label={t('floorPlans')}>
      {floorplans.map((plan) => (
        <button key={plan.floorplanId} type="button" role="listitem" className="tv-floorplans__tile" onClick={() => onOpen(plan.floorplanId)}>
          <img src={mediaUrl(plan.thumbUrl || plan.url)} alt="" />
          <span dir="auto">{plan.name}</span>
        </button>
      ))}
    </div>
  );
}

/** Keys that move along the plan's rooms, and how far. */
const ROOM_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The read-only link-to-rooms modal: a click on a room jumps to its scene, and the room the visitor stands in says
 * "You are here". The rooms are one Tab stop (the current room, else the first) and the arrow keys move between
 * them, so a plan of many rooms is not a long walk of Tabs.
 */
export function FloorplanModal({
  plan,
  sceneId,
  onRoom,
  onClose,
}: {
  plan: Floorplan;
  sceneId: string;
  onRoom: (sceneId: string) => void;
  onClose: () => void;
}) {
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();
  const here = plan.hotspots.findIndex((spot) => spot.destinationSceneId === sceneId);
  const [active, setActive] = useState(Math.max(here, 0));
  const rooms = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const step = ROOM_KEYS[event.key];
    if (!step || plan.hotspots.length === 0) return;
    event.preventDefault();
    const next = step(active, plan.hotspots.length);
    setActive(next);
    rooms.current?.querySelectorAll<HTMLElement>('.tv-floorplan__room')[next]?.focus();
  };
  return (
    <Modal title={plan.name || t('floorPlan')} ownTitle={!!plan.name} onClose={onClose} className="tv-floorplan-modal">
      <div className="tv-floorplan" ref={rooms} role="group" aria-label={t('rooms')} onKeyDown={move}>
        <img src={mediaUrl(plan.url)} alt={plan.name} />
        {plan.hotspots.map((spot, index) => (
          <button
            key={spot.id}
            type="button"
            className={`tv-floorplan__room${index === here ? ' tv-floorplan__room--here' : ''}`}
            style={{ left: `${spot.coords.x}%`, top: `${spot.coords.y}%` }}
            data-scene-id={spot.destinationSceneId}
            aria-label={t('goTo', { place: spot.destinationTitle || t('room') })}
            aria-current={index === here ? 'location' : undefined}
            tabIndex={index === active ? 0 : -1}
            title={spot.destinationTitle}
            onFocus={() => setActive(index)}
            onClick={() => onRoom(spot.destinationSceneId)}
          >
            {index === here && <span className="tv-floorplan__here">{t('youAreHere')}</span>}
          </button>
        ))}
      </div>
    </Modal>
  );
}
