import { sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import { AMBIENCE_LOOP_CUT_S, AMBIENCE_VOLUME, createAmbience, pauseWhenLeavingBrowse } from '../../../../embed/viewer/ambience';
import { until } from '../support/render';

/** A WAV clip of a quiet tone, `seconds` long, made here so the test needs no sound file. */
function toneUrl(seconds: number): string {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (at: number, value: string) => [...value].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), true);
  return URL.createObjectURL(new Blob([view.buffer], { type: 'audio/wav' }));
}

/** Waits until the clip has started over `times` times (its position went back), then answers whether it still plays. */
async function loops(audio: HTMLAudioElement, times: number): Promise<void> {
  let last = audio.currentTime;
  let restarts = 0;
  await until(() => {
    if (audio.currentTime < last) restarts++;
    last = audio.currentTime;
    return restarts >= times || audio.ended;
  }, `${times} restarts of the clip`);
  expect(audio.ended, 'ended').to.equal(false);
  expect(audio.paused, 'paused').to.equal(false);
}

/** Browsers start sound only after a tap on the page, as a visitor taps the ambience button. */
const tap = () => sendMouse({ type: 'click', position: [1, 1] });

describe('ambience audio', () => {
  const start = location.href;
  before(tap);
  afterEach(() => history.replaceState(null, '', start));

  it('plays at half volume', () => {
    expect(createAmbience('/a.mp3').volume).to.equal(AMBIENCE_VOLUME);
    expect([AMBIENCE_VOLUME, AMBIENCE_LOOP_CUT_S]).to.deep.equal([0.5, 0.44]);
  });

  for (const seconds of [0.1, 1.2]) {
    it(`loops a ${seconds} s clip (${seconds < AMBIENCE_LOOP_CUT_S ? 'shorter' : 'longer'} than the ${AMBIENCE_LOOP_CUT_S} s cut) and says so while it plays`, async () => {
      const heard: boolean[] = [];
      const audio = createAmbience(toneUrl(seconds), (playing) => heard.push(playing));
      try {
        await audio.play();
        await loops(audio, 3);
        expect(heard.length > 0 && heard.every(Boolean), 'always reported playing').to.equal(true);
        audio.pause();
        await until(() => heard.at(-1) === false, 'the pause reported');
      } finally {
        audio.pause();
      }
    });
  }

  it('restarts a long clip before its end', async () => {
    const audio = createAmbience(toneUrl(1.2));
    let furthest = 0;
    audio.addEventListener('timeupdate', () => (furthest = Math.max(furthest, audio.currentTime)));
    try {
      await audio.play();
      await loops(audio, 2);
      // timeupdate comes every quarter second or so: the restart happens at most one of them past the cut.
      expect(furthest).to.be.below(1.2 - AMBIENCE_LOOP_CUT_S + 0.3);
    } finally {
      audio.pause();
    }
  });

  it('pauses once the page leaves a path containing "browse", and not before', async () => {
    history.replaceState(null, '', '/browse/tours');
    const audio = createAmbience('/a.mp3');
    let pauses = 0;
    audio.pause = () => void pauses++; // no sound file here; the call is what matters
    let stopped = false;
    const stop = pauseWhenLeavingBrowse(audio, () => (stopped = true));
    history.pushState(null, '', '/browse/tours/2');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stopped).to.equal(false);
    history.pushState(null, '', '/account');
    await until(() => stopped, 'the pause');
    expect(pauses).to.equal(1);
    stop();
  });
});
