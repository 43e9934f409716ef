import type { ViewerEventMap } from './viewer-events';

export interface AttributeContract {
  /** The attribute's values as a TypeScript type, for partners' type declarations. */
  type: string;
  description: string;
  /** A boolean attribute: present (bare too) means on unless "0" or "false". */
  boolean?: true;
  required?: true;
  /** The value the viewer takes when the attribute is absent, as written in HTML. */
  default?: string;
}

/**
 * What `<tour-viewer>` offers partner pages: its attributes and events. The viewer reads attributes only by these
 * names, and the events are exactly those of ViewerEventMap, so the declarations and the manifest served to partners
 * (generated from this by test/unit/embed/element-contract.test.ts) cannot drift from the element.
 */
export const TOUR_VIEWER_ATTRIBUTES = {
  'short-id': { type: 'string', required: true, description: 'The tour to show.' },
  server: {
    type: 'string',
    description: 'The address of the tour server, such as https://tours.example.com (default: where the script was loaded from).',
  },
  loading: {
    type: "'auto' | 'lazy' | 'eager'",
    default: 'auto',
    description: 'When the viewer starts: auto when scrolled near, lazy when visible, eager at once.',
  },
  mls: { type: 'boolean', boolean: true, description: 'Listing-compliant mode: no branding, contacts, sharing or outbound links.' },
  'show-video-chat': { type: 'boolean', boolean: true, description: 'Opens the video chat panel at start.' },
  'no-analytics': {
    type: 'boolean',
    boolean: true,
    description: "Sends no visit report to the tour's owner (the owners' own preview sets it).",
  },
  alt: { type: 'string', description: "The accessible name of the panorama (default: the tour's title)." },
  poster: { type: 'string', description: "An image shown before the first panorama (default: the opening scene's thumbnail)." },
  lang: {
    type: "'en' | 'es' | 'fr' | 'de' | 'pt' | 'ar' | (string & {})",
    description: "The viewer's language (default: the page's <html lang>, else English); ar mirrors the layout.",
  },
} as const satisfies Record<string, AttributeContract>;

export type TourViewerAttribute = keyof typeof TOUR_VIEWER_ATTRIBUTES;

export interface EventContract {
  /** The event's detail as a TypeScript type. */
  detail: string;
  description: string;
}

export const TOUR_VIEWER_EVENTS: Record<keyof ViewerEventMap, EventContract> = {
  'tour-load': { detail: '{ shortId: string; title: string; sceneId: string }', description: 'The viewer is ready, its first panorama shown.' },
  'scene-change': { detail: '{ sceneId: string; title: string }', description: 'The visitor went to another scene.' },
  'tour-error': {
    detail: '{ code: string; message: string }',
    description: 'The tour cannot be shown (TourNotFound, TourPrivate, NetworkError, NoServer, SceneLoadFailed, RenderFailed, StylesFailed, ...).',
  },
  'lead-submit': { detail: '{ tourId: number }', description: "A visitor sent the tour's contact form." },
  'load-progress': { detail: '{ sceneId: string; progress: number }', description: "The current panorama's download, 0 to 1; 1 once it is drawn." },
  'view-change': {
    detail: '{ sceneId: string; yaw: number; pitch: number; hfov: number }',
    description: 'Where the camera looks, in degrees, as it moves (at most four times a second).',
  },
};

/** The element's declarations for partners' TypeScript: the DOM element and its events. */
export function typeDeclarations(): string {
  const attributes = Object.entries(TOUR_VIEWER_ATTRIBUTES as Record<string, AttributeContract>)
    .map(
      ([name, a]) => `  /** ${a.description} */\n  '${name}'${a.required ? '' : '?'}: ${a.boolean ? "boolean | '' | 'true' | 'false' | '0' | '1'" : a.type};`,
    )
    .join('\n');
  const events = Object.entries(TOUR_VIEWER_EVENTS)
    .map(([name, e]) => `  /** ${e.description} */\n  '${name}': CustomEvent<${e.detail}>;`)
    .join('\n');
  const globalEvents = Object.keys(TOUR_VIEWER_EVENTS)
    .map((name) => `    '${name}': TourViewerEventMap['${name}'];`)
    .join('\n');
  return `// <tour-viewer> for TypeScript. Generated from the element's own list of attributes and events: do not edit.
// React's JSX: also reference tour-viewer-react.d.ts, served beside this file.

/** The element's attributes (kebab-case, as written in HTML and JSX). */
export interface TourViewerAttributes {
${attributes}
}

/** The events the element sends; they bubble and cross the shadow boundary (composed). */
export interface TourViewerEventMap {
${events}
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
${globalEvents}
  }
}
`;
}

/** The element in React's JSX, for projects with React's types. */
export function reactDeclarations(): string {
  const listeners = Object.keys(TOUR_VIEWER_EVENTS)
    .map((name) => `  'on${name}'?: (event: TourViewerEventMap['${name}']) => void;`)
    .join('\n');
  return `// <tour-viewer> in React's JSX. Generated with tour-viewer.d.ts, which it needs beside it: do not edit.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TourViewerAttributes, TourViewerElement, TourViewerEventMap } from './tour-viewer';

/** React 19 listens to a custom element's events through props named \`on\` and the event's name. */
export interface TourViewerListeners {
${listeners}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tour-viewer': DetailedHTMLProps<HTMLAttributes<TourViewerElement>, TourViewerElement> & TourViewerAttributes & TourViewerListeners;
    }
  }
}
`;
}

/** The custom elements manifest (schema 2.1.0) of the viewer's script. */
export function customElementsManifest(): unknown {
  return {
    schemaVersion: '2.1.0',
    readme: '',
    modules: [
      {
        kind: 'javascript-module',
        path: 'tour-viewer.js',
        declarations: [
          {
            kind: 'class',
            name: 'TourViewerElement',
            tagName: 'tour-viewer',
            customElement: true,
            description: 'A 360° tour from this platform, for any web page.',
            attributes: Object.entries(TOUR_VIEWER_ATTRIBUTES as Record<string, AttributeContract>).map(([name, a]) => ({
              name,
              description: a.description,
              type: { text: a.type },
              ...(a.default ? { default: a.default } : {}),
            })),
            members: [
              { kind: 'field', name: 'view', readonly: true, type: { text: 'TourViewerView | undefined' }, description: 'Where the camera looks now.' },
              {
                kind: 'field',
                name: 'ready',
                readonly: true,
                type: { text: 'Promise<TourViewerElement>' },
                description: 'Resolves with the element at its first tour-load; never rejects.',
              },
            ],
            events: Object.entries(TOUR_VIEWER_EVENTS).map(([name, e]) => ({ name, description: e.description, type: { text: `CustomEvent<${e.detail}>` } })),
          },
        ],
        exports: [{ kind: 'custom-element-definition', name: 'tour-viewer', declaration: { name: 'TourViewerElement', module: 'tour-viewer.js' } }],
      },
    ],
  };
}
