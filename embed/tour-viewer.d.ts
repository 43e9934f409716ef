// <tour-viewer> for TypeScript. Generated from the element's own list of attributes and events: do not edit.
// React's JSX: also reference tour-viewer-react.d.ts, served beside this file.

/** The element's attributes (kebab-case, as written in HTML and JSX). */
export interface TourViewerAttributes {
  /** The tour to show. */
  'short-id': string;
  /** The address of the tour server, such as https://tours.example.com (default: where the script was loaded from). */
  'server'?: string;
  /** When the viewer starts: auto when scrolled near, lazy when visible, eager at once. */
  'loading'?: 'auto' | 'lazy' | 'eager';
  /** Listing-compliant mode: no branding, contacts, sharing or outbound links. */
  'mls'?: boolean | '' | 'true' | 'false' | '0' | '1';
  /** Opens the video chat panel at start. */
  'show-video-chat'?: boolean | '' | 'true' | 'false' | '0' | '1';
  /** Sends no visit report to the tour's owner (the owners' own preview sets it). */
  'no-analytics'?: boolean | '' | 'true' | 'false' | '0' | '1';
  /** The accessible name of the panorama (default: the tour's title). */
  'alt'?: string;
  /** An image shown before the first panorama (default: the opening scene's thumbnail). */
  'poster'?: string;
  /** The viewer's language (default: the page's <html lang>, else English); ar mirrors the layout. */
  'lang'?: 'en' | 'es' | 'fr' | 'de' | 'pt' | 'ar' | (string & {});
}

/** The events the element sends; they bubble and cross the shadow boundary (composed). */
export interface TourViewerEventMap {
  /** The viewer is ready, its first panorama shown. */
  'tour-load': CustomEvent<{ shortId: string; title: string; sceneId: string }>;
  /** The visitor went to another scene. */
  'scene-change': CustomEvent<{ sceneId: string; title: string }>;
  /** The tour cannot be shown (TourNotFound, TourPrivate, NetworkError, NoServer, SceneLoadFailed, RenderFailed, StylesFailed, ...). */
  'tour-error': CustomEvent<{ code: string; message: string }>;
  /** A visitor sent the tour's contact form. */
  'lead-submit': CustomEvent<{ tourId: number }>;
  /** The current panorama's download, 0 to 1; 1 once it is drawn. */
  'load-progress': CustomEvent<{ sceneId: string; progress: number }>;
  /** Where the camera looks, in degrees, as it moves (at most four times a second). */
  'view-change': CustomEvent<{ sceneId: string; yaw: number; pitch: number; hfov: number }>;
}

/** Where the camera looks, in degrees (yaw -180..180). */
export interface TourViewerView {
  sceneId: string;
  yaw: number;
  pitch: number;
  hfov: number;
}

export interface TourViewerElement extends HTMLElement {
  /** Where the camera looks now, or undefined until the first panorama is shown. */
  readonly view: TourViewerView | undefined;
  /** Resolves with the element at its first tour-load; never rejects (a tour that cannot be shown sends tour-error). */
  readonly ready: Promise<TourViewerElement>;
}

declare global {
  interface HTMLElementTagNameMap {
    'tour-viewer': TourViewerElement;
  }
  // The events bubble out of the element and cross shadow roots: typed for listeners on the element, its ancestors
  // and the document alike, beside every element's own events.
  interface GlobalEventHandlersEventMap {
    'tour-load': TourViewerEventMap['tour-load'];
    'scene-change': TourViewerEventMap['scene-change'];
    'tour-error': TourViewerEventMap['tour-error'];
    'lead-submit': TourViewerEventMap['lead-submit'];
    'load-progress': TourViewerEventMap['load-progress'];
    'view-change': TourViewerEventMap['view-change'];
  }
}
