import pannellumCss from 'pannellum/build/pannellum.css';
import { adoptStyles } from './adopt-styles';
import base from './base.css';
import controls from './controls.css';
import floorplans from './floorplans.css';
import hotspots from './hotspots.css';
import infospots from './infospots.css';
import modals from './modals.css';
import reel from './reel.css';
import touch from './touch.css';
import videoPanel from './video-panel.css';
import vr from './vr.css';

/**
 * The viewer's styles, one file per area, as one text for the shadow root (the host page's CSS must not reach in). The order is the cascade: a later area overrides an earlier one at equal specificity (the chat panel
 * takes its room from the overlays), so it is part of the look.
 */
const viewerCss = [base, hotspots, controls, reel, floorplans, modals, infospots, vr, videoPanel, touch].join('\n');

/** pannellum's styles and the viewer's, in that order, as constructed stylesheets of the element's shadow root. */
export function adoptViewerStyles(root: ShadowRoot): void {
  adoptStyles(root, pannellumCss, viewerCss);
}
