import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'react-toastify/unstyled';
import { coordsToYawPitch, type YawPitch } from '../../../../api/schema/coords';
import type { Hotspot, Infospot, Tour } from '../../../../api/schema/tour';
import { adoptViewerStyles, Panorama, sceneHotspots, TAP_SLOP_PX, type PanoramaHandle } from '../../../../embed/panorama';
import { renderEditableHotspot, renderEditableInfospot, type SpotHandlers } from './editable-spots';
import { moveSpot, nudgeSpot, placeHotspot, placeInfospot, removeSpot, setInitialView, spotDirection, updateHotspot, updateInfospot } from '../tour-edits';
import { ArrivalViews } from './ArrivalViews';
import { useEditorStore, useEditorTour } from '../editor-context';
import { changeTour } from '../editor-store';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { HotspotForm } from './HotspotForm';
import { InfospotForm } from './InfospotForm';

const ZOOM_STEP_DEG = 10;
const ZOOM_TWEEN_MS = 300;
/** Room kept between the add menu and the panorama's edge (the menu sits 8 px off the pointer). */
const CHOOSER_MARGIN_PX = 16;

type Editing =
  | { kind: 'choose'; at: YawPitch; x: number; y: number }
  | { kind: 'hotspot'; at: YawPitch; hotspot?: Hotspot }
  | { kind: 'infospot'; at: YawPitch; spot?: Infospot }
  | { kind: 'delete'; spotId: string; what: string };

/**
 * The tour as the editor's pannellum sees it: only the shown scene, without its spots (the editor adds those, so
 * an edit never rebuilds the viewer) and without auto-rotation. It changes only when another scene is shown or
 * the shown scene's picture changes: adding scenes or setting an initial view keeps the viewer and the owner's view.
 */
function useShownSceneTour(tour: Tour, sceneId: string): Tour {
  const shown = tour.images.find((image) => image.id === sceneId)!;
  const key = JSON.stringify([shown.id, shown.url, shown.mobileUrl, shown.isNotEquirect]);
  const kept = useRef<{ key: string; tour: Tour }>(null);
  if (kept.current?.key !== key) {
    kept.current = { key, tour: { ...tour, config: { ...tour.config, autoRotate: false }, images: [{ ...shown, hotspots: [], infospots: [] }] } };
  }
  return kept.current.tour;
}

export interface EditorPanoramaProps {
  /** One of the tour's scenes. */
  sceneId: string;
}

/**
 * The editor's panorama: the viewer's own pannellum canvas (in a shadow root with the viewer's styles), where a
 * click places a hotspot or an infospot, a spot is tapped to edit and dragged to move, and the current view can
 * become the scene's initial view.
 */
export function EditorPanorama({ sceneId }: EditorPanoramaProps) {
  const store = useEditorStore();
  const tour = useEditorTour();
  const frame = useRef<HTMLDivElement>(null);
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  const handle = useRef<PanoramaHandle | null>(null);
  const [loadedScene, setLoadedScene] = useState<string | null>(null);
  /** The spot ids this component added to the current pannellum build. */
  const added = useRef<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  /** Where the last arrow key moved a spot, for screen readers. */
  const [nudged, setNudged] = useState('');
  const chooser = useRef<HTMLDivElement>(null);
  const shownOnly = useShownSceneTour(tour, sceneId);
  const image = tour.images.find((candidate) => candidate.id === sceneId);

  useEffect(() => {
    const host = frame.current!.querySelector<HTMLElement>('.ad-pano__view')!;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    // As constructed stylesheets: the admin page's Content-Security-Policy applies no <style> elements.
    adoptViewerStyles(root);
    setShadow(root);
  }, []);

  // A click (not a drag) on the panorama offers to place something there. Spots stop their own presses.
  useEffect(() => {
    const host = frame.current!.querySelector<HTMLElement>('.ad-pano__view')!;
    let down: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      down = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
    };
    const onUp = (event: PointerEvent) => {
      const viewer = handle.current?.viewer;
      const tapped = down && Math.hypot(event.clientX - down.x, event.clientY - down.y) < TAP_SLOP_PX;
      down = null;
      if (!tapped || !viewer?.isLoaded()) return;
      const [pitch, yaw] = viewer.mouseEventToCoords(event);
      const box = frame.current!.getBoundingClientRect();
      setEditing({ kind: 'choose', at: { yaw, pitch }, x: event.clientX - box.left, y: event.clientY - box.top });
    };
    host.addEventListener('pointerdown', onDown);
    host.addEventListener('pointerup', onUp);
    return () => {
      host.removeEventListener('pointerdown', onDown);
      host.removeEventListener('pointerup', onUp);
    };
  }, []);

  // Draws the shown scene's spots again whenever they change (removing what this component drew before).
  useEffect(() => {
    const viewer = handle.current?.viewer;
    if (!viewer || !image || loadedScene !== sceneId || viewer.getScene() !== sceneId) return;
    // A spot moved by the arrow keys is drawn again: the keyboard stays on it.
    const focused = shadow!.activeElement?.closest<HTMLElement>('[data-spot-id]')?.dataset.spotId;
    for (const id of added.current) viewer.removeHotSpot(id, sceneId);
    const handlers = (spotId: string, edit: () => void): SpotHandlers => ({
      spotId,
      viewer,
      onEdit: edit,
      onMove: (at) => changeTour(store, (current) => moveSpot(current, sceneId, spotId, at)),
      onNudge: (by) => {
        // A held arrow key repeats, maybe before React renders again: the store's tour is already the newest.
        changeTour(store, (current) => nudgeSpot(current, sceneId, spotId, by));
        const at = spotDirection(store.tour!, sceneId, spotId)!;
        setNudged(`Moved to yaw ${Math.round(at.yaw)}°, pitch ${Math.round(at.pitch)}°.`);
      },
    });
    const spots = sceneHotspots(image, {
      renderHotspot: (div, hotspot) =>
        renderEditableHotspot(
          div,
          hotspot,
          handlers(hotspot.id, () => setEditing({ kind: 'hotspot', at: coordsToYawPitch(hotspot.coords), hotspot })),
        ),
      renderInfospot: (div, spot) =>
        renderEditableInfospot(
          div,
          spot,
          handlers(spot.id, () => setEditing({ kind: 'infospot', at: coordsToYawPitch(spot.coords), spot })),
        ),
    });
    for (const spot of spots) viewer.addHotSpot(spot, sceneId);
    added.current = spots.map((spot) => spot.id!);
    if (focused) shadow!.querySelector<HTMLElement>(`[data-spot-id="${CSS.escape(focused)}"] button`)?.focus();
  }, [loadedScene, sceneId, image, shadow, store]);

  // The panorama clips what overflows it: a menu opened near an edge moves inside.
  useLayoutEffect(() => {
    const menu = chooser.current;
    if (!menu || editing?.kind !== 'choose') return;
    const area = frame.current!.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(editing.x, area.width - menu.offsetWidth - CHOOSER_MARGIN_PX))}px`;
    menu.style.top = `${Math.max(0, Math.min(editing.y, area.height - menu.offsetHeight - CHOOSER_MARGIN_PX))}px`;
  }, [editing]);

  const viewer = () => handle.current?.viewer;
  const finish = (edit: (current: Tour) => Tour) => {
    changeTour(store, edit);
    setEditing(null);
  };
  const zoom = (by: number) => viewer()?.setHfov(viewer()!.getHfov() + by, ZOOM_TWEEN_MS);
  /** The keyboard's way to place a spot: in the middle of the current view. */
  const addAtCentre = () => {
    const shown = viewer();
    if (!shown?.isLoaded()) return;
    const box = frame.current!.querySelector('.ad-pano__view')!.getBoundingClientRect();
    setEditing({ kind: 'choose', at: { yaw: shown.getYaw(), pitch: shown.getPitch() }, x: box.width / 2, y: box.height / 2 });
  };
  const fullscreen = () => (document.fullscreenElement ? void document.exitFullscreen() : void frame.current!.requestFullscreen().catch(() => undefined));

  return (
    <div className="ad-edit-tour__view">
      <div ref={frame} className="ad-pano">
        <div className="ad-pano__view" data-testid="editor-panorama" />
        {shadow &&
          createPortal(
            <>
              <Panorama
                tour={shownOnly}
                apiOrigin={location.origin}
                sceneId={sceneId}
                allowLinks={false}
                onSceneChange={() => undefined}
                onSceneLoad={setLoadedScene}
                onError={(message) => toast.error(message)}
                onInfospot={() => undefined}
                onReady={(ready) => {
                  handle.current = ready;
                  added.current = [];
                  setLoadedScene(null);
                }}
              />
              <p className="tv-sr-only" role="status">
                {nudged}
              </p>
            </>,
            shadow,
          )}
        <div className="ad-pano__controls" role="toolbar" aria-label="Panorama controls">
          <button type="button" className="ad-pano__control" aria-label="Zoom in" title="Zoom in" onClick={() => zoom(-ZOOM_STEP_DEG)}>
            +
          </button>
          <button type="button" className="ad-pano__control" aria-label="Zoom out" title="Zoom out" onClick={() => zoom(ZOOM_STEP_DEG)}>
            −
          </button>
          <button type="button" className="ad-pano__control" aria-label="Full screen" title="Full screen" onClick={fullscreen}>
            ⤢
          </button>
          <button type="button" className="ad-button ad-button--plain" onClick={addAtCentre}>
            Add at centre
          </button>
          <button
            type="button"
            className="ad-button"
            onClick={() => {
              if (!handle.current) return;
              const view = handle.current.getView();
              changeTour(store, (current) => setInitialView(current, sceneId, view));
              toast.success('This view is now where the scene starts.');
            }}
          >
            Set initial view
          </button>
        </div>
        <p className="ad-pano__hint">Click in the panorama to add a hotspot or an infospot; drag one (or use the arrow keys) to move it, click it to edit.</p>
        {editing?.kind === 'choose' && (
          <div
            ref={chooser}
            className="ad-chooser"
            role="menu"
            aria-label="Add here"
            style={{ left: editing.x, top: editing.y }}
            onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
          >
            <button
              type="button"
              role="menuitem"
              autoFocus
              onClick={() => setEditing({ kind: 'hotspot', at: editing.at })}
              disabled={tour.images.length < 2}
              title={tour.images.length < 2 ? 'Add another scene to link to' : undefined}
            >
              Add hotspot
            </button>
            <button type="button" role="menuitem" onClick={() => setEditing({ kind: 'infospot', at: editing.at })}>
              Add infospot
            </button>
            <button type="button" role="menuitem" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        )}
        {editing?.kind === 'hotspot' && (
          <HotspotForm
            destinations={tour.images.filter((candidate) => candidate.id !== sceneId)}
            hotspot={editing.hotspot}
            defaults={{ style: tour.defaultHotspotStyle, customImageUrl: tour.defaultHotspotImage }}
            onCancel={() => setEditing(null)}
            onSave={(fields, wayBack) =>
              finish((current) =>
                editing.hotspot ? updateHotspot(current, sceneId, editing.hotspot.id, fields) : placeHotspot(current, sceneId, fields, editing.at, wayBack),
              )
            }
            onDelete={editing.hotspot && (() => setEditing({ kind: 'delete', spotId: editing.hotspot!.id, what: 'hotspot' }))}
          />
        )}
        {editing?.kind === 'infospot' && (
          <InfospotForm
            spot={editing.spot}
            onCancel={() => setEditing(null)}
            onSave={(fields) =>
              finish((current) =>
                editing.spot ? updateInfospot(current, sceneId, editing.spot.id, fields) : placeInfospot(current, sceneId, fields, editing.at),
              )
            }
            onDelete={editing.spot && (() => setEditing({ kind: 'delete', spotId: editing.spot!.id, what: 'infospot' }))}
          />
        )}
        {editing?.kind === 'delete' && (
          <ConfirmModal
            text={`Delete this ${editing.what}?`}
            onAgree={() => finish((current) => removeSpot(current, sceneId, editing.spotId))}
            onCancel={() => setEditing(null)}
          />
        )}
      </div>
      <ArrivalViews sceneId={sceneId} currentView={() => handle.current?.getView() ?? null} />
    </div>
  );
}
