import { useEffect, useState } from 'react';
import { emit } from '../element/viewer-events';
import { adoptViewerStyles } from '../styles';
import { tourFailed } from '../tour/viewer-store';
import type { Viewer } from '../viewer/viewer-context';

export const STYLES_FAILED = 'This browser cannot show the tour. Please try a current version of Chrome, Edge, Firefox or Safari.';

/**
 * Puts the viewer's styles into its shadow root before the first render. A browser that cannot take them would show
 * a broken, unstyled viewer: the tour is not loaded (so no `tour-load`) and the page hears `tour-error` StylesFailed.
 */
export function useViewerStyles({ store, host }: Viewer, root: ShadowRoot): boolean {
  const [adopted] = useState(() => {
    try {
      adoptViewerStyles(root);
      return true;
    } catch (err) {
      console.error('tour-viewer: the styles could not be applied', err);
      return false;
    }
  });
  useEffect(() => {
    if (adopted) return;
    const error = { code: 'StylesFailed' as const, message: STYLES_FAILED };
    tourFailed(store, error);
    emit(host, 'tour-error', error);
  }, [adopted, store, host]);
  return adopted;
}
