import type { ErrorBody } from '../api/schema/errors';
import type { Tour } from '../api/schema/tour';
import { API_ORIGIN } from './api-origin';

export type TourResult = { ok: true; tour: Tour } | { ok: false; error: ErrorBody['error'] | { code: 'NetworkError'; message: string } };

/** The public page embeds the tour it shows; anything else is fetched from the API. */
function embeddedTour(shortId: string): Tour | undefined {
  if (location.origin !== API_ORIGIN) return undefined;
  const island = document.getElementById('tour-data');
  if (!island?.textContent) return undefined;
  const tour = JSON.parse(island.textContent) as Tour;
  return tour.shortId === shortId ? tour : undefined;
}

export async function loadTour(shortId: string, signal?: AbortSignal): Promise<TourResult> {
  const embedded = embeddedTour(shortId);
  if (embedded) return { ok: true, tour: embedded };
  try {
    const response = await fetch(`${API_ORIGIN}/api/tours/${encodeURIComponent(shortId)}`, { signal, credentials: 'omit' });
    const body = await response.json();
    if (!response.ok) return { ok: false, error: (body as ErrorBody).error };
    return { ok: true, tour: body as Tour };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, error: { code: 'NetworkError', message: 'The tour could not be loaded. Check your connection.' } };
  }
}
