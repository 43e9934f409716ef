/** Ambience plays at half volume and loops by restarting 0.44 s before its end. */
export const AMBIENCE_VOLUME = 0.5;
export const AMBIENCE_LOOP_CUT_S = 0.44;

export function createAmbience(url: string): HTMLAudioElement {
  const audio = new Audio(url);
  audio.crossOrigin = 'anonymous';
  audio.volume = AMBIENCE_VOLUME;
  audio.addEventListener('timeupdate', () => {
    if (audio.duration && audio.currentTime >= audio.duration - AMBIENCE_LOOP_CUT_S) audio.currentTime = 0;
  });
  return audio;
}

/** Leaving a path containing 'browse' stops the ambience (client-side routes change it without events). */
export function pauseWhenLeavingBrowse(audio: HTMLAudioElement, onPaused: () => void): () => void {
  if (!location.pathname.includes('browse')) return () => undefined;
  const timer = setInterval(() => {
    if (location.pathname.includes('browse')) return;
    clearInterval(timer);
    audio.pause();
    onPaused();
  }, 250);
  return () => clearInterval(timer);
}
