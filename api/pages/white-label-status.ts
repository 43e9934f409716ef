import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicOnlyLookup } from '../net/public-lookup';
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

export interface WhiteLabelCheckOptions {
  ownerIsProPlus: boolean;
  timeoutMs?: number;
  /** Let the owner's address lead to this server's own networks (an intranet deployment); refused by default. */
  privateNetworks?: boolean;
}

/** Status and our page header of one GET, the body never read. */
function getHead(url: URL, signal: AbortSignal, privateNetworks: boolean): Promise<{ status: number; header: (name: string) => string | undefined }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { headers: { Accept: 'text/html' }, signal, lookup: privateNetworks ? undefined : publicOnlyLookup }, (response) => {
      response.destroy();
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        },
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** An address written as an IP never goes through DNS, so the lookup's check does not see it. */
function isPrivateLiteral(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * Fetches the tour's page under the owner's domain and says what it found. Only the status and our
 * page header are read, never the body, so the answer tells the owner nothing about other hosts' content; and,
 * unless the operator allows it, an address leading to this server's own networks is refused as BADHOST before
 * anything is sent there (no probing of internal services through this check).
 */
export async function checkWhiteLabel(pageUrl: URL, shortId: string, options: WhiteLabelCheckOptions): Promise<WhiteLabelCheck> {
  const { ownerIsProPlus, timeoutMs = WHITE_LABEL_CHECK_TIMEOUT_MS, privateNetworks = false } = options;
  const checkedUrl = pageUrl.href;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Awaited<ReturnType<typeof getHead>>;
  let url = pageUrl;
  for (let hop = 0; ; hop++) {
    if (!privateNetworks && isPrivateLiteral(url)) return { status: 'BADHOST', checkedUrl };
    try {
      response = await getHead(url, signal, privateNetworks);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOTPUBLIC') return { status: 'BADHOST', checkedUrl };
      // Timed out, no DNS record, refused: in every case the domain does not reach us yet.
      return { status: 'UNKNOWN', checkedUrl };
    }
    const location = response.status >= 300 && response.status < 400 ? response.header('Location') : undefined;
    if (!location) break;
    // Visitors must stay on the owner's address: a redirect elsewhere (even to our own host) is not white-labelling.
    const next = new URL(location, url);
    if (next.hostname !== pageUrl.hostname || hop >= MAX_REDIRECTS) return { status: 'BADHOST', checkedUrl };
    url = next;
  }
  if (response.status === 404) return { status: 'NOTFOUND', checkedUrl };
  if (response.header(TOUR_PAGE_HEADER) !== shortId) return { status: 'BADHOST', checkedUrl };
  return { status: ownerIsProPlus ? 'OK' : 'UPGRADE', checkedUrl };
}
