/** The viewer talks to the server it was loaded from, wherever the partner page lives. */
export const API_ORIGIN = new URL(import.meta.url).origin;

/** On the tour's own page (served by us) the address is ours to keep a deep link in; on a partner's page it is not. */
export function onOwnPage(): boolean {
  return location.origin === API_ORIGIN && location.pathname.startsWith('/tours/');
}

export function absoluteUrl(url: string): string {
  return url ? new URL(url, `${API_ORIGIN}/`).href : '';
}
