import floorplans from './floorplans.css';
import modals from './modals.css';
import touchParts from './touch-parts.css';
import videoPanel from './video-panel.css';
import vr from './vr.css';

/**
 * The styles of the parts loaded when first used (dialogs, floor plans, VR, the chat panel), as one text in cascade
 * order (the chat panel takes its room from the overlays): whichever part comes first brings them all, so their
 * order never depends on which was opened first. Their touch sizes come last, so they win over the parts' own.
 */
export const partsCss = [floorplans, modals, vr, videoPanel, touchParts].join('\n');
