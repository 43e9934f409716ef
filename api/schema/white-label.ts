/** What the white-label check found at the owner's address; stored as the tour's whiteLabelStatusCode. */
export const WHITE_LABEL_STATUSES = ['UNKNOWN', 'NOTFOUND', 'BADHOST', 'UPGRADE', 'OK'] as const;
export type WhiteLabelStatus = (typeof WHITE_LABEL_STATUSES)[number];

/** White-label status hints, as the brand kit shows them. */
export const WHITE_LABEL_HINTS: Record<WhiteLabelStatus, string> = {
  UNKNOWN: 'The request timed out: the domain records are not configured yet.',
  NOTFOUND: 'The URL returned a 404 (not found).',
  BADHOST: 'The URL points somewhere else, not to your tour.',
  UPGRADE: 'The URL is configured correctly, but an upgrade to Pro Plus is needed.',
  OK: 'Your white-label URL is ready.',
};

/** What the check found, in a few words, before its hint: the status codes are for the API, not for owners. */
export const WHITE_LABEL_TITLES: Record<WhiteLabelStatus, string> = {
  UNKNOWN: 'Not reachable yet.',
  NOTFOUND: 'Not found.',
  BADHOST: 'Points elsewhere.',
  UPGRADE: 'Needs Pro Plus.',
  OK: 'Ready.',
};

/**
 * The DNS record that points an owner's address at this server: a CNAME names a host, so a server reached by its
 * IP address needs an A record (AAAA for IPv6) instead.
 */
export function pointingRecord(serverHost: string): 'CNAME' | 'A' | 'AAAA' {
  if (serverHost.includes(':')) return 'AAAA';
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(serverHost) ? 'A' : 'CNAME';
}

/** Response header the public tour page carries, so the check can tell our page from another site's. */
export const TOUR_PAGE_HEADER = 'X-Tour-Short-Id';

/** GET /api/tours/{shortId}/white-label-status answers this. */
export interface WhiteLabelCheck {
  status: WhiteLabelStatus;
  /** The address that was fetched. */
  checkedUrl: string;
}
