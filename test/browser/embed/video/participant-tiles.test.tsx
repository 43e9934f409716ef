import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { ParticipantTiles, type LocalTile, type RemoteTile } from '../../../../embed/video/ParticipantTiles';
import videoCss from '../../../../embed/video/video.css';
import { brokenPictureSettled, hostile, scriptRan } from '../../../support/script-payloads';
import { until } from '../support/render';

// Real MediaStreams from painted canvases: the tiles play them as they would a camera's.
const painters: number[] = [];
function cameraStream(colour: string, width = 320, height = 240): MediaStream {
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d')!;
  let shade = 0;
  painters.push(
    window.setInterval(() => {
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.fillStyle = `rgb(${(shade += 20) % 255}, 0, 0)`;
      context.fillRect(0, 0, 40, 40);
    }, 40),
  );
  return canvas.captureStream(25);
}

const roots: Root[] = [];
/** The chat renders inside the viewer's shadow root; the viewer element's width decides the tile sizes. */
function renderInViewer(widthPx: number, local: LocalTile, remotes: RemoteTile[], speakerSid: string | null = null) {
  const viewer = document.createElement('div');
  viewer.style.width = `${widthPx}px`;
  document.body.append(viewer);
  const shadow = viewer.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  roots.push(root);
  /** Renders the tiles again with someone else speaking, as the room does when the dominant speaker changes. */
  const speak = (sid: string | null) =>
    root.render(
      <>
        <style>{videoCss}</style>
        <div style={{ width: 300 }}>
          <ParticipantTiles local={local} remotes={remotes} speakerSid={sid} />
        </div>
      </>,
    );
  speak(speakerSid);
  return { viewer, shadow, speak };
}

afterEach(() => {
  roots.splice(0).forEach((root) => root.unmount());
  painters.splice(0).forEach((painter) => clearInterval(painter));
  document.body.replaceChildren();
});

const me: LocalTile = { sid: 'PA-me', identity: 'Ann::1a2b3c4d', stream: null, isHost: false };
function remotes(count: number, patch: (i: number) => Partial<RemoteTile> = () => ({})): RemoteTile[] {
  return Array.from({ length: count }, (_, i) => ({
    sid: `PA${i}`,
    identity: `Guest ${i}::f00${i}`,
    stream: null,
    audioMuted: false,
    isHost: false,
    ...patch(i),
  }));
}

const tileSids = (shadow: ShadowRoot) => [...shadow.querySelectorAll('.vc-tile')].map((tile) => tile.getAttribute('data-sid'));
const speaking = (shadow: ShadowRoot) => [...shadow.querySelectorAll('.vc-tile--speaking')].map((tile) => tile.getAttribute('data-sid'));
const bubble = (shadow: ShadowRoot) => shadow.querySelector('.vc-bubble')?.textContent ?? null;
const side = (video: Element | null) => (video ? getComputedStyle(video).width : null);

describe('participant tiles in Chromium', () => {
  it('plays each stream in a circle, names people without their suffix, crowns the host and marks the muted', async () => {
    const mine = cameraStream('blue');
    const theirs = cameraStream('green');
    const others = remotes(2, (i) => (i === 0 ? { stream: theirs, audioMuted: true } : { isHost: true }));
    const { shadow } = renderInViewer(1200, { ...me, stream: mine }, others);
    await until(() => shadow.querySelector('.vc-tile--local'), 'the local tile');

    const local = shadow.querySelector('.vc-tile--local')!;
    expect(local.getAttribute('data-sid')).to.equal('PA-me');
    expect(local.querySelector('figcaption')!.textContent!.trim()).to.equal('Ann (you)');
    const localVideo = local.querySelector('video')!;
    expect(localVideo.srcObject).to.equal(mine);
    expect(localVideo.muted).to.equal(true);
    expect(getComputedStyle(localVideo).borderRadius).to.equal('50%');
    await until(() => localVideo.getVideoPlaybackQuality().totalVideoFrames > 0, 'frames of the local camera');

    // The host's tile comes first.
    expect(tileSids(shadow)).to.deep.equal(['PA-me', 'PA1', 'PA0']);
    const host = shadow.querySelector('.vc-tile[data-sid="PA1"]')!;
    expect(host.querySelectorAll('[aria-label="Host"]').length).to.equal(1);
    expect(host.querySelector('[aria-label="Muted"]')).to.equal(null);
    expect(host.textContent).to.include('Guest 1').and.not.include('::');
    const muted = shadow.querySelector('.vc-tile[data-sid="PA0"]')!;
    expect(muted.querySelector('[aria-label="Host"]')).to.equal(null);
    expect(muted.querySelectorAll('[aria-label="Muted"]').length).to.equal(1);
    // Drawn as SVG icons with names, not emoji that show as empty boxes without an emoji font.
    for (const marker of [host.querySelector('[aria-label="Host"]')!, muted.querySelector('[aria-label="Muted"]')!]) {
      expect(marker.tagName).to.equal('svg');
      expect(marker.getAttribute('role')).to.equal('img');
      expect(marker.getBoundingClientRect().width).to.be.greaterThan(0);
    }
    expect(shadow.querySelector('.vc-tiles')!.textContent).not.to.match(/\p{Extended_Pictographic}/u);
    const remoteVideo = muted.querySelector('video')!;
    expect(remoteVideo.srcObject).to.equal(theirs);
    await until(() => remoteVideo.getVideoPlaybackQuality().totalVideoFrames > 0, 'frames of the remote camera');
    expect(local.querySelector('[aria-label="Muted"]')).to.equal(null);
  });

  it('names people as text, whatever they typed as their name in the lobby', async () => {
    const name = hostile('name');
    const { shadow } = renderInViewer(
      1200,
      { ...me, identity: name },
      remotes(1, () => ({ identity: `${name}::f00d` })),
    );
    await until(() => shadow.querySelectorAll('.vc-tile figcaption').length === 2, 'both tiles');
    const captions = [...shadow.querySelectorAll('.vc-tile figcaption')].map((caption) => caption.textContent!.trim());
    expect(captions).to.deep.equal([`${name} (you)`, name]);
    expect(shadow.querySelectorAll('figcaption img, figcaption script, figcaption [onload]').length, 'no element made of a name').to.equal(0);
    await brokenPictureSettled();
    expect(scriptRan()).to.equal(undefined);
  });

  it('makes the tile of an upright video taller by its scaling factor (height over width), so it is seen whole', async () => {
    const upright = cameraStream('green', 180, 320);
    const { shadow } = renderInViewer(
      1200,
      { ...me, stream: cameraStream('blue') },
      remotes(1, () => ({ stream: upright })),
    );
    const video = (selector: string) => shadow.querySelector<HTMLVideoElement>(`${selector} video`);
    await until(() => video('.vc-tile[data-sid="PA0"]')?.style.height === '249px', 'the upright tile 140 × 320/180 high');
    expect(video('.vc-tile[data-sid="PA0"]')!.style.width).to.equal('140px');
    await until(() => video('.vc-tile--local')!.videoWidth === 320, 'the landscape camera playing');
    expect(video('.vc-tile--local')!.style.height, 'landscape stays a circle').to.equal('140px');
  });

  it('shows at most 3 remote tiles and "+N" for the rest, "..." when nobody is over the limit, no bubble to a visitor alone', async () => {
    const crowd = renderInViewer(1200, me, remotes(5)).shadow;
    await until(() => bubble(crowd), 'the bubble');
    expect(tileSids(crowd)).to.deep.equal(['PA-me', 'PA0', 'PA1', 'PA2']);
    expect(bubble(crowd)).to.equal('+2');
    expect(crowd.querySelector('.vc-bubble')!.getAttribute('aria-label')).to.equal('2 more participants');

    const few = renderInViewer(1200, me, remotes(3)).shadow;
    await until(() => bubble(few), 'the bubble');
    expect(tileSids(few)).to.deep.equal(['PA-me', 'PA0', 'PA1', 'PA2']);
    expect(bubble(few)).to.equal('...');

    const alone = renderInViewer(1200, me, []).shadow;
    await until(() => alone.querySelector('.vc-tile--local'), 'the local tile');
    expect(tileSids(alone)).to.deep.equal(['PA-me']);
    expect(alone.querySelector('.vc-bubble')).to.equal(null);
  });

  it('keeps every remote participant audible, those folded into "+N" too', async () => {
    const streams = [0, 1, 2, 3, 4].map(() => cameraStream('grey'));
    const { shadow } = renderInViewer(
      1200,
      me,
      remotes(5, (i) => ({ stream: streams[i] })),
    );
    await until(() => shadow.querySelectorAll('audio').length === 5, 'five audio sinks');
    expect([...shadow.querySelectorAll('audio')].map((audio) => audio.srcObject)).to.deep.equal(streams);
    // Tiles are muted so that nobody is heard twice.
    expect([...shadow.querySelectorAll('video')].every((video) => video.muted)).to.equal(true);
  });

  it('sizes the tiles by the viewer’s width: 140 large, 120 medium, 80 local and 60 remote on small, one remote on extra-small', async () => {
    const { viewer, shadow } = renderInViewer(1200, me, remotes(3));
    const localVideo = () => shadow.querySelector('.vc-tile--local video');
    const remoteVideo = () => shadow.querySelector('.vc-tile:not(.vc-tile--local) video');
    await until(() => side(localVideo()) === '140px', 'large tiles');
    expect(side(remoteVideo())).to.equal('140px');
    expect(getComputedStyle(shadow.querySelector('.vc-bubble')!).width).to.equal('140px');

    // The viewer is resized; the tiles follow once the throttled check runs.
    viewer.style.width = '800px';
    await until(() => side(localVideo()) === '120px', 'medium tiles');
    expect(side(remoteVideo())).to.equal('120px');

    viewer.style.width = '600px';
    await until(() => side(localVideo()) === '80px', 'small tiles');
    expect(side(remoteVideo())).to.equal('60px');
    expect(tileSids(shadow)).to.have.length(4);

    viewer.style.width = '400px';
    await until(() => tileSids(shadow).length === 2, 'one remote tile');
    expect(bubble(shadow)).to.equal('+2');
    expect(side(localVideo())).to.equal('80px');
    expect(side(remoteVideo())).to.equal('60px');
    expect(shadow.querySelector('.vc-tiles')!.getAttribute('data-size')).to.equal('extra-small');
  });

  it('hides the remote tiles and the bubble with the toggle, and shows them again', async () => {
    const { shadow } = renderInViewer(1200, me, remotes(4));
    const toggle = await until(() => shadow.querySelector<HTMLButtonElement>('.vc-tiles__toggle'), 'the toggle');
    expect(toggle.textContent).to.equal('Hide participants');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await until(() => tileSids(shadow).length === 1, 'the remote tiles hidden');
    expect(tileSids(shadow)).to.deep.equal(['PA-me']);
    expect(bubble(shadow)).to.equal(null);
    expect(toggle.textContent).to.equal('Show participants');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(shadow.querySelectorAll('audio').length).to.equal(4);
    toggle.click();
    await until(() => bubble(shadow) === '+1', 'the remote tiles back');
    expect(tileSids(shadow)).to.deep.equal(['PA-me', 'PA0', 'PA1', 'PA2']);
  });

  it('rings the tile of whoever speaks, a remote participant or oneself, and nobody else', async () => {
    const remote = renderInViewer(1200, me, remotes(2), 'PA1').shadow;
    await until(() => remote.querySelector('.vc-tile'), 'the tiles');
    expect(speaking(remote)).to.deep.equal(['PA1']);
    const ring = getComputedStyle(remote.querySelector('.vc-tile--speaking video')!).boxShadow;
    expect(ring).to.include('3px');
    expect(getComputedStyle(remote.querySelector('.vc-tile[data-sid="PA0"] video')!).boxShadow).to.equal('none');

    const own = renderInViewer(1200, me, remotes(2), 'PA-me').shadow;
    await until(() => own.querySelector('.vc-tile'), 'the tiles');
    expect(speaking(own)).to.deep.equal(['PA-me']);

    const quiet = renderInViewer(1200, me, remotes(2)).shadow;
    await until(() => quiet.querySelector('.vc-tile'), 'the tiles');
    expect(speaking(quiet)).to.deep.equal([]);
  });

  it('brings a speaker folded into "+N" into view, ringed, in the last tile that is not the host’s', async () => {
    const streams = [0, 1, 2, 3, 4].map(() => cameraStream('grey'));
    const { shadow, speak } = renderInViewer(
      1200,
      me,
      remotes(5, (i) => ({ stream: streams[i], isHost: i === 1 })),
    );
    await until(() => bubble(shadow), 'the bubble');
    expect(tileSids(shadow)).to.deep.equal(['PA-me', 'PA1', 'PA0', 'PA2']);

    speak('PA4');
    await until(() => shadow.querySelector('.vc-tile[data-sid="PA4"]'), 'the speaker’s tile');
    expect(tileSids(shadow)).to.deep.equal(['PA-me', 'PA1', 'PA0', 'PA4']);
    expect(speaking(shadow)).to.deep.equal(['PA4']);
    expect(getComputedStyle(shadow.querySelector('.vc-tile--speaking video')!).boxShadow).to.include('3px');
    const video = shadow.querySelector<HTMLVideoElement>('.vc-tile[data-sid="PA4"] video')!;
    expect(video.srcObject).to.equal(streams[4]);
    await until(() => video.getVideoPlaybackQuality().totalVideoFrames > 0, 'frames of the speaker’s camera');
    expect(bubble(shadow)).to.equal('+2');

    // Once nobody speaks, the tiles are in joining order again.
    speak(null);
    await until(() => !shadow.querySelector('.vc-tile[data-sid="PA4"]'), 'the speaker folded again');
    expect(tileSids(shadow)).to.deep.equal(['PA-me', 'PA1', 'PA0', 'PA2']);
  });
});
