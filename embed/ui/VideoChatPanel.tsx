import '../i18n/en-parts';
import { lazy, Suspense } from 'react';
import { useMessages } from '../i18n/i18n-context';
import type { VideoChatProps } from '../video/contract';

// The chat (and twilio-video behind it) is its own chunk, fetched only when a visitor opens the panel.
const VideoChat = lazy(() => import('../video').then((module) => ({ default: module.VideoChat })));

/** The slot that hosts the lazily loaded video chat: 300 px at the right edge, a sheet along the bottom of a phone-sized viewer. */
export function VideoChatPanel(props: VideoChatProps) {
  const { t } = useMessages();
  return (
    <aside className="tv-video-panel" aria-label={t('videoChat')}>
      <Suspense fallback={<p className="tv-video-panel__loading">{t('loadingVideoChat')}</p>}>
        <VideoChat {...props} />
      </Suspense>
    </aside>
  );
}
