import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { onOwnPage } from '../element/api-origin';
import { openChat } from '../tour/viewer-store';
import type { Viewer } from '../viewer/viewer-context';

/** The chat flag in the tour page's address: added while a chat is live, removed when it ends. */
function setVideoChatFlag(on: boolean): void {
  const url = new URL(location.href);
  if (on) url.searchParams.set('showVideoChat', '1');
  else url.searchParams.delete('showVideoChat');
  history.replaceState(history.state, '', url);
}

/**
 * What the video chat changes outside the store: the panel opens at start when asked for, and a live chat is
 * flagged in the tour page's own address (its autorotate is use-auto-rotate's).
 */
export function useLiveChat({ store }: Viewer, requested: boolean): void {
  const { status } = useSnapshot(store);
  useEffect(() => {
    if (status === 'ready' && requested) openChat(store);
  }, [status, requested, store]);
  useEffect(
    () =>
      subscribeKey(
        store,
        'chatActive',
        (active) => {
          if (onOwnPage()) setVideoChatFlag(active);
        },
        true,
      ),
    [store],
  );
}
