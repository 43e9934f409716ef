/** How often the mesh provider reads the audio levels of its peer connections. */
export const SPEAKER_SAMPLE_MS = 500;
/** The level (WebRTC's audioLevel scale, 0 to 1, averaged over a sample) from which someone counts as speaking:
 *  below it is room noise and breathing. */
export const SPEAKING_LEVEL = 0.02;
/** The speaker keeps the ring this long after they were last the loudest, so that a pause or a cough from
 *  someone else does not move it back and forth. */
export const SPEAKER_HOLD_MS = 1500;

export interface Speaker {
  id: string;
  /** When they were last the loudest. */
  heardAt: number;
}

/**
 * The dominant speaker after one sample of audio levels (by participant): the loudest one at or above
 * SPEAKING_LEVEL, unless the current speaker was the loudest less than SPEAKER_HOLD_MS ago. Null when nobody
 * has spoken for that long.
 */
export function nextSpeaker(levels: ReadonlyMap<string, number>, current: Speaker | null, now: number): Speaker | null {
  let loudest: string | null = null;
  let loudestLevel = 0;
  for (const [id, level] of levels) {
    if (level >= SPEAKING_LEVEL && (loudest === null || level > loudestLevel)) {
      loudest = id;
      loudestLevel = level;
    }
  }
  if (current && loudest === current.id) return { id: current.id, heardAt: now };
  if (current && now - current.heardAt < SPEAKER_HOLD_MS) return current;
  return loudest === null ? null : { id: loudest, heardAt: now };
}
