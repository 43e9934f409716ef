import { isRightToLeft, type Language } from '../schema/languages';
import { DEFAULT_FOV_DEG, facesInSight, tileUrl, type CubeFace } from '../schema/multires';
import { defaultSocialImage, type Tour } from '../schema/tour';
import { SOCIAL_IMAGE_PX, socialImageUrl } from '../tours/social-image';
import { tourTitle } from '../schema/tour-title';

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
  /** The product's name (SITE_NAME), as social sites show it beside the page. */
  siteName: string;
  /** The visitor's language: the page says it, and the viewer in it speaks it. */
  language: Language;
}

/** The public tour page: the viewer element with its tour data embedded, and the share meta tags. */
export function renderPublicTourPage({ tour, shortId, origin, open, siteName, language }: PublicTourPage): string {
  const title = `360 Tour - ${(tour && tourTitle(tour)) || 'Virtual tour'}`;
  const description = tour?.description || 'A 360° virtual tour.';
  const image = tour ? socialImageUrl(tour, origin) : '';
  const imageAlt = `${(tour && tourTitle(tour)) || 'Virtual tour'}: a view of the tour`;
  const pageUrl = `${origin}/tours/${encodeURIComponent(shortId)}`;
  const meta = [
    ['og:site_name', siteName],
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', pageUrl],
    ...(image ? [['og:image', image], ...ownImageMeta(image, origin, shortId), ['og:image:alt', imageAlt]] : []),
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ...(image
      ? [
          ['twitter:image', image],
          ['twitter:image:alt', imageAlt],
        ]
      : []),
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
<html lang="${language}" dir="${isRightToLeft(language) ? 'rtl' : 'ltr'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:,">
    <meta name="description" content="${escapeHtml(description)}">
    ${metaTags}
    ${discovery}
    <link rel="canonical" href="${escapeHtml(pageUrl)}">
    <link rel="modulepreload" href="/embed/tour-viewer.js">
    ${tour ? firstViewPreload(tour) : ''}
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

/**
 * The screens the first view's preloads are for, told apart by orientation: an upright phone (390×844) and a
 * landscape desktop (16:9). Other shapes of each orientation see nearly the same faces.
 */
const FIRST_VIEW_SCREENS = [
  { media: '(orientation: portrait)', aspect: 390 / 844 },
  { media: '(orientation: landscape)', aspect: 16 / 9 },
];
/** Tiles preloaded for one screen at most: those filling most of it (a wide field of view on a phone sees five faces). */
const PRELOADS_PER_SCREEN = 4;

/**
 * The coarsest tiles of the faces a tiled opening scene's first view draws, fetched while the page and the viewer's
 * script still load (as the viewer will ask for them: without credentials). A face only one screen shape sees is
 * preloaded for that orientation only, so no screen fetches a tile its first view does not draw. A scene without
 * tiles needs its whole picture, which the viewer asks for as soon as it starts.
 */
function firstViewPreload(tour: Tour): string {
  const opening = tour.images[0];
  if (!opening?.multires) return '';
  const { yaw = 0, pitch = 0 } = opening.cameraPosition ?? {};
  const view = { yaw, pitch, hfov: opening.cameraZoom ?? DEFAULT_FOV_DEG };
  const seen = FIRST_VIEW_SCREENS.map((screen) => ({ ...screen, faces: facesInSight(view, screen.aspect).slice(0, PRELOADS_PER_SCREEN) }));
  const faces = [...new Set(seen.flatMap((screen) => screen.faces))];
  const mediaOf = (face: CubeFace) => {
    const by = seen.filter((screen) => screen.faces.includes(face));
    return by.length === seen.length ? '' : ` media="${by[0].media}"`;
  };
  return faces
    .map((face) => `<link rel="preload" as="image" crossorigin="anonymous" href="${escapeHtml(tileUrl(opening.multires!, 1, face))}"${mediaOf(face)}>`)
    .join('\n    ');
}

/** The share picture's size and type, known when it is the crop this server cuts (an owner's own address is not). */
function ownImageMeta(image: string, origin: string, shortId: string): string[][] {
  if (image !== new URL(defaultSocialImage(shortId), `${origin}/`).href) return [];
  return [
    ['og:image:width', String(SOCIAL_IMAGE_PX.width)],
    ['og:image:height', String(SOCIAL_IMAGE_PX.height)],
    ['og:image:type', 'image/jpeg'],
  ];
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
