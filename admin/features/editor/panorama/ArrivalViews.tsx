import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { YawPitch } from '../../../../api/schema/coords';
import { useConfirm } from '../../../components/ConfirmModal';
import { useEditorStore, useEditorTour } from '../editor-context';
import { changeTour } from '../editor-store';
import { removeArrivalView, setArrivalView } from '../tour-edits';

export interface ArrivalViewsProps {
  sceneId: string;
  /** Where the editor's panorama looks now. */
  currentView: () => YawPitch | null;
}

/**
 * Starting views for arrivals from a given scene (initialViewOverrides): coming from the garden a visitor should
 * face the garden door, whatever the scene's own initial view is.
 */
export function ArrivalViews({ sceneId, currentView }: ArrivalViewsProps) {
  const store = useEditorStore();
  const tour = useEditorTour();
  const scene = tour.images.find((image) => image.id === sceneId)!;
  const others = tour.images.filter((image) => image.id !== sceneId);
  const [fromId, setFromId] = useState('');
  const confirm = useConfirm();
  const from = others.find((image) => image.id === fromId) ?? others[0];
  const titleOf = (id: string) => others.find((image) => image.id === id)?.title ?? 'a removed scene';
  if (!from) return null;

  function setFromCurrentView() {
    const view = currentView();
    if (!view) return;
    changeTour(store, (current) => setArrivalView(current, sceneId, from.id, view));
    toast.success(`Visitors coming from ${from.title} now start at this view.`);
  }

  return (
    <section className="ad-arrivals" aria-label="Starting views for arrivals">
      <label>
        Coming from{' '}
        <select value={from.id} onChange={(event) => setFromId(event.target.value)}>
          {others.map((image) => (
            <option key={image.id} value={image.id}>
              {image.title}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="ad-button ad-button--plain" onClick={setFromCurrentView}>
        Start here
      </button>
      {scene.initialViewOverrides.length > 0 && (
        <ul className="ad-arrivals__list">
          {scene.initialViewOverrides.map((entry) => (
            <li key={entry.id}>
              From {titleOf(entry.id)}: yaw {Math.round(entry.cameraPosition.yaw)}°, pitch {Math.round(entry.cameraPosition.pitch)}°
              <button
                type="button"
                className="ad-link ad-link--danger"
                onClick={() =>
                  confirm.ask(`Remove the starting view for visitors coming from ${titleOf(entry.id)}?`, () =>
                    changeTour(store, (current) => removeArrivalView(current, sceneId, entry.id)),
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {confirm.modal}
    </section>
  );
}
