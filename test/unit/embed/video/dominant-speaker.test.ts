import { describe, expect, it } from 'vitest';
import { nextSpeaker, SPEAKER_HOLD_MS, SPEAKING_LEVEL, type Speaker } from '../../../../embed/video/dominant-speaker';

const levels = (entries: Record<string, number>) => new Map(Object.entries(entries));

/** Feeds the samples one every `stepMs` from time 0, and answers who has the ring after each. */
function run(samples: Array<Record<string, number>>, stepMs = 500): Array<string | null> {
  let speaker: Speaker | null = null;
  return samples.map((sample, i) => (speaker = nextSpeaker(levels(sample), speaker, i * stepMs))?.id ?? null);
}

describe('the dominant speaker chosen from audio levels', () => {
  it('is the loudest participant at or above the speaking level', () => {
    expect(nextSpeaker(levels({ ann: 0.3, bob: 0.1, me: 0.05 }), null, 0)).toEqual({ id: 'ann', heardAt: 0 });
    expect(nextSpeaker(levels({ ann: SPEAKING_LEVEL }), null, 0)?.id).toBe('ann');
  });

  it('is nobody while everyone is below the speaking level (room noise)', () => {
    expect(nextSpeaker(levels({ ann: SPEAKING_LEVEL / 2, bob: 0 }), null, 0)).toBeNull();
    expect(nextSpeaker(new Map(), null, 0)).toBeNull();
  });

  it('stays with the speaker through a pause or a cough from someone else shorter than the hold', () => {
    expect(run([{ ann: 0.3 }, { ann: 0, bob: 0.4 }, { ann: 0.01 }, { ann: 0.3, bob: 0.2 }])).toEqual(['ann', 'ann', 'ann', 'ann']);
  });

  it('moves to someone else once the speaker has not been the loudest for the hold', () => {
    const steps = SPEAKER_HOLD_MS / 500;
    const bobTalks = Array.from({ length: steps }, () => ({ ann: 0.05, bob: 0.3 }));
    expect(run([{ ann: 0.3 }, ...bobTalks])).toEqual(['ann', ...Array(steps - 1).fill('ann'), 'bob']);
  });

  it('goes to nobody once the room has been quiet for the hold', () => {
    const steps = SPEAKER_HOLD_MS / 500;
    const quiet = Array.from({ length: steps }, () => ({ ann: 0, bob: 0 }));
    expect(run([{ ann: 0.3 }, ...quiet])).toEqual(['ann', ...Array(steps - 1).fill('ann'), null]);
  });
});
