import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ambienceChanged, type ViewerState } from '../tour/viewer-store';
import { createAmbience, pauseWhenLeavingBrowse } from '../viewer/ambience';
import { useMediaUrl } from '../viewer/api-origin-context';

/**
 * The tour's ambient sound: the store says whether it plays (a live chat stops it there), this hook owns the audio
 * element and returns the sidebar button's toggle. The audio is made on the first tap, as browsers want.
 */
export function useAmbience(store: ViewerState, audioUrl: string | undefined): () => void {
  const audio = useRef<HTMLAudioElement | null>(null);
  const { ambiencePlaying } = useSnapshot(store);
  const mediaUrl = useMediaUrl();
  useEffect(() => () => audio.current?.pause(), []);
  useEffect(() => {
    if (!ambiencePlaying) return void audio.current?.pause();
    return pauseWhenLeavingBrowse(audio.current!, () => ambienceChanged(store, false));
  }, [ambiencePlaying, store]);

  return () => {
    const current = (audio.current ??= createAmbience(mediaUrl(audioUrl!), (playing) => ambienceChanged(store, playing)));
    if (current.paused) void current.play().catch(() => ambienceChanged(store, false));
    else current.pause();
  };
}
