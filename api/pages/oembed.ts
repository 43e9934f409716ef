import { ApiError } from '../http/errors';
import { iframeCode, shareLinks } from '../schema/share-links';
import type { Tour } from '../schema/tour';
import { SOCIAL_IMAGE_PX, socialImageUrl } from '../tours/social-image';
import { tourTitle } from '../schema/tour-title';

/** The size offered when the consumer sets no limit: the viewer's 16:9 at a common content width. */
const DEFAULT_WIDTH = 800;
const RATIO = 16 / 9;

/** The short id of a tour page address on this server (`origin`), or undefined for any other address. */
export function tourPageShortId(url: string | undefined, origin: string): string | undefined {
  if (!url) throw new ApiError(400, 'BadRequest', 'The url parameter is missing.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError(400, 'BadRequest', 'The url parameter is not an address.');
  }
  if (parsed.origin !== new URL(origin).origin) return undefined;
  const match = /^\/tours\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    throw new ApiError(400, 'BadRequest', 'The url parameter is not an address: its path has a broken %-escape.');
  }
}

/** maxwidth or maxheight: a whole number of pixels, or no limit when absent. */
export function sizeLimit(name: string, value: string | undefined): number {
  if (value === undefined || value === '') return Infinity;
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1) throw new ApiError(400, 'ValidationFailed', `${name} must be a positive whole number of pixels.`);
  return Number(value);
}

/** The largest 16:9 size within the limits, no wider than the default. */
export function embedSize(maxWidth: number, maxHeight: number): { width: number; height: number } {
  const width = Math.max(1, Math.floor(Math.min(DEFAULT_WIDTH, maxWidth, maxHeight * RATIO)));
  return { width, height: Math.max(1, Math.round(width / RATIO)) };
}

/** How long consumers may keep an answer, in seconds: a renamed tour reaches them within the hour. */
export const OEMBED_CACHE_AGE_S = 3600;

/** The share picture's size scaled down, keeping its shape, to fit the consumer's limits. */
export function thumbnailSize(maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / SOCIAL_IMAGE_PX.width, maxHeight / SOCIAL_IMAGE_PX.height);
  return { width: Math.max(1, Math.floor(SOCIAL_IMAGE_PX.width * scale)), height: Math.max(1, Math.floor(SOCIAL_IMAGE_PX.height * scale)) };
}

export interface OembedRequest {
  pageUrl: string;
  /** The consumer's limits (Infinity when it set none). */
  maxWidth: number;
  maxHeight: number;
  /** The product's name (SITE_NAME). */
  siteName: string;
}

/**
 * The oEmbed answer (type "rich") for a tour anyone may see, in listing-compliant mode if its address asked: its
 * iframe sized in attributes, so consumers that strip styles (WordPress) show it at the size asked.
 */
export function oembedFor(tour: Tour, origin: string, { pageUrl, maxWidth, maxHeight, siteName }: OembedRequest) {
  const title = tourTitle(tour) || 'Virtual tour';
  const listingMode = new URL(pageUrl).searchParams.get('mls') === '1';
  const size = embedSize(maxWidth, maxHeight);
  const thumbnail = socialImageUrl(tour, origin);
  const fitted = thumbnailSize(maxWidth, maxHeight);
  return {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: siteName,
    provider_url: `${origin}/`,
    cache_age: OEMBED_CACHE_AGE_S,
    html: iframeCode(shareLinks(origin, tour.shortId, listingMode).link, title, size),
    ...size,
    ...(thumbnail ? { thumbnail_url: thumbnail, thumbnail_width: fitted.width, thumbnail_height: fitted.height } : {}),
  };
}
