/** What the support check needs to know about the browser; `currentBrowser()` reads it from the page. */
export interface BrowserTraits {
  userAgent: string;
  /** navigator.mediaDevices.getUserMedia exists. */
  mediaCapture: boolean;
  /** RTCPeerConnection exists. */
  peerConnection: boolean;
  /** Brave says so only through `navigator.brave`; its user agent is Chrome's. */
  brave: boolean;
}

/** Chromium-derived browsers that may join; any other rebranded Chromium may not. */
const ALLOWED_CHROMIUM_BRANDS = ['edg', 'edga', 'electron', 'headlesschrome'];
/** Product names vanilla Chrome puts in its user agent (CriOS is Chrome on iOS). */
const CHROME_NAMES = ['chrome', 'crios', 'mobile', 'safari'];

/** The engine family the user agent names, or null for one we do not recognise. */
function recognisedBrowser(userAgent: string): 'chrome' | 'firefox' | 'safari' | null {
  if (/Chrome|CriOS/.test(userAgent)) return 'chrome';
  if (/Firefox|FxiOS/.test(userAgent)) return 'firefox';
  if (/Safari|iPhone|iPad|iPod/.test(userAgent)) return 'safari';
  return null;
}

/**
 * The product names of a user agent, lower-cased, without the first two (the `Mozilla/5.0` source and the
 * engine) and without anything in parentheses: "… AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 OPR/106 …"
 * gives chrome, opr, ….
 */
function productNames(userAgent: string): string[] {
  let depth = 0;
  let outside = '';
  for (const char of userAgent) {
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += char;
  }
  return (outside.match(/\S+/g) ?? []).slice(2).map((token) => token.split('/')[0].toLowerCase());
}

/**
 * A recognised browser with media capture and peer connection support; unsupported Chromium-derived
 * browsers are excluded except Edge, Electron and headless Chrome.
 */
export function canJoinVideoChat(browser: BrowserTraits): boolean {
  if (!browser.mediaCapture || !browser.peerConnection) return false;
  const family = recognisedBrowser(browser.userAgent);
  if (!family) return false;
  if (family !== 'chrome') return true;
  if (browser.brave) return false;
  const names = productNames(browser.userAgent);
  if (names.some((name) => ALLOWED_CHROMIUM_BRANDS.includes(name))) return true;
  // EdgeHTML ("Edge/18") is not Chromium and is not allowed either: it lands here as an unknown brand.
  return names.every((name) => CHROME_NAMES.includes(name));
}

export function currentBrowser(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    mediaCapture: typeof navigator.mediaDevices?.getUserMedia === 'function',
    peerConnection: typeof RTCPeerConnection === 'function',
    brave: 'brave' in navigator,
  };
}
