import { prefetchTour } from './tour-client';
import { createTourViewerElement } from './tour-viewer-element';

// Tours that will show at once are fetched while the element is still being set up.
for (const element of document.querySelectorAll('tour-viewer[short-id][loading="eager"]')) prefetchTour(element.getAttribute('short-id')!);

// A page may load the script twice (two partner snippets); the second copy must not throw.
if (!customElements.get('tour-viewer')) customElements.define('tour-viewer', createTourViewerElement());
