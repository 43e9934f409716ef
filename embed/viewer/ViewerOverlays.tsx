import { useSnapshot } from 'valtio';
import type { Tour } from '../../api/schema/tour';
import { API_ORIGIN } from '../element/api-origin';
import { useAmbience } from '../hooks/use-ambience';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useMotion } from '../hooks/use-motion';
import { showsWatermark, type VisibleControls } from '../tour/viewer-rules';
import { openFloorplan, openModal, toggleChat, toggleControls, toggleFloorplanPanel, toggleReel } from '../tour/viewer-store';
import { ContactBlock, Watermark } from '../ui/Branding';
import { LeftIcons, SceneSteps, Sidebar } from '../ui/Controls';
import { FloorplanPanel } from '../ui/Floorplans';
import { SceneReel } from '../ui/SceneReel';
import { useViewer } from './viewer-context';

interface ViewerOverlaysProps {
  tour: Tour;
  visible: VisibleControls;
  mobile: boolean;
  hostWidth: number;
}

/** Everything drawn over the panorama once it is shown: guidance, sidebar, left icons, steps, reel, branding. */
export function ViewerOverlays({ tour, visible, mobile, hostWidth }: ViewerOverlaysProps) {
  const viewer = useViewer();
  const { store, goTo } = viewer;
  const state = useSnapshot(store);
  const toggleAmbience = useAmbience(store, tour.config.ambience?.audio);
  const toggleFullscreen = useFullscreen(viewer);
  const { toggleMotion, toggleVr } = useMotion(viewer);
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const sceneIndex = tour.images.findIndex((image) => image.id === state.sceneId);

  return (
    <>
      <p className="tv-guidance" aria-hidden="true">
        {touch ? 'Tap the phone to explore' : 'Click and drag to look around'}
      </p>
      <Sidebar
        visible={visible}
        controlsHidden={state.controlsHidden}
        ambiencePlaying={state.ambiencePlaying}
        mobile={mobile}
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
      {!state.controlsHidden && !state.vr && (
        <>
          <LeftIcons
            visible={visible}
            onLead={() => openModal(store, 'lead')}
            onFloorplans={() => toggleFloorplanPanel(store)}
            onShowing={() => openModal(store, 'showing')}
          />
          {state.floorplanPanel && <FloorplanPanel floorplans={tour.floorplans} onOpen={(id) => openFloorplan(store, id)} />}
          {visible.branding && <ContactBlock tour={tour} />}
          <SceneSteps index={sceneIndex} count={tour.images.length} onStep={(delta) => goTo(tour.images[sceneIndex + delta].id)} />
          {tour.config.enableRibbon && (
            <>
              <button type="button" className="tv-reel-toggle" aria-expanded={state.reelVisible} onClick={() => toggleReel(store)}>
                {state.reelVisible ? 'Hide scenes' : 'Show scenes'}
              </button>
              {state.reelVisible && <SceneReel tour={tour} sceneId={state.sceneId} hostWidth={hostWidth} onSelect={goTo} showBranding={visible.branding} />}
            </>
          )}
        </>
      )}
      {showsWatermark(tour) && <Watermark origin={API_ORIGIN} />}
    </>
  );
}
