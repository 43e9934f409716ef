import { expect } from 'chai';
import { AMBIENCE_LOOP_CUT_S, AMBIENCE_VOLUME, createAmbience, pauseWhenLeavingBrowse } from '../../../../embed/viewer/ambience';
import { until } from '../support/render';

describe('ambience audio', () => {
  const start = location.href;
  afterEach(() => history.replaceState(null, '', start));

  it('plays at half volume', () => {
    expect(createAmbience('/a.mp3').volume).to.equal(AMBIENCE_VOLUME);
    expect([AMBIENCE_VOLUME, AMBIENCE_LOOP_CUT_S]).to.deep.equal([0.5, 0.44]);
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
