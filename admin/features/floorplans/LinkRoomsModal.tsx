import { useRef, useState, type MouseEvent } from 'react';
import type { Floorplan, FloorplanHotspot, SceneAnswer } from '../../../api/schema/tour';
import { Modal } from '../../components/Modal';
import { deleteLink, primaryLabel, saveLink, selectorHeader, selectorPosition, WIDE_TITLE_CHARS, type SelectorMode } from './room-selector';
import { ModernPicture } from '../../components/ModernPicture';

export interface LinkRoomsModalProps {
  plan: Floorplan;
  scenes: Pick<SceneAnswer, 'id' | 'title' | 'thumbUrl' | 'formats'>[];
  onChange: (hotspots: FloorplanHotspot[]) => void;
  onClose: () => void;
}

/** Floor-plan link-to-rooms modal, editable: click an empty spot to link a room, a hotspot to edit it. */
export function LinkRoomsModal({ plan, scenes, onChange, onClose }: LinkRoomsModalProps) {
  const image = useRef<HTMLImageElement>(null);
  const [mode, setMode] = useState<SelectorMode | null>(null);
  const [position, setPosition] = useState({ left: 0, top: 0 });
  const [chosen, setChosen] = useState<string | null>(null);

  function open(next: SelectorMode, event: MouseEvent) {
    const box = image.current!.getBoundingClientRect();
    setPosition(selectorPosition({ x: event.clientX - box.left, y: event.clientY - box.top }, box));
    setMode(next);
    setChosen(next.kind === 'edit' ? next.hotspot.destinationSceneId : null);
  }

  function onImageClick(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const coords = { x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 };
    open({ kind: 'new', coords }, event);
  }

  function primary() {
    const scene = scenes.find((candidate) => candidate.id === chosen);
    if (mode && scene) onChange(saveLink(plan.hotspots, mode, scene));
    setMode(null);
  }

  return (
    <Modal title={`Link rooms on ${plan.name}`} hideTitle width="auto" height="auto" className="ad-link-rooms" onClose={onClose}>
      <div className="ad-plan">
        <img ref={image} src={plan.url} alt={plan.name} onClick={onImageClick} />
        {plan.hotspots.map((spot) => (
          <button
            key={spot.id}
            type="button"
            className={`ad-plan__spot${spot.destinationTitle.length >= WIDE_TITLE_CHARS ? ' ad-plan__spot--wide' : ''}`}
            style={{ left: `${spot.coords.x}%`, top: `${spot.coords.y}%` }}
            aria-label={`Linked to ${spot.destinationTitle}`}
            onClick={(event) => open({ kind: 'edit', hotspot: spot }, event)}
          >
            <span className="ad-plan__title">{spot.destinationTitle}</span>
          </button>
        ))}
        {mode && (
          <div className="ad-selector" role="group" aria-label={selectorHeader(mode)} style={position}>
            <h3>{selectorHeader(mode)}</h3>
            <ul className="ad-selector__rooms">
              {scenes.map((scene) => (
                <li key={scene.id}>
                  <button type="button" aria-pressed={chosen === scene.id} onClick={() => setChosen(scene.id)}>
                    {scene.thumbUrl && <ModernPicture scene={scene} picture="thumbUrl" />}
                    <span>{scene.title}</span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="ad-selector__actions">
              {mode.kind === 'edit' && (
                <button
                  type="button"
                  className="ad-link ad-link--danger"
                  onClick={() => {
                    onChange(deleteLink(plan.hotspots, mode.hotspot.id));
                    setMode(null);
                  }}
                >
                  Delete
                </button>
              )}
              <button type="button" className="ad-button" onClick={primary}>
                {primaryLabel(mode, chosen)}
              </button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
