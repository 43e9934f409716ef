import pannellumCss from 'pannellum/build/pannellum.css';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { Tour } from '../api/schema/tour';
import viewerCss from './styles/viewer.css';
import { Panorama } from './panorama/Panorama';
import { loadTour } from './tour-client';
import { parseLoading, useStartWhenVisible } from './use-visible';
import { emit } from './viewer-events';
import { createViewerStore, sceneChanged, tourFailed, tourLoaded } from './viewer-store';

export interface TourViewerProps {
  shortId?: string;
  loading?: string;
  mls?: string;
  showVideoChat?: string;
  /** The shadow root, handed in by r2wc. */
  container?: ShadowRoot;
}

function sceneTitle(tour: Tour, sceneId: string): string {
  return tour.images.find((image) => image.id === sceneId)?.title ?? '';
}

export function TourViewer({ shortId, loading, container }: TourViewerProps) {
  const store = useRef(createViewerStore()).current;
  const state = useSnapshot(store);
  const host = container?.host;
  const started = useStartWhenVisible(host, parseLoading(loading));
  const firstLoadDone = useRef(false);

  useEffect(() => {
    if (!started || !host) return;
    if (!shortId) {
      tourFailed(store, { code: 'BadRequest', message: 'The short-id attribute is missing.' });
      emit(host, 'tour-error', { code: 'BadRequest', message: 'The short-id attribute is missing.' });
      return;
    }
    const abort = new AbortController();
    store.status = 'loading';
    firstLoadDone.current = false;
    loadTour(shortId, abort.signal).then(
      (result) => {
        if (result.ok) return tourLoaded(store, result.tour);
        tourFailed(store, result.error);
        emit(host, 'tour-error', { code: result.error.code, message: result.error.message });
      },
      () => undefined, // aborted: a newer short-id or the element went away
    );
    return () => abort.abort();
  }, [started, shortId, host, store]);

  const tour = store.tour;
  return (
    <div className="tv-root" data-status={state.status}>
      <style>{pannellumCss}</style>
      <style>{viewerCss}</style>
      {state.status === 'ready' && tour && host && tour.images.length > 0 && (
        <Panorama
          tour={tour}
          firstScene={tour.images[0].id}
          onSceneChange={(sceneId) => {
            sceneChanged(store, sceneId);
            emit(host, 'scene-change', { sceneId, title: sceneTitle(tour, sceneId) });
          }}
          onSceneLoad={(sceneId) => {
            if (firstLoadDone.current) return;
            firstLoadDone.current = true;
            emit(host, 'tour-load', { shortId: tour.shortId, title: tour.title, sceneId });
          }}
          onError={(message) => console.error(`tour-viewer: scene failed to load: ${message}`)}
        />
      )}
      {state.status === 'error' && state.error && (
        <div className="tv-notice" role="alert">
          {state.error.message}
        </div>
      )}
      {state.status === 'loading' && <div className="tv-notice tv-notice--quiet">Loading tour…</div>}
    </div>
  );
}
