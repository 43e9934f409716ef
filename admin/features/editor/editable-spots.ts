import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import type { YawPitch } from '../../../api/schema/coords';
import type { Hotspot, Infospot } from '../../../api/schema/tour';
import { onActivate, TAP_SLOP_PX } from '../../../embed/panorama/activate';
import { renderSceneHotspot } from '../../../embed/panorama/hotspot-element';

export interface SpotHandlers {
  /** The viewer the spot is drawn in; it turns a drop position into a direction. */
  viewer: PannellumViewer;
  onEdit: () => void;
  onMove: (at: YawPitch) => void;
}

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

/** A scene link as the viewer draws it, which the owner taps to edit and drags to move. */
export function renderEditableHotspot(anchor: HTMLDivElement, hotspot: Hotspot, handlers: SpotHandlers): void {
  renderSceneHotspot(anchor, hotspot, handlers.onEdit);
  anchor.querySelector('button')!.setAttribute('aria-label', `Edit hotspot to ${hotspot.image.title || 'a scene'}`);
  draggable(anchor, handlers);
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
  draggable(anchor, handlers);
}
