import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { coordsToYawPitch } from '../../api/schema/coords';
import type { Tour } from '../../api/schema/tour';
import { isHandheld } from '../element/device-features';
import { parseLoading } from '../element/loading-mode';
import { emit, markFirstPanorama } from '../element/viewer-events';
import { EN } from '../i18n/en';
import { MessagesProvider, useMessages, useViewerLanguage, type Messages } from '../i18n/i18n-context';
import { emitTourError } from '../i18n/tour-error';
import { useAnalytics } from '../hooks/use-analytics';
import { useAutoRotate } from '../hooks/use-auto-rotate';
import { useHostWidth } from '../hooks/use-host-size';
import { useLiveChat } from '../hooks/use-live-chat';
import { useHostAttribute } from '../hooks/use-host-attribute';
import { useTourLoader } from '../hooks/use-tour-loader';
import { useViewChangeEvents } from '../hooks/use-view-change-events';
import { useViewerStyles } from '../hooks/use-viewer-styles';
import { useStartWhenVisible } from '../hooks/use-visible';
import { useViewHashSync } from '../hooks/use-view-hash-sync';
import { dropEarlyPanorama } from '../panorama/early-panorama';
import { Panorama } from '../panorama/Panorama';
import { initialView, vrPanoramaUrl } from '../panorama/scene-config';
import { chatRequested, flagOn, listingModeAllowed, listingModeRequested, MOBILE_BREAKPOINT_EM, visibleControls } from '../tour/viewer-rules';
import { firstPanoramaShown, openInfospot, setVr, startFolded, tourLoaded } from '../tour/viewer-store';
import { linkedView } from '../tour/view-hash';
import { PanoramaProgress } from '../ui/PanoramaProgress';
import { SceneLinksList } from '../ui/SceneLinksList';
import { TourErrorWayOn } from '../ui/TourErrorWayOn';
import { ApiOriginContext } from './api-origin-context';
import { createViewer, registerViewReader, useViewer, ViewerContext, type Viewer } from './viewer-context';
import { ViewerErrorBoundary } from './ViewerErrorBoundary';
import { ViewerFrame, ViewerNotice } from './ViewerFrame';
import { ViewerOverlays } from './ViewerOverlays';
import type { PanoramaView } from '../video/contract';
import { tourTitle } from '../../api/schema/tour-title';

export interface TourViewerProps {
  shortId?: string;
  loading?: string;
  /** The shadow root, handed in by r2wc from the first render on. */
  container?: ShadowRoot;
}

// Not needed for the first view: each loads the first time it is shown.
const CardboardVr = lazy(() => import('../ui/CardboardVr').then((module) => ({ default: module.CardboardVr })));
const PasswordGate = lazy(() => import('../ui/PasswordGate').then((module) => ({ default: module.PasswordGate })));
const ViewerModals = lazy(() => import('./ViewerModals').then((module) => ({ default: module.ViewerModals })));

export const LISTING_MODE_REFUSED = EN.listingModeRefused;

/** The element's React root: its attributes in, one viewer (store and all) for the element's lifetime. */
export function TourViewer({ shortId, loading, container }: TourViewerProps) {
  const host = container!.host as HTMLElement;
  const [viewer] = useState(() => createViewer(host));
  const styled = useViewerStyles(viewer, container!);
  const started = useStartWhenVisible(host, parseLoading(loading));
  useTourLoader(viewer, shortId, started && styled);
  useEffect(() => registerViewReader(viewer), [viewer]);
  // A first panorama started before React (element/first-panoramas.ts) that <Panorama> never took goes with the element.
  useEffect(() => () => dropEarlyPanorama(host), [host]);
  // Boolean and free-text attributes are read as they are: a bare one is on, a removed one off.
  const listingMode = listingModeRequested(useHostAttribute(host, 'mls'));
  const chat = chatRequested(useHostAttribute(host, 'show-video-chat'));
  const alt = useHostAttribute(host, 'alt') ?? undefined;
  const poster = useHostAttribute(host, 'poster') ?? undefined;
  const messages = useViewerLanguage(host);
  const analytics = !flagOn(useHostAttribute(host, 'no-analytics'));
  return <ViewerRoot viewer={viewer} messages={messages} listingMode={listingMode} chatRequested={chat} analytics={analytics} alt={alt} poster={poster} />;
}

interface ViewerRootProps {
  viewer: Viewer;
  /** The language the viewer speaks (English when not given). */
  messages?: Messages;
  listingMode: boolean;
  chatRequested: boolean;
  /** Whether the visit is reported to the tour's owner (the element's, unless `no-analytics`; not a test's). */
  analytics?: boolean;
  /** The panorama's accessible name (default: the tour's title). */
  alt?: string;
  /** An image shown before the first panorama. */
  poster?: string;
}

/** The viewer as its store has it, under the error boundary that turns a render error into a `tour-error`. */
export function ViewerRoot({ viewer, messages, ...props }: ViewerRootProps) {
  const inherited = useMessages();
  return (
    <MessagesProvider messages={messages ?? inherited}>
      <ViewerContext.Provider value={viewer}>
        <ApiOriginContext.Provider value={viewer.apiOrigin}>
          <ViewerErrorBoundary host={viewer.host}>
            <ViewerScreen {...props} />
          </ViewerErrorBoundary>
        </ApiOriginContext.Provider>
      </ViewerContext.Provider>
    </MessagesProvider>
  );
}

function ViewerScreen({ listingMode, chatRequested, analytics = false, alt, poster }: Omit<ViewerRootProps, 'viewer' | 'messages'>) {
  const viewer = useViewer();
  const { t, error } = useMessages();
  const state = useSnapshot(viewer.store);
  useLiveChat(viewer, chatRequested);
  useAnalytics(viewer, analytics);
  useAutoRotate(viewer);
  useViewHashSync(viewer.panorama, state.status === 'ready');
  useViewChangeEvents(viewer, state.status === 'ready');
  // Components take the tour as the store holds it; reading it through the snapshot re-renders when it is replaced.
  const tour = state.tour && viewer.store.tour;

  if (state.status === 'error' && state.error) {
    return (
      <ViewerNotice status="error" text={error(state.error)}>
        <TourErrorWayOn code={state.error.code} shortId={viewer.host.getAttribute('short-id')} apiOrigin={viewer.apiOrigin} />
      </ViewerNotice>
    );
  }
  if (!tour || state.status === 'idle' || state.status === 'loading') {
    return (
      <ViewerFrame status={state.status}>
        {poster && <img className="tv-poster" src={poster} alt="" />}
        {state.status === 'loading' && <div className="tv-notice tv-notice--quiet">{t('loadingTour')}</div>}
      </ViewerFrame>
    );
  }
  if (state.status === 'password') {
    return (
      <ViewerFrame status="password">
        <Suspense fallback={null}>
          <PasswordGate shortId={tour.shortId} onUnlocked={(full) => tourLoaded(viewer.store, full)} />
        </Suspense>
      </ViewerFrame>
    );
  }
  if (listingMode && !listingModeAllowed(tour)) return <ViewerNotice status="refused" text={t('listingModeRefused')} />;
  return <ReadyViewer tour={tour} listingMode={listingMode} alt={alt} poster={poster} />;
}

/** VR starts where the flat viewer looks, unless that is still the scene VR has just left (a gaze changed it). */
const vrStartView = (sceneId: string, view: PanoramaView | undefined) => (view?.sceneId === sceneId ? view : undefined);

function ReadyViewer({ tour, listingMode, alt, poster }: { tour: Tour; listingMode: boolean; alt?: string; poster?: string }) {
  const viewer = useViewer();
  const { store, host, apiOrigin, panorama, control, goTo, sceneDrawn } = viewer;
  const { t } = useMessages();
  const state = useSnapshot(store);
  const hostWidth = useHostWidth(host);
  const mobile = hostWidth < MOBILE_BREAKPOINT_EM * 16;
  const [handheld] = useState(isHandheld);
  const visible = visibleControls({ tour, handheld, vr: state.vr, mls: listingMode, chatActive: state.chatActive });
  useEffect(() => startFolded(store, host.getBoundingClientRect().height), [store, host]);
  const currentImage = tour.images.find((image) => image.id === state.sceneId);
  const chatPanel = state.chatOpen && visible.videoChatPanel;
  const [firstProgress, setFirstProgress] = useState(0);
  // Credited to the spot itself: two spots of a scene may lead to the same scene.
  const hotspotFollowed = (hotspotId: string) => viewer.track?.('hotspot', hotspotId);
  const className = `tv-root${state.fixedFullscreen ? ' tv-root--fixed' : ''}${mobile ? ' tv-root--mobile' : ''}${chatPanel ? ' tv-root--chat' : ''}`;

  return (
    <ViewerFrame status="ready" className={className} theme={tour.theme}>
      {tour.images.length > 0 && (
        <Panorama
          tour={tour}
          apiOrigin={apiOrigin}
          sceneId={state.sceneId}
          firstView={linkedView(state.sceneId)}
          allowLinks={!listingMode}
          label={alt || t('panoramaLabel', { title: tourTitle(tour) })}
          poster={poster}
          onSceneChange={goTo}
          onHotspot={hotspotFollowed}
          onProgress={(sceneId, progress) => {
            if (!store.firstShown) setFirstProgress(progress);
            if (progress < 1) emit(host, 'load-progress', { sceneId, progress });
          }}
          onSceneLoad={(sceneId) => {
            emit(host, 'load-progress', { sceneId, progress: 1 });
            const changed = sceneDrawn(sceneId);
            if (firstPanoramaShown(store)) {
              markFirstPanorama(host, tour.shortId);
              emit(host, 'tour-load', { shortId: tour.shortId, title: tour.title, sceneId });
            } else if (changed) {
              const title = tour.images.find((image) => image.id === sceneId)?.title ?? '';
              emit(host, 'scene-change', { sceneId, title });
            }
          }}
          onError={(message) => {
            console.error(`tour-viewer: scene failed to load: ${message}`);
            emitTourError(host, { code: 'SceneLoadFailed', message, detail: message });
          }}
          onInfospot={(spot) => openInfospot(store, spot.id)}
          onReady={(handle) => {
            panorama.current = handle;
            control.attach(handle?.viewer ?? null);
          }}
        />
      )}
      {!state.firstShown && tour.images.length > 0 && <PanoramaProgress fraction={firstProgress} />}
      {currentImage && (
        <SceneLinksList
          image={currentImage}
          allowLinks={!listingMode}
          onScene={(hotspot) => {
            hotspotFollowed(hotspot.id);
            goTo(hotspot.image.id);
          }}
          onInfospot={(spot) => openInfospot(store, spot.id)}
        />
      )}
      {state.vr && currentImage && (
        <Suspense fallback={null}>
          <CardboardVr
            key={currentImage.id}
            imageUrl={vrPanoramaUrl(currentImage, apiOrigin)}
            view={vrStartView(currentImage.id, panorama.current?.getView()) ?? initialView(currentImage)}
            targets={currentImage.hotspots.map((hotspot) => ({ hotspotId: hotspot.id, sceneId: hotspot.image.id, ...coordsToYawPitch(hotspot.coords) }))}
            onFollow={(target) => {
              hotspotFollowed(target.hotspotId);
              goTo(target.sceneId);
            }}
            onExit={() => setVr(store, false)}
          />
        </Suspense>
      )}
      {(state.firstShown || tour.images.length === 0) && <ViewerOverlays tour={tour} visible={visible} mobile={mobile} />}
      {(state.modal || chatPanel) && (
        <Suspense fallback={null}>
          <ViewerModals tour={tour} chatPanel={chatPanel} />
        </Suspense>
      )}
    </ViewerFrame>
  );
}
