/** The `loading` attribute: when a viewer starts. */
export type LoadingMode = 'auto' | 'lazy' | 'eager';

export function parseLoading(value: string | null | undefined): LoadingMode {
  return value === 'lazy' || value === 'eager' ? value : 'auto';
}

/** How near the viewport a viewer starts: `auto` a little before it is scrolled into view, `lazy` once it is. */
export const START_MARGIN_PX: Record<Exclude<LoadingMode, 'eager'>, number> = { auto: 300, lazy: 0 };

/**
 * Whether a viewer starts the moment the script runs: an eager one, or one already shown on screen or near it
 * (where the element would start it at its first look). Forces a layout, once, at the start.
 */
export function startsAtOnce(element: Element): boolean {
  const mode = parseLoading(element.getAttribute('loading'));
  if (mode === 'eager') return true;
  if (element.getClientRects().length === 0) return false; // not displayed
  const margin = START_MARGIN_PX[mode];
  const box = element.getBoundingClientRect();
  return box.bottom >= -margin && box.top <= innerHeight + margin && box.right >= -margin && box.left <= innerWidth + margin;
}
