import { useEffect } from 'react';
import { subscribeKey } from 'valtio/utils';
import { AUTO_ROTATE_DEG_PER_S } from '../panorama/scene-config';
import type { Viewer } from '../viewer/viewer-context';

/** Autorotate comes back this long after the visitor last moved the view. */
export const AUTO_ROTATE_RESUME_MS = 10_000;

/**
 * A tour's autorotate, resumed by the viewer rather than by pannellum: pannellum's own resume turns the camera back
 * to the scene's starting pitch, levelling a view the visitor had tilted; ours goes on at the pitch they left.
 * A live chat stops it for everyone (followers go where the host looks), and ending the chat resumes it.
 */
export function useAutoRotate({ store, panorama, control }: Viewer): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resume = () => {
      const viewer = panorama.current?.viewer;
      if (viewer && store.tour?.config.autoRotate && !store.chatActive && !store.vr) viewer.startAutoRotate(AUTO_ROTATE_DEG_PER_S, viewer.getPitch());
    };
    const stopTouches = control.onUserInteraction(() => {
      clearTimeout(timer);
      timer = setTimeout(resume, AUTO_ROTATE_RESUME_MS);
    });
    const stopChats = subscribeKey(
      store,
      'chatActive',
      (active) => {
        clearTimeout(timer);
        if (active) panorama.current?.viewer.stopAutoRotate();
        else resume();
      },
      true,
    );
    return () => {
      clearTimeout(timer);
      stopTouches();
      stopChats();
    };
  }, [store, panorama, control]);
}
