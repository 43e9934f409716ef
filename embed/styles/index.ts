import pannellumCss from 'pannellum/build/pannellum.css';
import { adoptStyles } from './adopt-styles';
import base from './base.css';
import controls from './controls.css';
import hotspots from './hotspots.css';
import infospots from './infospots.css';
import reel from './reel.css';

/**
 * The styles of what the first view shows, one file per area, as one text for the shadow root (the host page's CSS
 * must not reach in). The order is the cascade: a later area overrides an earlier one at equal specificity, so it
 * is part of the look; the parts loaded later bring theirs (./parts), which come after these.
 */
const viewerCss = [base, hotspots, controls, reel, infospots].join('\n');

/** pannellum's styles and the viewer's, in that order, as constructed stylesheets of the element's shadow root. */
export function adoptViewerStyles(root: ShadowRoot): void {
  adoptStyles(root, pannellumCss, viewerCss);
}
