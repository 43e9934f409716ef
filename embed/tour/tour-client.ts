import type { ErrorBody } from '../../api/schema/errors';
import type { Tour } from '../../api/schema/tour';
import { userFromCookies, type User } from '../../api/schema/user';
import { API_ORIGIN } from '../element/api-origin';

export type ApiFailure = ErrorBody['error'] | { code: 'NetworkError'; message: string };
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

const NETWORK_ERROR = { code: 'NetworkError', message: 'The tour could not be reached. Check your connection.' } as const;

/** The owners' app keeps the signed-in user in a cookie; it is readable only on our own origin. */
export function signedInUser(): User | null {
  if (typeof document === 'undefined' || location.origin !== API_ORIGIN) return null;
  try {
    return userFromCookies(document.cookie);
  } catch {
    // Our page in a sandboxed frame without same-origin rights (as oEmbed consumers show it) has no cookies.
    return null;
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  const user = signedInUser();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (user?.token) headers.Authorization = `JWT ${user.token}`;
  try {
    const response = await fetch(`${API_ORIGIN}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
    const json = await response.json();
    return response.ok ? { ok: true, value: json as T } : { ok: false, error: (json as ErrorBody).error };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, error: NETWORK_ERROR };
  }
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => call<T>('GET', path, undefined, signal);
export const apiPost = <T>(path: string, body: unknown) => call<T>('POST', path, body);

/** The public page embeds the tour it shows (as an anonymous visitor sees it). */
function embeddedTour(shortId: string): Tour | undefined {
  if (location.origin !== API_ORIGIN || signedInUser()) return undefined;
  const island = document.getElementById('tour-data');
  if (!island?.textContent) return undefined;
  const tour = JSON.parse(island.textContent) as Tour;
  return tour.shortId === shortId ? tour : undefined;
}

const prefetched = new Map<string, Promise<ApiResult<Tour>>>();

/**
 * Starts fetching a tour before React has mounted the element: on a partner page the script runs after the markup,
 * so the request overlaps the viewer's own start-up. The answer is used once by loadTour.
 */
export function prefetchTour(shortId: string): Promise<ApiResult<Tour>> {
  const embedded = embeddedTour(shortId);
  if (embedded) return Promise.resolve({ ok: true, value: embedded });
  let request = prefetched.get(shortId);
  if (!request) {
    request = apiGet<Tour>(`/tours/${encodeURIComponent(shortId)}`);
    prefetched.set(shortId, request);
  }
  return request;
}

export async function loadTour(shortId: string, signal?: AbortSignal): Promise<ApiResult<Tour>> {
  const embedded = embeddedTour(shortId);
  if (embedded) return { ok: true, value: embedded };
  const early = prefetched.get(shortId);
  prefetched.delete(shortId);
  return early ?? apiGet<Tour>(`/tours/${encodeURIComponent(shortId)}`, signal);
}
