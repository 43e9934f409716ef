import { catalogNow, format } from '../i18n/catalog';
import { EN } from '../i18n/en';
import { directionOf, languageOf } from '../i18n/language';
import type { Tour } from '../../api/schema/tour';
import { adoptViewerStyles } from '../styles';
import { markFirstPanorama } from '../element/viewer-events';
import { startPannellum, type PanoramaStart, type StartedPanorama } from './start-pannellum';

interface EarlyPanorama {
  started: StartedPanorama;
  /** The frame it is drawn in until taken. */
  shell: ChildNode[];
}

const early = new WeakMap<Element, EarlyPanorama>();

/**
 * Starts the first panorama of an eager `<tour-viewer>` the moment its tour arrives, before React and the element's
 * own code are even loaded: its download, decoding and upload are most of the time to the first panorama. It is drawn
 * in the element's shadow root (the element class takes that root over) until the viewer component takes it; the
 * component tells the page `tour-load` once it is ready. Settles when drawn or failed.
 */
export function startEarlyPanorama(element: Element, tour: Tour, start: Omit<PanoramaStart, 'poster' | 't'>): Promise<void> {
  if (early.has(element)) return Promise.resolve();
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptViewerStyles(root);
  const frame = document.createElement('div');
  // Its own inherited values, as the viewer's root has them: the page's rules on the host must not reach its labels.
  frame.className = 'tv-early tv-panorama';
  const language = languageOf(element);
  frame.lang = language;
  frame.dir = directionOf(element, language);
  root.append(frame);
  // English until the language's catalog is here: the viewer names the spots again once it is.
  const catalog = catalogNow(language) ?? EN;
  let started: StartedPanorama;
  try {
    started = startPannellum(frame, tour, { ...start, poster: element.getAttribute('poster') ?? undefined, t: (key, values) => format(catalog, key, values) });
  } catch (err) {
    // The element's own code starts in a clean shadow root.
    frame.remove();
    throw err;
  }
  early.set(element, { started, shell: [frame] });
  return new Promise((settled) => {
    started.handlers.failed = () => settled();
    started.handlers.drawn = () => {
      markFirstPanorama(element, tour.shortId);
      settled();
    };
  });
}

/**
 * The panorama started early for this element, moved into `parent`, if it was started with `key` (else it is thrown
 * away).
 */
export function takeEarlyPanorama(host: Element, key: string, parent: Element): StartedPanorama | undefined {
  const entry = early.get(host);
  if (!entry) return undefined;
  early.delete(host);
  if (entry.started.key !== key) {
    discard(entry);
    return undefined;
  }
  parent.append(entry.started.container);
  entry.shell.forEach((node) => node.remove());
  return entry.started;
}

/** Throws away an early panorama nobody took (the tour turned out locked or refused, or the element went away). */
export function dropEarlyPanorama(host: Element): void {
  const entry = early.get(host);
  early.delete(host);
  if (entry) discard(entry);
}

function discard(entry: EarlyPanorama): void {
  entry.started.viewer.destroy();
  entry.shell.forEach((node) => node.remove());
}
