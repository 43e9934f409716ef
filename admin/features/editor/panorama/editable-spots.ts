import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import type { YawPitch } from '../../../../api/schema/coords';
import type { Hotspot, Infospot } from '../../../../api/schema/tour';
import { inEnglish, onActivate, renderSceneHotspot, spotLabels, TAP_SLOP_PX } from '../../../../embed/panorama';

export interface SpotHandlers {
  /** The spot's id, kept on its element so the editor can give focus back to it once it is drawn again. */
  spotId: string;
  /** The viewer the spot is drawn in; it turns a drop position into a direction. */
  viewer: PannellumViewer;
  onEdit: () => void;
  onMove: (at: YawPitch) => void;
  /** An arrow key turns the spot by this many degrees. */
  onNudge: (by: YawPitch) => void;
}

/** Degrees an arrow key turns a spot; with Shift, NUDGE_BIG_DEG. */
export const NUDGE_DEG = 1;
export const NUDGE_BIG_DEG = 10;
const ARROWS: Record<string, YawPitch> = {
  ArrowLeft: { yaw: -1, pitch: 0 },
  ArrowRight: { yaw: 1, pitch: 0 },
  ArrowUp: { yaw: 0, pitch: 1 },
  ArrowDown: { yaw: 0, pitch: -1 },
};

/**
 * Dragging a spot moves its element with the pointer and reports the direction under the drop. The element's
 * own tap handler (onActivate) still opens it: a press that moved less than the tap slop is not a drag.
 */
function draggable(anchor: HTMLElement, { viewer, onMove }: SpotHandlers): void {
  // Without it a finger drag on the spot scrolls the page and the browser cancels the pointer.
  (anchor.firstElementChild as HTMLElement).style.touchAction = 'none';
  // Capture phase: onActivate stops pointerdown on the element itself, so it never bubbles up to the anchor.
  anchor.addEventListener(
    'pointerdown',
    (down) => {
      if (down.button !== 0) return;
      const face = anchor.firstElementChild as HTMLElement;
      let dragging = false;
      const move = (event: PointerEvent) => {
        const dx = event.clientX - down.clientX;
        const dy = event.clientY - down.clientY;
        dragging ||= Math.hypot(dx, dy) >= TAP_SLOP_PX;
        if (dragging) face.style.translate = `${dx}px ${dy}px`;
      };
      const up = (event: PointerEvent) => {
        window.removeEventListener('pointermove', move, true);
        window.removeEventListener('pointerup', up, true);
        window.removeEventListener('pointercancel', up, true);
        face.style.translate = '';
        if (!dragging || event.type === 'pointercancel') return;
        const [pitch, yaw] = viewer.mouseEventToCoords(event);
        onMove({ yaw, pitch });
      };
      // Capture on window: the element stops pointerup from bubbling, and it is under the pointer at the drop.
      window.addEventListener('pointermove', move, true);
      window.addEventListener('pointerup', up, true);
      window.addEventListener('pointercancel', up, true);
    },
    { capture: true },
  );
}

/** A focused spot moves with the arrow keys, as a drag would move it. */
function nudgeable(anchor: HTMLElement, { onNudge }: SpotHandlers): void {
  anchor.querySelector('button')!.setAttribute('aria-keyshortcuts', Object.keys(ARROWS).join(' '));
  anchor.addEventListener('keydown', (event) => {
    // pannellum zooms in while Shift is down and turns the view on the arrow keys that reach its container: on a
    // spot they move the spot instead (Shift for a bigger step).
    if (event.key === 'Shift') event.stopPropagation();
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    event.stopPropagation();
    const step = event.shiftKey ? NUDGE_BIG_DEG : NUDGE_DEG;
    onNudge({ yaw: arrow.yaw * step, pitch: arrow.pitch * step });
  });
}

/** What every editable spot can do besides opening its form: be dragged or moved by keys, and be found again. */
function movable(anchor: HTMLDivElement, handlers: SpotHandlers): void {
  anchor.dataset.spotId = handlers.spotId;
  draggable(anchor, handlers);
  nudgeable(anchor, handlers);
}

/** A scene link as the viewer draws it, which the owner taps to edit and drags (or arrow keys) to move. */
export function renderEditableHotspot(anchor: HTMLDivElement, hotspot: Hotspot, handlers: SpotHandlers): void {
  renderSceneHotspot(anchor, hotspot, location.origin, spotLabels(anchor, inEnglish), handlers.onEdit);
  anchor.querySelector('button')!.setAttribute('aria-label', `Edit hotspot to ${hotspot.image.title || 'a scene'}`);
  movable(anchor, handlers);
}

/** An info spot; in the editor every type opens its form (the viewer would open links and show short text). */
export function renderEditableInfospot(anchor: HTMLDivElement, spot: Infospot, handlers: SpotHandlers): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `tv-infospot-button tv-infospot-button--${spot.dataType}`;
  button.dataset.infospotId = spot.id;
  button.setAttribute('aria-label', `Edit infospot ${spot.data.previewText || spot.data.url}`.trim());
  button.textContent = 'i';
  onActivate(button, handlers.onEdit);
  anchor.append(button);
  movable(anchor, handlers);
}
