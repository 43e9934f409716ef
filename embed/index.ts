import { startEagerTours } from './eager-tours';

/** The longest the element's code waits for eager tours' first panoramas (a slow network must not hold up the rest). */
const ELEMENT_WAITS_MS = 1000;

// React and the element come after the first panoramas are drawn, so that evaluating and mounting them does not
// compete on the main thread with decoding and uploading the pictures (DESIGN.md §9: time to first panorama).
void Promise.race([startEagerTours(), new Promise((resolve) => setTimeout(resolve, ELEMENT_WAITS_MS))]).then(() => import('./define-tour-viewer'));
