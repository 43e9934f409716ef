/** Where the viewer's script was loaded from: the tour server, unless the script was bundled or served by a CDN. */
export const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/**
 * The tour server an element talks to: the origin of its `server` attribute (an http(s) address), else the origin
 * its script came from. Each element keeps its own, so one page can show tours of two servers. Undefined when the
 * attribute is not an http(s) address.
 */
export function apiOriginOf(element: Element): string | undefined {
  const server = element.getAttribute('server')?.trim();
  if (!server) return SCRIPT_ORIGIN;
  try {
    const url = new URL(server);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** On the tour's own page (served by us) the address is ours to keep a deep link in; on a partner's page it is not. */
export function onOwnPage(): boolean {
  return location.origin === SCRIPT_ORIGIN && location.pathname.startsWith('/tours/');
}

/** A media address of the tour's answer (a path on its server, or a CDN's address) made absolute. */
export function absoluteUrl(url: string, apiOrigin: string): string {
  return url ? new URL(url, `${apiOrigin}/`).href : '';
}
