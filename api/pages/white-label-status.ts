import { TOUR_PAGE_HEADER, type WhiteLabelCheck } from '../schema/white-label';

/** How long the customer's domain may take to answer before its records count as not configured. */
export const WHITE_LABEL_CHECK_TIMEOUT_MS = 8000;

/** Same-host redirects followed (http to https, a trailing slash) before giving up. */
const MAX_REDIRECTS = 3;

/** The tour's page under the white-label address: the address's origin plus the page path this server serves. */
export function whiteLabelPageUrl(whiteLabelUrl: string, shortId: string): URL | undefined {
  const raw = whiteLabelUrl.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return new URL(`/tours/${encodeURIComponent(shortId)}`, url.origin);
  } catch {
    return undefined;
  }
}

/**
 * Fetches the tour's page under the owner's domain and says what it found (SPEC.md §8). Only the status and our
 * page header are read, never the body, so the answer tells the owner nothing about other hosts' content.
 */
export async function checkWhiteLabel(
  pageUrl: URL,
  shortId: string,
  ownerIsProPlus: boolean,
  timeoutMs = WHITE_LABEL_CHECK_TIMEOUT_MS,
): Promise<WhiteLabelCheck> {
  const checkedUrl = pageUrl.href;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let url = pageUrl;
  for (let hop = 0; ; hop++) {
    try {
      response = await fetch(url, { signal, redirect: 'manual', headers: { Accept: 'text/html' } });
    } catch {
      // Timed out, no DNS record, refused: in every case the domain does not reach us yet.
      return { status: 'UNKNOWN', checkedUrl };
    }
    await response.body?.cancel();
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('Location') : null;
    if (!location) break;
    // Visitors must stay on the owner's address: a redirect elsewhere (even to our own host) is not white-labelling.
    const next = new URL(location, url);
    if (next.hostname !== pageUrl.hostname || hop >= MAX_REDIRECTS) return { status: 'BADHOST', checkedUrl };
    url = next;
  }
  if (response.status === 404) return { status: 'NOTFOUND', checkedUrl };
  if (response.headers.get(TOUR_PAGE_HEADER) !== shortId) return { status: 'BADHOST', checkedUrl };
  return { status: ownerIsProPlus ? 'OK' : 'UPGRADE', checkedUrl };
}
