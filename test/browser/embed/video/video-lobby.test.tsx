import { expect } from 'chai';
import { EN } from '../../../../embed/i18n/en';
import { UNSUPPORTED_BROWSER, VideoChat } from '../../../../embed/video';
import type { PanoramaControl } from '../../../../embed/video/contract';
import { apiTour } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';

const OPERA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0';
const SAMSUNG = 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36';

const panorama: PanoramaControl = {
  getView: () => ({ sceneId: 'hall', yaw: 0, pitch: 0, hfov: 90 }),
  setView: () => undefined,
  onUserInteraction: () => () => undefined,
  onSceneChange: () => () => undefined,
  openInfospot: () => undefined,
  onInfospotOpen: () => () => undefined,
};

/** A signed-in visitor who is not the owner: the name is filled in and the lobby waits for Connect. */
function renderLobby(activeChanges: boolean[] = [], tourId?: number) {
  return render(
    <VideoChat
      tour={apiTour({ isScheduleEnabled: false, ...(tourId && { id: tourId }) })}
      panorama={panorama}
      user={{ id: 99, name: 'Ann', token: '' }}
      onActiveChange={(active) => activeChanges.push(active)}
      onHostingChange={() => undefined}
      onClose={() => undefined}
      onScheduleShowing={() => undefined}
    />,
  );
}

const connectButton = (host: HTMLElement) => [...host.querySelectorAll('button')].find((button) => button.textContent === 'Connect');
/** Connect, once the support check has let it be pressed. */
const enabledConnect = (host: HTMLElement) => until(() => connectButton(host)?.disabled === false && connectButton(host), 'Connect enabled');

/** Replaces a navigator property for one test; the original comes back in afterEach. */
const restores: Array<() => void> = [];
function replace<K extends keyof Navigator | keyof MediaDevices>(target: Navigator | MediaDevices, key: K, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true });
  restores.push(() => (own ? Object.defineProperty(target, key, own) : delete (target as unknown as Record<string, unknown>)[key]));
}

afterEach(() => {
  restores.splice(0).forEach((restore) => restore());
  unmountAll();
});

describe('video chat lobby', () => {
  it('tells a browser without peer connections that it cannot join, and keeps Connect disabled (support check)', async () => {
    replace(window as unknown as Navigator, 'RTCPeerConnection' as keyof Navigator, undefined);
    const host = renderLobby();
    const notice = await until(() => host.querySelector('.vc-unsupported'), 'the unsupported-browser notice');
    expect(notice.textContent).to.equal(UNSUPPORTED_BROWSER);
    expect(connectButton(host)!.disabled).to.equal(true);
  });

  for (const [name, userAgent] of [
    ['this Chromium', navigator.userAgent],
    ['Opera', OPERA],
    ['Samsung Internet', SAMSUNG],
  ]) {
    it(`lets ${name} join by what it can do, whatever its user agent says: Connect is enabled with a name`, async () => {
      replace(navigator, 'userAgent', userAgent);
      const host = renderLobby();
      await enabledConnect(host);
      expect(host.querySelector('.vc-unsupported')).to.equal(null);
    });
  }

  it('a failed token request is silent: no toast, the camera is let go and Connect is offered again', async () => {
    // The real API refuses the token: no tour has this id in its database (other test files create tours, so a
    // small id may exist by now), so its room does not exist.
    const realGetUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    const granted: MediaStream[] = [];
    replace(navigator.mediaDevices, 'getUserMedia', async (constraints: MediaStreamConstraints) => {
      const stream = await realGetUserMedia(constraints);
      granted.push(stream);
      return stream;
    });
    const tokenStatuses: number[] = [];
    const realFetch = window.fetch;
    window.fetch = async (...args) => {
      const response = await realFetch(...args);
      if (String(args[0]).endsWith('/video-token')) tokenStatuses.push(response.status);
      return response;
    };
    restores.push(() => (window.fetch = realFetch));
    const activeChanges: boolean[] = [];
    const host = renderLobby(activeChanges, 2_000_000_000);
    const connect = await enabledConnect(host);
    connect.click();
    await until(() => tokenStatuses.length > 0 && !connect.disabled, 'back in the lobby after the token request');
    expect(tokenStatuses).to.deep.equal([404]);
    expect(granted[0].getTracks().map((track) => track.readyState)).to.deep.equal(['ended', 'ended']);
    // A toast would be drawn in the frame it was raised in; give the container two more to be sure.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    expect([...host.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent)).to.deep.equal([]);
    expect(host.querySelectorAll('.vc-lobby').length).to.equal(1);
    expect(activeChanges).to.deep.equal([]);
  });

  it('closing the chat while the camera is being granted lets the camera go and asks for no token', async () => {
    const realGetUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    let grant!: () => void;
    const granted = new Promise<MediaStream>((resolve) => (grant = () => void realGetUserMedia({ video: true, audio: true }).then(resolve)));
    replace(navigator.mediaDevices, 'getUserMedia', () => granted);
    const tokenRequests: string[] = [];
    const realFetch = window.fetch;
    window.fetch = async (...args) => {
      if (String(args[0]).endsWith('/video-token')) tokenRequests.push(String(args[0]));
      return realFetch(...args);
    };
    restores.push(() => (window.fetch = realFetch));
    const activeChanges: boolean[] = [];
    const host = renderLobby(activeChanges);
    (await enabledConnect(host)).click();
    unmountAll();
    grant();
    const stream = await granted;
    await until(() => stream.getTracks().every((track) => track.readyState === 'ended'), 'the camera let go');
    expect(tokenRequests).to.deep.equal([]);
    expect(activeChanges).to.deep.equal([]);
  });

  // This Chromium grants its fake camera to everyone; a visitor refusing it is played by getUserMedia rejecting.
  it('a refused camera: the camera toast stays on show and the visitor stays in the lobby', async () => {
    replace(navigator.mediaDevices, 'getUserMedia', () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const activeChanges: boolean[] = [];
    const host = renderLobby(activeChanges);
    (await enabledConnect(host)).click();
    const toast = await until(() => host.querySelector('.vc-error'), 'the camera toast');
    expect(toast.textContent).to.equal(EN.cameraFailed);
    expect(host.querySelector('.vc-lobby')).to.not.equal(null);
    expect(activeChanges).to.deep.equal([]);
  });
});
