import r2wc from '@r2wc/react-to-web-component';
import { TourViewer } from '../viewer/TourViewer';
import { currentView } from '../viewer/viewer-context';
import type { PanoramaView } from '../video/contract';

/**
 * `<tour-viewer>`: a 360° tour from this platform, for any web page.
 *
 * Attributes:
 * - `short-id` (required): the tour to show.
 * - `server`: the tour server's address (default: the origin the script was loaded from, which a bundled or
 *   CDN-served script is not).
 * - `loading`: `auto` (default; start when scrolled near), `lazy` (start when visible) or `eager` (start now). One
 *   that starts as the page loads has its first panorama drawn before this class is even loaded (first-panoramas.ts beside this file).
 * - `mls` (boolean): the listing-compliant mode.
 * - `show-video-chat` (boolean): open the video chat panel.
 * - `no-analytics` (boolean): send no visit report (the owners' own preview sets it).
 *   A boolean attribute is on when present (bare `mls` too) unless it is `"0"` or `"false"`; removing it turns it off.
 * - `alt`: the accessible name of the panorama (default: the tour's title).
 * - `poster`: an image shown before the first panorama (default: the opening scene's thumbnail).
 *
 * Events (bubbling, composed): `tour-load` `{shortId, title, sceneId}`, `scene-change` `{sceneId, title}`,
 * `load-progress` `{sceneId, progress}` (0 to 1), `view-change` `{sceneId, yaw, pitch, hfov}` (at most 4 a second),
 * `tour-error` `{code, message}` (code `RenderFailed` when the viewer itself fails to draw, `StylesFailed` when the browser cannot take its styles), `lead-submit` `{tourId}`.
 *
 * Properties: `view` (read-only) is where the camera looks now, `{sceneId, yaw, pitch, hfov}` in degrees (yaw in
 * -180..180), or undefined until the first panorama is shown; `ready` resolves with the element at its first
 * `tour-load` and never rejects (`tour-load` is sent again for each new short-id).
 *
 * Returns a new class each call: a class can be registered under one tag name only, and tests want their own.
 */
export function createTourViewerElement(): CustomElementConstructor {
  const Base = r2wc(TourViewer, {
    shadow: 'open',
    // The other attributes (mls, show-video-chat, no-analytics, alt, poster) are read by the viewer itself (use-host-attribute.ts).
    props: { shortId: 'string', loading: 'string' },
  });
  return class TourViewerElement extends Base {
    // Listened for from the start, so a promise asked for after the first tour-load has resolved already.
    readonly ready: Promise<this> = new Promise((resolve) => this.addEventListener('tour-load', () => resolve(this), { once: true }));

    get view(): PanoramaView | undefined {
      return currentView(this);
    }

    /** The entry may have opened the shadow root already, to draw the first panorama in before this class loaded. */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }
  };
}
