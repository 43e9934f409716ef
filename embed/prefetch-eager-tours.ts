import { prefetchTour } from './tour-client';

// Tours that will show at once are fetched while the element is still being set up. A module of its own, imported
// first by the entry, so that this runs before React, pannellum and the element's modules are evaluated.
for (const element of document.querySelectorAll('tour-viewer[short-id][loading="eager"]')) prefetchTour(element.getAttribute('short-id')!);
