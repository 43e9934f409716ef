import { describe, expect, it } from 'vitest';
import { canJoinVideoChat, type BrowserTraits } from '../../../../embed/video/browser-support';

const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)';
const UA = {
  chrome: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36`,
  chromeAndroid: `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${WEBKIT} Chrome/131.0.0.0 Mobile Safari/537.36`,
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  edge: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86`,
  edgeAndroid: `Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0`,
  edgeHtml: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045`,
  electron: `Mozilla/5.0 (X11; Linux x86_64) ${WEBKIT} tour-kiosk/2.1.0 Chrome/130.0.6723.191 Electron/33.3.1 Safari/537.36`,
  headless: `Mozilla/5.0 (X11; Linux x86_64) ${WEBKIT} HeadlessChrome/131.0.0.0 Safari/537.36`,
  opera: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0`,
  samsung: `Mozilla/5.0 (Linux; Android 13; SM-S911B) ${WEBKIT} SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36`,
  vivaldi: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 Vivaldi/7.0.3495.27`,
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  ie: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

const browser = (userAgent: string, traits: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent,
  mediaCapture: true,
  peerConnection: true,
  brave: false,
  ...traits,
});

// A recognised browser with media capture and peer connection; rebranded Chromium only as Edge, Electron or headless Chrome.
describe('canJoinVideoChat', () => {
  it.each([
    ['Chrome', UA.chrome],
    ['Chrome on Android', UA.chromeAndroid],
    ['Chrome on iOS', UA.chromeIos],
    ['Edge', UA.edge],
    ['Edge on Android', UA.edgeAndroid],
    ['Electron in an app with its own name', UA.electron],
    ['headless Chrome', UA.headless],
    ['Firefox', UA.firefox],
    ['Safari', UA.safari],
  ])('lets %s join', (_name, userAgent) => {
    expect(canJoinVideoChat(browser(userAgent))).toBe(true);
  });

  it.each([
    ['Opera', UA.opera],
    ['Samsung Internet', UA.samsung],
    ['Vivaldi', UA.vivaldi],
    ['EdgeHTML (not Chromium)', UA.edgeHtml],
    ['an unrecognised browser', UA.ie],
  ])('turns %s away', (_name, userAgent) => {
    expect(canJoinVideoChat(browser(userAgent))).toBe(false);
  });

  it('turns Brave away although its user agent is Chrome’s', () => {
    expect(canJoinVideoChat(browser(UA.chrome, { brave: true }))).toBe(false);
  });

  it('needs media capture and peer connections even in a recognised browser', () => {
    expect(canJoinVideoChat(browser(UA.chrome, { mediaCapture: false }))).toBe(false);
    expect(canJoinVideoChat(browser(UA.firefox, { peerConnection: false }))).toBe(false);
  });
});
