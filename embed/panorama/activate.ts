export const TAP_SLOP_PX = 10;

/**
 * Calls `action` on a tap, click or Enter/Space. pannellum swallows touch clicks and starts a drag on
 * mousedown/touchstart, so taps are recognised from pointer events and kept from reaching it.
 */
export function onActivate(element: HTMLElement, action: () => void): void {
  let down: { x: number; y: number } | null = null;
  element.addEventListener('pointerdown', (event) => {
    down = { x: event.clientX, y: event.clientY };
    event.stopPropagation();
  });
  element.addEventListener('pointerup', (event) => {
    const tapped = down && Math.hypot(event.clientX - down.x, event.clientY - down.y) < TAP_SLOP_PX;
    down = null;
    event.stopPropagation();
    if (tapped) action();
  });
  element.addEventListener('mousedown', (event) => event.stopPropagation());
  element.addEventListener('touchstart', (event) => event.stopPropagation(), { passive: true });
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
  });
}
