import { format } from '../i18n/catalog';
import { EN } from '../i18n/en';
import type { Messages } from '../i18n/i18n-context';

/** A catalog's text with its slots filled, in the viewer's language. */
export type Translate = Messages['t'];

/** English, which needs no catalog to arrive (the owners' editor speaks it). */
export const inEnglish: Translate = (key, values) => format(EN, key, values);

/**
 * The accessible names of hot spots and info spots. pannellum makes those elements itself, outside React, each time
 * a scene loads, and the language's catalog may arrive after them (English is shown until then): each element
 * keeps how it is named, so that a later language names it again.
 */
export interface SpotLabels {
  /** Names `element` now and after every change of language. */
  label(element: Element, name: (t: Translate) => string): void;
  /** The language changed: the spots on show are named again, and those made from now on in it. */
  relabel(t: Translate): void;
}

export function spotLabels(container: Element, t: Translate): SpotLabels {
  let current = t;
  const names = new WeakMap<Element, (t: Translate) => string>();
  const apply = (element: Element) => element.setAttribute('aria-label', names.get(element)!(current));
  return {
    label(element, name) {
      names.set(element, name);
      apply(element);
    },
    relabel(t) {
      current = t;
      container.querySelectorAll('[aria-label]').forEach((element) => names.has(element) && apply(element));
    },
  };
}
