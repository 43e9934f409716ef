import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { Tour } from '../../api/schema/tour';
import { hasTouchScreen } from '../element/device-features';
import { useMessages } from '../i18n/i18n-context';
import { useAmbience } from '../hooks/use-ambience';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useMotion } from '../hooks/use-motion';
import { showsWatermark, type VisibleControls } from '../tour/viewer-rules';
import { openFloorplan, openModal, toggleChat, toggleControls, toggleFloorplanPanel, toggleReel } from '../tour/viewer-store';
import { ContactBlock, Watermark } from '../ui/Branding';
import { LeftIcons, SceneSteps, Sidebar } from '../ui/Controls';
import { SceneList } from '../ui/SceneList';
import { SceneReel } from '../ui/SceneReel';
import { useViewer } from './viewer-context';

interface ViewerOverlaysProps {
  tour: Tour;
  visible: VisibleControls;
  mobile: boolean;
}

// Shown only when asked for: loaded the first time it is.
const FloorplanPanel = lazy(() => import('../ui/Floorplans').then((module) => ({ default: module.FloorplanPanel })));

/**
 * Everything drawn over the panorama once it is shown: guidance, sidebar, left icons, steps, reel, branding. They
 * are laid out on one grid sized by the element (less the chat panel), so none can cover another at any size.
 */
export function ViewerOverlays({ tour, visible, mobile }: ViewerOverlaysProps) {
  const viewer = useViewer();
  const { store, goTo } = viewer;
  const state = useSnapshot(store);
  const { t } = useMessages();
  const toggleAmbience = useAmbience(store, tour.config.ambience?.audio);
  const toggleFullscreen = useFullscreen(viewer);
  const { toggleMotion, toggleVr } = useMotion(viewer);
  const touch = hasTouchScreen();
  const sceneIndex = tour.images.findIndex((image) => image.id === state.sceneId);

  // A phone's chat sheet leaves the host too little height for the reel: the scenes become a compact list.
  const compactScenes = state.chatActive && mobile;
  const showControls = !state.controlsHidden && !state.vr;
  const following = state.chatActive && !state.chatHosting;

  return (
    <div className="tv-overlays">
      <div className="tv-hud">
        {following ? (
          // Followers' controls are hidden: this tells them where the host has taken them.
          <p className="tv-guidance tv-guidance--scene" role="status" dir="auto">
            {tour.images[sceneIndex]?.title}
          </p>
        ) : (
          // In VR the stereo view has its own Exit button where this would be.
          !state.vr && (
            <p className="tv-guidance" aria-hidden="true">
              {t(touch ? 'guidanceTouch' : 'guidanceDrag')}
            </p>
          )
        )}
        <Sidebar
          visible={visible}
          controlsHidden={state.controlsHidden}
          ambiencePlaying={state.ambiencePlaying}
          onToggleControls={() => toggleControls(store)}
          onToggleAmbience={toggleAmbience}
          onShare={() => openModal(store, 'share')}
          onFullscreen={toggleFullscreen}
          onMotion={toggleMotion}
          onVideoChat={() => toggleChat(store)}
          vrOn={state.vr}
          onVr={toggleVr}
          chatOpen={state.chatOpen}
        />
        {showControls && (
          <>
            <LeftIcons
              visible={visible}
              onLead={() => openModal(store, 'lead')}
              onFloorplans={() => toggleFloorplanPanel(store)}
              onShowing={() => openModal(store, 'showing')}
            />
            {compactScenes && <SceneList tour={tour} sceneId={state.sceneId} onSelect={goTo} />}
            {tour.config.enableRibbon && !compactScenes && state.reelVisible && (
              <SceneReel tour={tour} sceneId={state.sceneId} onSelect={goTo} showBranding={visible.branding} />
            )}
          </>
        )}
        <div className="tv-bottom-row">
          {showControls && <SceneSteps index={sceneIndex} count={tour.images.length} onStep={(delta) => goTo(tour.images[sceneIndex + delta].id)} />}
          {showControls && visible.branding && <ContactBlock tour={tour} />}
          {showControls && tour.config.enableRibbon && !compactScenes && (
            <button type="button" className="tv-reel-toggle" aria-expanded={state.reelVisible} onClick={() => toggleReel(store)}>
              {t(state.reelVisible ? 'hideScenes' : 'showScenes')}
            </button>
          )}
          {showsWatermark(tour) && <Watermark origin={viewer.apiOrigin} />}
        </div>
      </div>
      {showControls && state.floorplanPanel && (
        <Suspense fallback={null}>
          <FloorplanPanel floorplans={tour.floorplans} onOpen={(id) => openFloorplan(store, id)} />
        </Suspense>
      )}
    </div>
  );
}
