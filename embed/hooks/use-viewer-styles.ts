import { useEffect, useState } from 'react';
import { emitTourError } from '../i18n/tour-error';
import { EN } from '../i18n/en';
import { adoptViewerStyles } from '../styles';
import { tourFailed } from '../tour/viewer-store';
import type { Viewer } from '../viewer/viewer-context';

export const STYLES_FAILED = EN['error.StylesFailed'];

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
    emitTourError(host, error);
  }, [adopted, store, host]);
  return adopted;
}
