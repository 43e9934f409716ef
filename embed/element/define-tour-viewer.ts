import { createTourViewerElement } from './tour-viewer-element';

// A page may load the script twice (two partner snippets); the second copy must not throw.
if (!customElements.get('tour-viewer')) customElements.define('tour-viewer', createTourViewerElement());
