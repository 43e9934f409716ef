import type { ErrorBody } from '../../api/schema/errors';
import type { Tour } from '../../api/schema/tour';
import { EN } from '../i18n/en';
import { userFromCookies, type User } from '../../api/schema/user';

export type ApiFailure = ErrorBody['error'] | { code: 'NetworkError' | 'NoServer'; message: string };
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

const NETWORK_ERROR = { code: 'NetworkError', message: EN['error.NetworkError'] } as const;

/**
 * What a tour server's address answered when it is not a tour server (a CDN's or the partner's own 404 page): the
 * element without a `server` attribute asks the origin its script came from.
 */
export function noServerAt(apiOrigin: string): ApiFailure {
  return {
    code: 'NoServer',
    message: `No tour server answered at ${apiOrigin}: give the viewer a server attribute with the address of the server that holds the tour.`,
  };
}

/** The owners' app keeps the signed-in user in a cookie; it is readable only on the tour server's own pages. */
export function signedInUser(apiOrigin: string): User | null {
  if (typeof document === 'undefined' || location.origin !== apiOrigin) return null;
  try {
    return userFromCookies(document.cookie);
  } catch {
    // Our page in a sandboxed frame without same-origin rights (as oEmbed consumers show it) has no cookies.
    return null;
  }
}

async function call<T>(apiOrigin: string, method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  const user = signedInUser(apiOrigin);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (user?.token) headers.Authorization = `JWT ${user.token}`;
  try {
    const response = await fetch(`${apiOrigin}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
    const json = (await response.json().catch(() => undefined)) as T | ErrorBody | undefined;
    if (response.ok && json !== undefined) return { ok: true, value: json as T };
    const error = (json as ErrorBody | undefined)?.error;
    return { ok: false, error: typeof error?.code === 'string' ? error : noServerAt(apiOrigin) };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, error: NETWORK_ERROR };
  }
}

export const apiGet = <T>(apiOrigin: string, path: string, signal?: AbortSignal) => call<T>(apiOrigin, 'GET', path, undefined, signal);
export const apiPost = <T>(apiOrigin: string, path: string, body: unknown) => call<T>(apiOrigin, 'POST', path, body);

/** The public page embeds the tour it shows (as an anonymous visitor sees it). */
function embeddedTour(apiOrigin: string, shortId: string): Tour | undefined {
  if (location.origin !== apiOrigin || signedInUser(apiOrigin)) return undefined;
  const island = document.getElementById('tour-data');
  if (!island?.textContent) return undefined;
  const tour = JSON.parse(island.textContent) as Tour;
  return tour.shortId === shortId ? tour : undefined;
}

/** Keyed by server and short id: two elements may show the same short id from two servers. */
const prefetched = new Map<string, Promise<ApiResult<Tour>>>();

const prefetchKey = (apiOrigin: string, shortId: string) => `${apiOrigin} ${shortId}`;

/**
 * Starts fetching a tour before React has mounted the element: on a partner page the script runs after the markup,
 * so the request overlaps the viewer's own start-up. The answer is used once by loadTour.
 */
export function prefetchTour(apiOrigin: string, shortId: string): Promise<ApiResult<Tour>> {
  const embedded = embeddedTour(apiOrigin, shortId);
  if (embedded) return Promise.resolve({ ok: true, value: embedded });
  const key = prefetchKey(apiOrigin, shortId);
  let request = prefetched.get(key);
  if (!request) {
    request = apiGet<Tour>(apiOrigin, `/tours/${encodeURIComponent(shortId)}`);
    prefetched.set(key, request);
  }
  return request;
}

export async function loadTour(apiOrigin: string, shortId: string, signal?: AbortSignal): Promise<ApiResult<Tour>> {
  const embedded = embeddedTour(apiOrigin, shortId);
  if (embedded) return { ok: true, value: embedded };
  const key = prefetchKey(apiOrigin, shortId);
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early ?? apiGet<Tour>(apiOrigin, `/tours/${encodeURIComponent(shortId)}`, signal);
}
