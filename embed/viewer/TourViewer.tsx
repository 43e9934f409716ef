import pannellumCss from 'pannellum/build/pannellum.css';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { Tour } from '../../api/schema/tour';
import { createAmbience, pauseWhenLeavingBrowse } from './ambience';
import { API_ORIGIN, absoluteUrl, onOwnPage } from '../element/api-origin';
import { dropEarlyPanorama } from '../panorama/early-panorama';
import { Panorama, type PanoramaHandle } from '../panorama/Panorama';
import { createPanoramaControl, type AttachablePanoramaControl } from '../panorama/panorama-control';
import { AUTO_ROTATE_DEG_PER_S, initialView, panoramaUrl } from '../panorama/scene-config';
import viewerCss from '../styles/viewer.css';
import { loadTour, signedInUser } from '../tour/tour-client';
import { ContactBlock, Watermark } from '../ui/Branding';
import { CardboardVr } from '../ui/CardboardVr';
import { LeftIcons, SceneSteps, Sidebar } from '../ui/Controls';
import { FloorplanModal, FloorplanPanel } from '../ui/Floorplans';
import { InfospotModal } from '../ui/InfospotModal';
import { LEAD_RECEIVED, LeadModal } from '../ui/LeadModal';
import { LockedTourModal, PaymentsModal } from '../ui/LockModals';
import { Modal } from '../ui/Modal';
import { PasswordGate } from '../ui/PasswordGate';
import { SceneLinksList } from '../ui/SceneLinksList';
import { SceneReel } from '../ui/SceneReel';
import { ShareModal } from '../ui/ShareModal';
import { ShowingModal } from '../ui/ShowingModal';
import { VideoChatPanel } from '../ui/VideoChatPanel';
import { useHostWidth } from '../hooks/use-host-size';
import { parseLoading } from '../element/loading-mode';
import { useStartWhenVisible } from '../hooks/use-visible';
import type { PanoramaView } from '../video/contract';
import { emit, markFirstPanorama } from '../element/viewer-events';
import { flagOn, listingModeAllowed, listingModeRequested, lockCheck, MOBILE_BREAKPOINT_EM, visibleControls } from '../tour/viewer-rules';
import { closeModal, createViewerStore, openInfospot, openModal, sceneChanged, showNotice, tourFailed, tourLoaded, type ViewerState } from '../tour/viewer-store';
import { linkedView, openingSceneId, viewHash } from '../tour/view-hash';

export interface TourViewerProps {
  shortId?: string;
  loading?: string;
  mls?: string;
  showVideoChat?: string;
  /** The shadow root, handed in by r2wc. */
  container?: ShadowRoot;
}

export const LISTING_MODE_REFUSED = 'This tour cannot be shown in listing-compliant mode: only paid tours or tours of Pro Plus members are allowed.';
export const MOTION_UNAVAILABLE = 'Motion cannot be read on this device. Allow motion and orientation access, or drag to look around.';

/** The chat flag in the tour page's address (SPEC.md §2): added while a chat is live, removed when it ends. */
function setVideoChatFlag(on: boolean): void {
  const url = new URL(location.href);
  if (on) url.searchParams.set('showVideoChat', '1');
  else url.searchParams.delete('showVideoChat');
  history.replaceState(history.state, '', url);
}

/** iOS asks for motion access, and only from a tap; elsewhere it is granted. */
async function orientationPermitted(): Promise<boolean> {
  const permission = typeof DeviceOrientationEvent === 'undefined' ? undefined : (DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> }).requestPermission;
  return permission ? (await permission().catch(() => 'denied')) === 'granted' : true;
}

/** Each element's way to read its camera: pannellum lives in the component, the public getter on the element. */
const viewReaders = new WeakMap<Element, () => PanoramaView | undefined>();

/** Where the element's camera looks now (a copy), or undefined until a panorama is shown. */
export function currentView(host: Element): PanoramaView | undefined {
  const view = viewReaders.get(host)?.();
  return view && { ...view };
}

function sceneTitle(tour: Tour, sceneId: string): string {
  return tour.images.find((image) => image.id === sceneId)?.title ?? '';
}

function useTourLoader(store: ViewerState, host: Element | undefined, shortId: string | undefined, started: boolean): void {
  useEffect(() => {
    if (!started || !host) return;
    if (!shortId) {
      const error = { code: 'BadRequest' as const, message: 'The short-id attribute is missing.' };
      tourFailed(store, error);
      emit(host, 'tour-error', error);
      return;
    }
    const abort = new AbortController();
    store.status = 'loading';
    loadTour(shortId, abort.signal).then(
      (result) => {
        if (!result.ok) {
          tourFailed(store, result.error);
          emit(host, 'tour-error', { code: result.error.code, message: result.error.message });
          return;
        }
        const user = signedInUser();
        tourLoaded(store, result.value, openingSceneId(result.value));
        const lock = lockCheck(result.value, user);
        if (lock === 'locked-tour') openModal(store, 'locked');
        else if (lock === 'payments') openModal(store, 'payments');
        else if (lock === 'share-and-embed') openModal(store, 'share');
      },
      () => undefined, // aborted: a newer short-id or the element went away
    );
    return () => abort.abort();
  }, [started, shortId, host, store]);
}

export function TourViewer({ shortId, loading, mls, showVideoChat, container }: TourViewerProps) {
  const store = useRef(createViewerStore()).current;
  const state = useSnapshot(store);
  const host = container?.host as HTMLElement | undefined;
  const started = useStartWhenVisible(host, parseLoading(loading));
  const hostWidth = useHostWidth(host);
  const panorama = useRef<PanoramaHandle | null>(null);
  const firstLoadDone = useRef(false);
  // Overlays wait for the first panorama, so their images and layout do not compete with it.
  const [firstShown, setFirstShown] = useState(false);
  const ambience = useRef<HTMLAudioElement | null>(null);
  const [ambiencePlaying, setAmbiencePlaying] = useState(false);
  const [fixedFullscreen, setFixedFullscreen] = useState(false);
  const [vr, setVr] = useState(false);
  useTourLoader(store, host, shortId, started);
  const goToRef = useRef<(sceneId: string) => void>(() => undefined);
  const control = useRef<AttachablePanoramaControl | null>(null);
  control.current ??= createPanoramaControl({
    goToScene: (sceneId) => goToRef.current(sceneId),
    openInfospot: (infospotId) => (infospotId ? openInfospot(store, infospotId) : closeModal(store)),
    watchScene: (listener) => subscribeKey(store, 'sceneId', listener),
    watchInfospot: (listener) => subscribeKey(store, 'infospotId', listener),
  });

  const tour = store.tour;
  const listingMode = listingModeRequested(mls);
  const mobile = hostWidth < MOBILE_BREAKPOINT_EM * 16;
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const user = signedInUser();

  useEffect(() => () => ambience.current?.pause(), []);
  // A first panorama started before React (element/first-panoramas.ts) that <Panorama> never took goes with the element.
  useEffect(() => (host ? () => dropEarlyPanorama(host) : undefined), [host]);
  useEffect(() => {
    if (!host) return;
    viewReaders.set(host, () => control.current!.getView());
    return () => void viewReaders.delete(host);
  }, [host]);
  useEffect(() => (ambiencePlaying ? pauseWhenLeavingBrowse(ambience.current!, () => setAmbiencePlaying(false)) : undefined), [ambiencePlaying]);

  const chatRequested = flagOn(showVideoChat) || (onOwnPage() && new URLSearchParams(location.search).get('showVideoChat') === '1');
  useEffect(() => {
    if (state.status === 'ready' && chatRequested) store.chatOpen = true;
  }, [state.status, chatRequested, store]);

  useEffect(() => {
    if (!onOwnPage() || state.status !== 'ready') return;
    let frame = 0;
    let last = '';
    const tick = () => {
      const view = panorama.current?.getView();
      const hash = view ? viewHash(view) : '';
      if (hash && hash !== last) {
        last = hash;
        history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
      }
      frame = window.setTimeout(tick, 500);
    };
    tick();
    return () => clearTimeout(frame);
  }, [state.status]);

  const styles = (
    <>
      <style>{pannellumCss}</style>
      <style>{viewerCss}</style>
    </>
  );
  if (state.status === 'error' && state.error) {
    return (
      <div className="tv-root" data-status="error">
        {styles}
        <div className="tv-notice" role="alert">
          {state.error.message}
        </div>
      </div>
    );
  }
  if (!tour || state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="tv-root" data-status={state.status}>
        {styles}
        {state.status === 'loading' && <div className="tv-notice tv-notice--quiet">Loading tour…</div>}
      </div>
    );
  }
  if (state.status === 'password') {
    return (
      <div className="tv-root" data-status="password">
        {styles}
        <PasswordGate shortId={tour.shortId} onUnlocked={(full) => tourLoaded(store, full)} />
      </div>
    );
  }
  if (listingMode && !listingModeAllowed(tour)) {
    return (
      <div className="tv-root" data-status="refused">
        {styles}
        <div className="tv-notice" role="alert">
          {LISTING_MODE_REFUSED}
        </div>
      </div>
    );
  }

  const visible = visibleControls({ tour, mobile, vr, mls: listingMode, chatActive: state.chatActive });
  const sceneIndex = tour.images.findIndex((image) => image.id === state.sceneId);
  const currentImage = tour.images[sceneIndex];
  const goTo = (sceneId: string) => {
    if (sceneId === store.sceneId) return;
    sceneChanged(store, sceneId);
    emit(host!, 'scene-change', { sceneId, title: sceneTitle(tour, sceneId) });
  };
  goToRef.current = goTo;
  const firstView = linkedView(state.sceneId);
  const openSpot = state.infospotId ? tour.images.flatMap((image) => image.infospots).find((spot) => spot.id === state.infospotId) : undefined;
  const openPlan = tour.floorplans.find((plan) => plan.floorplanId === state.floorplanId);

  function toggleAmbience() {
    const audio = (ambience.current ??= createAmbience(absoluteUrl(tour!.config.ambience!.audio)));
    if (audio.paused) void audio.play().then(() => setAmbiencePlaying(true), () => setAmbiencePlaying(false));
    else {
      audio.pause();
      setAmbiencePlaying(false);
    }
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) return void document.exitFullscreen();
    // iPhone Safari has no Fullscreen API for elements: cover the window instead.
    if (!host?.requestFullscreen) return setFixedFullscreen((on) => !on);
    void host.requestFullscreen().catch(() => setFixedFullscreen((on) => !on));
  }

  /** SPEC.md §9: a live chat hides the controls and chat button, stops autorotate and ambience; ending restores them. */
  function chatActiveChanged(active: boolean) {
    store.chatActive = active;
    store.controlsHidden = active;
    const viewer = panorama.current?.viewer;
    if (active) {
      viewer?.stopAutoRotate();
      ambience.current?.pause();
      setAmbiencePlaying(false);
    } else if (tour!.config.autoRotate) viewer?.startAutoRotate(AUTO_ROTATE_DEG_PER_S);
    if (onOwnPage()) setVideoChatFlag(active);
  }

  async function toggleMotion() {
    const viewer = panorama.current?.viewer;
    const granted = await orientationPermitted();
    if (!viewer || !granted || !viewer.isOrientationSupported()) return showNotice(store, MOTION_UNAVAILABLE);
    if (viewer.isOrientationActive()) viewer.stopOrientation();
    else viewer.startOrientation();
  }

  return (
    <div className={`tv-root${fixedFullscreen ? ' tv-root--fixed' : ''}${mobile ? ' tv-root--mobile' : ''}${state.chatOpen && visible.videoChatPanel ? ' tv-root--chat' : ''}`} data-status="ready" data-theme={tour.theme}>
      {styles}
      {tour.images.length > 0 && (
        <Panorama
          tour={tour}
          sceneId={state.sceneId}
          firstView={firstView}
          allowLinks={!listingMode}
          onSceneChange={goTo}
          onSceneLoad={(sceneId) => {
            if (firstLoadDone.current) return;
            firstLoadDone.current = true;
            setFirstShown(true);
            markFirstPanorama(host!, tour.shortId);
            emit(host!, 'tour-load', { shortId: tour.shortId, title: tour.title, sceneId });
          }}
          onError={(message) => {
            console.error(`tour-viewer: scene failed to load: ${message}`);
            emit(host!, 'tour-error', { code: 'SceneLoadFailed', message });
          }}
          onInfospot={(spot) => openInfospot(store, spot.id)}
          onReady={(handle) => {
            panorama.current = handle;
            control.current!.attach(handle?.viewer ?? null);
          }}
        />
      )}
      {currentImage && (
        <SceneLinksList
          image={currentImage}
          allowLinks={!listingMode}
          onScene={goTo}
          onInfospot={(spot) => openInfospot(store, spot.id)}
        />
      )}
      {vr && currentImage && <CardboardVr imageUrl={panoramaUrl(currentImage)} view={panorama.current?.getView() ?? initialView(currentImage)} onExit={() => setVr(false)} />}
      {(firstShown || tour.images.length === 0) && (
        <>
      <p className="tv-guidance" aria-hidden="true">
        {touch ? 'Tap the phone to explore' : 'Click and drag to look around'}
      </p>
      <Sidebar
        visible={visible}
        controlsHidden={state.controlsHidden}
        ambiencePlaying={ambiencePlaying}
        mobile={mobile}
        onToggleControls={() => (store.controlsHidden = !store.controlsHidden)}
        onToggleAmbience={toggleAmbience}
        onShare={() => openModal(store, 'share')}
        onFullscreen={toggleFullscreen}
        onMotion={() => void toggleMotion()}
        onVideoChat={() => (store.chatOpen = !store.chatOpen)}
        vrOn={vr}
        onVr={() => {
          // Asked from the tap itself (iOS); without motion the stereo view follows dragging.
          if (!vr) void orientationPermitted();
          setVr(!vr);
        }}
        chatOpen={state.chatOpen}
      />
      {!state.controlsHidden && !vr && (
        <>
          <LeftIcons visible={visible} onLead={() => openModal(store, 'lead')} onFloorplans={() => (store.floorplanPanel = !store.floorplanPanel)} onShowing={() => openModal(store, 'showing')} />
          {state.floorplanPanel && <FloorplanPanel floorplans={tour.floorplans} onOpen={(id) => ((store.floorplanId = id), openModal(store, 'floorplan'))} />}
          {visible.branding && <ContactBlock tour={tour} />}
          <SceneSteps index={sceneIndex} count={tour.images.length} onStep={(delta) => goTo(tour.images[sceneIndex + delta].id)} />
          {tour.config.enableRibbon && (
            <>
              <button type="button" className="tv-reel-toggle" aria-expanded={state.reelVisible} onClick={() => (store.reelVisible = !store.reelVisible)}>
                {state.reelVisible ? 'Hide scenes' : 'Show scenes'}
              </button>
              {state.reelVisible && <SceneReel tour={tour} sceneId={state.sceneId} hostWidth={hostWidth} onSelect={goTo} showBranding={visible.branding} />}
            </>
          )}
        </>
      )}
      {tour.type === 'free' && <Watermark origin={API_ORIGIN} />}
        </>
      )}
      {state.chatOpen && visible.videoChatPanel && (
        <VideoChatPanel
          tour={tour}
          panorama={control.current}
          user={user && { id: user.id, name: user.name, token: user.token }}
          onActiveChange={chatActiveChanged}
          onClose={() => (store.chatOpen = false)}
          onScheduleShowing={(name) => {
            store.showingName = name;
            openModal(store, 'showing');
          }}
        />
      )}
      {state.modal === 'lead' && (
        <LeadModal
          tour={tour}
          onClose={() => closeModal(store)}
          onSubmitted={() => {
            emit(host!, 'lead-submit', { tourId: tour.id });
            showNotice(store, LEAD_RECEIVED);
          }}
        />
      )}
      {state.modal === 'showing' && <ShowingModal tour={tour} initialName={state.showingName} onClose={() => closeModal(store)} onSent={(message) => showNotice(store, message)} />}
      {state.modal === 'share' && <ShareModal tour={tour} canUseListingMode={user?.type === 2 || tour.type === 'paid'} onClose={() => closeModal(store)} />}
      {state.modal === 'infospot' && openSpot && <InfospotModal spot={openSpot} onClose={() => closeModal(store)} />}
      {state.modal === 'floorplan' && openPlan && (
        <FloorplanModal
          plan={openPlan}
          onClose={() => closeModal(store)}
          onRoom={(sceneId) => {
            closeModal(store);
            store.floorplanPanel = false;
            goTo(sceneId);
          }}
        />
      )}
      {/* Only the type changes: the answer is what an anonymous visitor sees, which for a password tour is its cover. */}
      {/* The whole answer: a locked tour reaches visitors without its scenes until an e-mail unlocks it. */}
      {state.modal === 'locked' && <LockedTourModal tour={tour} onUnlocked={(unlocked) => (tourLoaded(store, unlocked), closeModal(store))} />}
      {state.modal === 'payments' && <PaymentsModal onClose={() => closeModal(store)} />}
      {state.modal === 'notice' && (
        <Modal title="Notification" onClose={() => closeModal(store)} width={420}>
          <p role="status">{state.notice}</p>
        </Modal>
      )}
    </div>
  );
}
