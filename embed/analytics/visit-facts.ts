import type { AnalyticsDevice, AnalyticsKind } from '../../api/schema/analytics';

/** What the server accepts as a host (api/schema/analytics.ts); anything else is sent as unknown (''). */
const HOST = /^[A-Za-z0-9.:[\]-]{1,253}$/;

function hostOf(address: string | undefined): string {
  try {
    const host = address ? new URL(address).host : '';
    return HOST.test(host) ? host : '';
  } catch {
    return '';
  }
}

function framed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    // A cross-origin parent may refuse even the comparison.
    return true;
  }
}

/**
 * Where the viewer runs: our own tour page, our page in a partner's `<iframe>`, or the element on a partner's page.
 * Only the host of the embedding page is kept, never its path or query.
 */
function embeddingOf(apiOrigin: string): { kind: AnalyticsKind; host: string } {
  if (location.origin !== apiOrigin) return { kind: 'element', host: hostOf(location.href) };
  if (!framed()) return { kind: 'page', host: hostOf(location.href) };
  // The frame's own address is ours: the partner's host is the parent's origin (ancestorOrigins where the browser
  // has it, else the referrer, which browsers cut to the origin for cross-origin frames anyway).
  return { kind: 'iframe', host: hostOf(location.ancestorOrigins?.[0] ?? document.referrer) };
}

/** Narrower than this (its shorter side), a viewport is a phone's, in either orientation. */
const PHONE_BELOW_PX = 600;
/** A touch screen up to this long side is a tablet's (a 12.9" iPad is 1366 CSS px); larger ones count as desktops. */
const TABLET_UP_TO_PX = 1366;

/** The device class from a viewport's size and the pointer, never from the user agent. */
function deviceClass(width: number, height: number, coarse: boolean): AnalyticsDevice {
  if (Math.min(width, height) < PHONE_BELOW_PX) return 'phone';
  return coarse && Math.max(width, height) <= TABLET_UP_TO_PX ? 'tablet' : 'desktop';
}

/** Where the visit happens and on what: an iframe's own viewport is the embed's size, so there the screen's counts. */
export function visitFacts(apiOrigin: string): { kind: AnalyticsKind; host: string; device: AnalyticsDevice } {
  const embedding = embeddingOf(apiOrigin);
  const area = embedding.kind === 'iframe' ? screen : { width: innerWidth, height: innerHeight };
  return { ...embedding, device: deviceClass(area.width, area.height, matchMedia('(pointer: coarse)').matches) };
}
