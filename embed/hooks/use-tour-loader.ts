import { useEffect } from 'react';
import type { ViewerEventMap } from '../element/viewer-events';
import { emitTourError } from '../i18n/tour-error';
import { loadTour, signedInUser } from '../tour/tour-client';
import { lockCheck } from '../tour/viewer-rules';
import { openModal, tourFailed, tourLoaded, tourLoading } from '../tour/viewer-store';
import { openingSceneId } from '../tour/view-hash';
import type { Viewer } from '../viewer/viewer-context';

const LOCK_MODALS = { 'locked-tour': 'locked', payments: 'payments', 'share-and-embed': 'share' } as const;

/** Loads the tour once the element has started, again for a new short-id; failures go to the page as `tour-error`. */
export function useTourLoader({ store, host, apiOrigin }: Viewer, shortId: string | undefined, started: boolean): void {
  useEffect(() => {
    if (!started) return;
    const refusal = startRefusal(shortId, apiOrigin);
    if (refusal) {
      tourFailed(store, refusal);
      emitTourError(host, refusal);
      return;
    }
    const abort = new AbortController();
    tourLoading(store);
    loadTour(apiOrigin, shortId!, abort.signal).then(
      (result) => {
        if (!result.ok) {
          tourFailed(store, result.error);
          emitTourError(host, { code: result.error.code, message: result.error.message });
          return;
        }
        tourLoaded(store, result.value, openingSceneId(result.value));
        const lock = lockCheck(result.value, signedInUser(apiOrigin));
        if (lock !== 'none') openModal(store, LOCK_MODALS[lock]);
      },
      () => undefined, // aborted: a newer short-id or the element went away
    );
    return () => abort.abort();
  }, [started, shortId, host, store, apiOrigin]);
}

/** Why the element cannot ask for its tour at all, if it cannot. */
function startRefusal(shortId: string | undefined, apiOrigin: string): ViewerEventMap['tour-error'] | undefined {
  if (!shortId) return { code: 'BadRequest', message: 'The short-id attribute is missing.' };
  if (!apiOrigin) return { code: 'NoServer', message: 'The server attribute must be an http(s) address, such as https://tours.example.com.' };
  return undefined;
}
