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
  return (
    <div className="tv-sidebar" role="toolbar" aria-label="Tour controls">
      <button
        type="button"
        className="tv-icon tv-toggle-controls"
        aria-pressed={controlsHidden}
        aria-label={controlsHidden ? 'Show controls' : 'Hide controls'}
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
              aria-label={props.ambiencePlaying ? 'Mute ambient sound' : 'Play ambient sound'}
              onClick={props.onToggleAmbience}
            >
              ♪
            </button>
          )}
          {visible.share && (
            <button type="button" className="tv-icon" aria-label="Share" onClick={props.onShare}>
              ⤴
            </button>
          )}
          {visible.fullscreen && (
            <button type="button" className="tv-icon" aria-label="Fullscreen" onClick={props.onFullscreen}>
              ⤢
            </button>
          )}
          {visible.motion && (
            <button type="button" className="tv-icon" aria-label="Toggle motion control" onClick={props.onMotion}>
              ⟳
            </button>
          )}
          {visible.vr && (
            <button
              type="button"
              className="tv-icon"
              aria-pressed={props.vrOn}
              aria-label={props.vrOn ? 'Exit virtual reality' : 'Virtual reality'}
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
              aria-label={props.chatOpen ? 'Close video chat' : 'Video chat'}
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
  return (
    <div className="tv-left-icons">
      {visible.lead && (
        <button type="button" className="tv-icon" aria-label="Request information" onClick={onLead}>
          ✉
        </button>
      )}
      {visible.floorplan && (
        <button type="button" className="tv-icon" aria-label="Floor plans" onClick={onFloorplans}>
          ▦
        </button>
      )}
      {visible.showing && (
        <button type="button" className="tv-icon" aria-label="Request a showing" onClick={onShowing}>
          ☎
        </button>
      )}
    </div>
  );
}

export function SceneSteps({ index, count, onStep }: { index: number; count: number; onStep: (delta: 1 | -1) => void }) {
  return (
    <div className="tv-steps">
      <button type="button" className="tv-icon tv-steps__back" aria-label="Previous scene" disabled={index <= 0} onClick={() => onStep(-1)}>
        ‹
      </button>
      <button type="button" className="tv-icon tv-steps__forward" aria-label="Next scene" disabled={index >= count - 1} onClick={() => onStep(1)}>
        ›
      </button>
    </div>
  );
}
