import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';
import { adoptStyles } from '../styles/adopt-styles';

/**
 * Styles a lazily loaded part brings: adopted by the root it is rendered in (or, given the viewer element itself,
 * the shadow root it hosts), before it is first painted.
 */
export function useAdoptedStyles(element: RefObject<Element | null>, ...cssTexts: string[]): void {
  // The texts are the part's module constants: adopted once per element, not again for each render's new array.
  const adopt = useEffectEvent((root: ShadowRoot | Document) => adoptStyles(root, ...cssTexts));
  useLayoutEffect(() => {
    const root = element.current?.shadowRoot ?? element.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adopt(root);
  }, [element]);
}
