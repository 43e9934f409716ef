import { lazy, Suspense } from 'react';
import type { VideoChatProps } from '../video-chat-contract';

/** SPEC.md §2: the video chat panel is 300 px wide. */
export const VIDEO_PANEL_WIDTH_PX = 300;

// The chat (and twilio-video behind it) is its own chunk, fetched only when a visitor opens the panel.
const VideoChat = lazy(() => import('../video/index').then((module) => ({ default: module.VideoChat })));

/** The 300 px slot at the right edge that hosts the lazily loaded video chat. */
export function VideoChatPanel(props: VideoChatProps) {
  return (
    <aside className="tv-video-panel" aria-label="Video chat" style={{ width: VIDEO_PANEL_WIDTH_PX }}>
      <Suspense fallback={<p className="tv-video-panel__loading">Loading video chat…</p>}>
        <VideoChat {...props} />
      </Suspense>
    </aside>
  );
}
