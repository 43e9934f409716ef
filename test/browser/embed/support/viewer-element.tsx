import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Messages } from '../../../../embed/i18n/i18n-context';
import { adoptViewerStyles } from '../../../../embed/styles';
import { adoptStyles } from '../../../../embed/styles/adopt-styles';
import { partsCss } from '../../../../embed/styles/parts';
import { createViewerStore, type ViewerState } from '../../../../embed/tour/viewer-store';
import { ViewerRoot } from '../../../../embed/viewer/TourViewer';
import { createViewer } from '../../../../embed/viewer/viewer-context';

export interface ShownViewer {
  element: HTMLElement;
  shadow: ShadowRoot;
  store: ViewerState;
}

const roots: Root[] = [];

/** The viewer as the element draws it: in the shadow root of a page element, with the viewer's styles adopted by it. */
export function renderViewerElement(options: { poster?: string; messages?: Messages; analytics?: boolean } = {}): ShownViewer {
  const element = document.createElement('div');
  document.body.append(element);
  const shadow = element.attachShadow({ mode: 'open' });
  adoptViewerStyles(shadow);
  const store = createViewerStore();
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ViewerRoot
      viewer={createViewer(element, store)}
      messages={options.messages}
      listingMode={false}
      chatRequested={false}
      poster={options.poster}
      analytics={options.analytics}
    />,
  );
  return { element, shadow, store };
}

/**
 * Renders `node` in the shadow root of an element with the viewer's styles, as the element does (sized by `css`,
 * a viewer's inline style); `unmountViewers` takes it away.
 */
export function renderInViewer(node: ReactNode, css = ''): ShadowRoot {
  const element = document.createElement('div');
  element.style.cssText = css;
  document.body.append(element);
  const shadow = element.attachShadow({ mode: 'open' });
  adoptViewerStyles(shadow);
  // The styles of the parts loaded later (dialogs, the chat panel), as once one has opened.
  adoptStyles(shadow, partsCss);
  const root = createRoot(shadow);
  roots.push(root);
  root.render(node);
  return shadow;
}

/** Takes every viewer rendered so far away again (in afterEach). */
export function unmountViewers(): void {
  roots.splice(0).forEach((root) => root.unmount());
  document.body.replaceChildren();
}
