import { contrastRatio, type BackgroundLayer } from '../../../support/contrast';

/** The element's parent, across a shadow root to its host. */
function parentOf(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The contrast of the element's text against the boxes it is drawn on. */
export function textContrast(element: Element): number {
  const layers: BackgroundLayer[] = [];
  for (let at: Element | null = element; at; at = parentOf(at)) {
    const style = getComputedStyle(at);
    layers.push([style.backgroundColor, Number(style.opacity)]);
  }
  return contrastRatio(getComputedStyle(element).color, layers);
}
