/** What joining a video chat asks of the browser, whatever name it gives itself. */
export interface BrowserCapabilities {
  /** navigator.mediaDevices.getUserMedia exists (browsers offer it only on secure pages). */
  mediaCapture: boolean;
  /** RTCPeerConnection exists. */
  peerConnection: boolean;
}

export type VideoProvider = 'mesh' | 'twilio';

/**
 * Whether this browser can join, decided by what it can do rather than by its user agent: Samsung Internet, Opera
 * and the browsers inside social apps run the built-in chat as well as Chrome does. It needs the camera and peer
 * connections; Twilio's media also needs what twilio-video itself checks for (`twilioSupported`, asked only then).
 */
export async function canJoinVideoChat(browser: BrowserCapabilities, provider: VideoProvider, twilioSupported: () => Promise<boolean>): Promise<boolean> {
  if (!browser.mediaCapture || !browser.peerConnection) return false;
  return provider !== 'twilio' || twilioSupported();
}

export function currentBrowser(): BrowserCapabilities {
  return {
    mediaCapture: typeof navigator.mediaDevices?.getUserMedia === 'function',
    peerConnection: typeof RTCPeerConnection === 'function',
  };
}
