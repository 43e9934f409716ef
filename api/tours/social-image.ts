import type { Context } from 'hono';
import sharp from 'sharp';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/errors';
import { readMediaFile, type MediaStorage } from '../media/media-storage';
import { defaultSocialImage, type Tour } from '../schema/tour';

export const SOCIAL_IMAGE_PX = { width: 1200, height: 630 };

/** Our stored panoramas, whether served from /media or from MEDIA_BASE_URL: the file name is what counts. */
const STORED_PANORAMA = /\/tours\/([0-9a-f]+\.jpg)$/;

/**
 * The crop of one stored panorama, made once: panorama files never change under their random names, so the
 * crop cached beside them stays right until the first scene itself changes.
 */
async function centreCrop(media: MediaStorage, image: string): Promise<Buffer> {
  const cached = `social/${image}`;
  const hit = await readMediaFile(media, cached).catch(() => undefined);
  if (hit) return hit;
  const panorama = await readMediaFile(media, `tours/${image}`);
  if (!panorama) throw new Error(`No panorama ${image}`);
  const picture = await sharp(panorama)
    .resize({ ...SOCIAL_IMAGE_PX, fit: 'cover', position: 'centre' })
    .jpeg({ quality: 80 })
    .toBuffer();
  await media.put(cached, picture).catch(() => undefined); // a concurrent request may have written it first
  return picture;
}

/**
 * The share picture's absolute address for the page's meta tags, or '' when the tour shares none (a password tour's
 * cover). A saved address that is not an http(s) one, or not an address at all, gives way to the default picture
 * rather than breaking the page.
 */
export function socialImageUrl(tour: Tour, origin: string): string {
  if (!tour.socialImage) return '';
  try {
    const url = new URL(tour.socialImage, `${origin}/`);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Not an address: the default below.
  }
  return new URL(defaultSocialImage(tour.shortId), `${origin}/`).href;
}

/** The share picture crawlers fetch: the centre of the first scene, cut to the size social sites show. */
export async function socialImageResponse(c: Context<AppEnv>, tour: Tour): Promise<Response> {
  const image = tour.images[0]?.url.match(STORED_PANORAMA)?.[1];
  if (!image) throw new ApiError(404, 'NotFound', 'This tour has no picture to share yet.');
  const picture = await centreCrop(c.get('media'), image).catch(() => {
    throw new ApiError(404, 'NotFound', 'This tour has no picture to share yet.');
  });
  c.header('Content-Type', 'image/jpeg');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(new Uint8Array(picture));
}
