import { startFirstPanoramas } from './element/first-panoramas';
import { probeAvif } from './panorama/picture-types';

/** The longest the element's code waits for the first panoramas to be drawn (a slow network must not hold it up). */
const ELEMENT_WAITS_MS = 1000;

// React and the element come after the first panoramas are drawn, so that evaluating and mounting them does not
// compete on the main thread with decoding and uploading the pictures (time to first panorama).
void Promise.race([startFirstPanoramas(), new Promise((resolve) => setTimeout(resolve, ELEMENT_WAITS_MS))])
  .then(() => {
    // Off the first view's path, answered by the time the scene list and later scenes pick their pictures.
    probeAvif();
    return import('./element/define-tour-viewer');
  })
  // Never thrown into the host page: a chunk that cannot be fetched leaves the viewer as it is.
  .catch((err: unknown) => console.error('tour-viewer: the viewer could not be loaded', err));
