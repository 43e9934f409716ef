import { emit, type ViewerEventMap } from '../element/viewer-events';
import { catalogNow, errorMessage, loadCatalog } from './catalog';
import { languageOf } from './language';

/**
 * Tells the page the tour cannot be shown, in the viewer's language. In English (or with the catalog already here)
 * at once; otherwise once the language's catalog has arrived, so the message is never English by accident.
 * `detail` (a failed picture's address and status) follows the sentence as it is: the page's developer needs it.
 */
export function emitTourError(host: Element, error: ViewerEventMap['tour-error'] & { detail?: string }): void {
  const language = languageOf(host);
  const send = (catalog = catalogNow(language)!) => {
    const message = errorMessage(catalog, error);
    emit(host, 'tour-error', { code: error.code, message: error.detail ? `${message} (${error.detail})` : message });
  };
  if (catalogNow(language)) send();
  else void loadCatalog(language).then(send);
}
