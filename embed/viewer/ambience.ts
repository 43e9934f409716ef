/** Ambience plays at half volume and loops by restarting 0.44 s before its end. */
export const AMBIENCE_VOLUME = 0.5;
export const AMBIENCE_LOOP_CUT_S = 0.44;

/**
 * The ambience's audio element. The browser's own loop plays a clip of any length over and over; the cut
 * (restarting before the end, where many clips fade out) only applies to a clip long enough to keep some sound after it.
 * `onPlaying` hears whether it plays, whoever started or stopped it, so the button never says the opposite.
 */
export function createAmbience(url: string, onPlaying: (playing: boolean) => void = () => undefined): HTMLAudioElement {
  const audio = new Audio(url);
  audio.crossOrigin = 'anonymous';
  audio.volume = AMBIENCE_VOLUME;
  audio.loop = true;
  audio.addEventListener('timeupdate', () => {
    if (audio.duration > 2 * AMBIENCE_LOOP_CUT_S && audio.currentTime >= audio.duration - AMBIENCE_LOOP_CUT_S) audio.currentTime = 0;
  });
  audio.addEventListener('playing', () => onPlaying(true));
  for (const stopped of ['pause', 'ended', 'error']) audio.addEventListener(stopped, () => onPlaying(false));
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
