import { useMessages } from '../i18n/i18n-context';
import type { VisibleControls } from '../tour/viewer-rules';

export interface SidebarProps {
  visible: VisibleControls;
  controlsHidden: boolean;
  ambiencePlaying: boolean;
  onToggleControls: () => void;
  onToggleAmbience: () => void;
  onShare: () => void;
  onFullscreen: () => void;
  onMotion: () => void;
  onVideoChat: () => void;
  chatOpen: boolean;
  onVr: () => void;
  vrOn: boolean;
}

/** The right sidebar; which buttons show comes from visibleControls. */
export function Sidebar(props: SidebarProps) {
  const { visible, controlsHidden } = props;
  const { t } = useMessages();
  return (
    <div className="tv-sidebar" role="toolbar" aria-label={t('tourControls')}>
      <button
        type="button"
        className="tv-icon tv-toggle-controls"
        aria-pressed={controlsHidden}
        aria-label={t(controlsHidden ? 'showControls' : 'hideControls')}
        onClick={props.onToggleControls}
      >
        {controlsHidden ? '☰' : '✕'}
      </button>
      {!controlsHidden && (
        <>
          {visible.ambience && (
            <button
              type="button"
              className="tv-icon"
              aria-pressed={props.ambiencePlaying}
              aria-label={t(props.ambiencePlaying ? 'muteAmbience' : 'playAmbience')}
              onClick={props.onToggleAmbience}
            >
              ♪
            </button>
          )}
          {visible.share && (
            <button type="button" className="tv-icon" aria-label={t('share')} onClick={props.onShare}>
              ⤴
            </button>
          )}
          {visible.fullscreen && (
            <button type="button" className="tv-icon" aria-label={t('fullscreen')} onClick={props.onFullscreen}>
              ⤢
            </button>
          )}
          {visible.motion && (
            <button type="button" className="tv-icon" aria-label={t('toggleMotion')} onClick={props.onMotion}>
              ⟳
            </button>
          )}
          {visible.vr && (
            <button
              type="button"
              className="tv-icon"
              aria-pressed={props.vrOn}
              aria-label={t(props.vrOn ? 'exitVirtualReality' : 'virtualReality')}
              onClick={props.onVr}
            >
              ◎
            </button>
          )}
          {visible.videoChat && (
            <button
              type="button"
              className="tv-icon tv-video-chat"
              aria-pressed={props.chatOpen}
              aria-label={t(props.chatOpen ? 'closeVideoChat' : 'videoChat')}
              onClick={props.onVideoChat}
            >
              ◉
            </button>
          )}
        </>
      )}
    </div>
  );
}

export function LeftIcons({
  visible,
  onLead,
  onFloorplans,
  onShowing,
}: {
  visible: VisibleControls;
  onLead: () => void;
  onFloorplans: () => void;
  onShowing: () => void;
}) {
  const { t } = useMessages();
  return (
    <div className="tv-left-icons">
      {visible.lead && (
        <button type="button" className="tv-icon" aria-label={t('requestInformation')} onClick={onLead}>
          ✉
        </button>
      )}
      {visible.floorplan && (
        <button type="button" className="tv-icon" aria-label={t('floorPlans')} onClick={onFloorplans}>
          ▦
        </button>
      )}
      {visible.showing && (
        <button type="button" className="tv-icon" aria-label={t('requestShowing')} onClick={onShowing}>
          ☎
        </button>
      )}
    </div>
  );
}

export function SceneSteps({ index, count, onStep }: { index: number; count: number; onStep: (delta: 1 | -1) => void }) {
  const { t } = useMessages();
  return (
    <div className="tv-steps">
      <button type="button" className="tv-icon tv-steps__back" aria-label={t('previousScene')} disabled={index <= 0} onClick={() => onStep(-1)}>
        ‹
      </button>
      <button type="button" className="tv-icon tv-steps__forward" aria-label={t('nextScene')} disabled={index >= count - 1} onClick={() => onStep(1)}>
        ›
      </button>
    </div>
  );
}
