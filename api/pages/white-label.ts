import type { Tour } from '../schema/tour';

/** Tours with ids above this are checked against their white-label address. */
export const WHITE_LABEL_CHECK_FROM_ID = 5820;

export const WHITE_LABEL_NOTICE =
  'This tour cannot be shown at this address. To show it under your own domain, set it under Tour Editor, Brand Kit, Whitelabel URL. Only Pro Plus users may use white-labelling.';

function hostOf(url: string): string | undefined {
  try {
    return new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A tour page reached under another host name than the platform's own (PUBLIC_URL) is a white-label page: it
 * shows only a tour whose whiteLabelUrl names that host. Without PUBLIC_URL there is no "own" host to compare.
 */
export function whiteLabelRefused(tour: Pick<Tour, 'id' | 'whiteLabelUrl'>, requestHost: string, publicUrl: string | undefined): boolean {
  if (!publicUrl || tour.id <= WHITE_LABEL_CHECK_FROM_ID) return false;
  const host = requestHost.toLowerCase();
  if (host === hostOf(publicUrl)) return false;
  return hostOf(tour.whiteLabelUrl) !== host;
}
