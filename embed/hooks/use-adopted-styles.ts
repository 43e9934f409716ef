import { useLayoutEffect, type RefObject } from 'react';
import { adoptStyles } from '../styles/adopt-styles';

/**
 * Styles a lazily loaded part brings: adopted by the root it is rendered in (or, given the viewer element itself,
 * the shadow root it hosts), before it is first painted.
 */
export function useAdoptedStyles(element: RefObject<Element | null>, ...cssTexts: string[]): void {
  useLayoutEffect(() => {
    const root = element.current?.shadowRoot ?? element.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, ...cssTexts);
  }, [element]);
}
