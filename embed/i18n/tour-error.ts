import { emit, type ViewerEventMap } from '../element/viewer-events';
import { catalogNow, errorMessage, loadCatalog } from './catalog';
import { languageOf } from './language';

/**
 * Tells the page the tour cannot be shown, in the viewer's language. In English (or with the catalog already here)
 * at once; otherwise once the language's catalog has arrived, so the message is never English by accident.
 */
export function emitTourError(host: Element, error: ViewerEventMap['tour-error']): void {
  const language = languageOf(host);
  const send = (catalog = catalogNow(language)!) => emit(host, 'tour-error', { code: error.code, message: errorMessage(catalog, error) });
  if (catalogNow(language)) send();
  else void loadCatalog(language).then(send);
}
