import type { Tour } from '../schema/tour';
import { socialImageUrl } from '../tours/social-image';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** JSON inside <script> must not be able to close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The stylesheet of both pages, built beside the viewer. */
const TOUR_PAGE_CSS = '/embed/tour-page.css';

export interface PublicTourPage {
  /** The tour as this visitor may see it, or undefined when it cannot be shown (then only the element renders its notice). */
  tour: Tour | undefined;
  shortId: string;
  /** Absolute origin of this server, for meta tags that crawlers read. */
  origin: string;
  /** Public and published: indexed by search engines and offered to oEmbed consumers; any other page is neither. */
  open: boolean;
}

/** The public tour page: the viewer element with its tour data embedded, and the share meta tags. */
export function renderPublicTourPage({ tour, shortId, origin, open }: PublicTourPage): string {
  const title = `360 Tour - ${tour?.title || tour?.name || 'Virtual tour'}`;
  const description = tour?.description || 'A 360° virtual tour.';
  const image = tour ? socialImageUrl(tour, origin) : '';
  const pageUrl = `${origin}/tours/${encodeURIComponent(shortId)}`;
  const meta = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', pageUrl],
    ...(image ? [['og:image', image]] : []),
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ...(image ? [['twitter:image', image]] : []),
  ];
  const metaTags = meta
    .map(([key, value]) => {
      const attr = key.startsWith('og:') ? 'property' : 'name';
      return `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
    })
    .join('\n    ');
  const discovery = open
    ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${origin}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`)}" title="${escapeHtml(title)}">`
    : '<meta name="robots" content="noindex">';
  const data = tour ? `<script type="application/json" id="tour-data">${jsonForScript(tour)}</script>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:,">
    <meta name="description" content="${escapeHtml(description)}">
    ${metaTags}
    ${discovery}
    <link rel="modulepreload" href="/embed/tour-viewer.js">
    <link rel="stylesheet" href="${TOUR_PAGE_CSS}">
  </head>
  <body>
    ${data}
    <tour-viewer short-id="${escapeHtml(shortId)}" loading="eager"></tour-viewer>
    <script type="module" src="/embed/tour-viewer.js"></script>
  </body>
</html>
`;
}

/** A page that only says why the tour is not shown here. */
export function renderNoticePage(message: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>360 Tour</title><link rel="icon" href="data:,">
    <link rel="stylesheet" href="${TOUR_PAGE_CSS}">
  </head>
  <body class="notice"><p role="alert">${escapeHtml(message)}</p></body>
</html>
`;
}
