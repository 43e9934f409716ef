import type { Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import type { Tour } from '../schema/tour';

export const SOCIAL_IMAGE_PX = { width: 1200, height: 630 };

/** The share picture crawlers fetch: the centre of the first scene, cut to the size social sites show. */
export async function socialImageResponse(c: Context<AppEnv>, tour: Tour): Promise<Response> {
  const first = tour.images[0];
  const local = first?.url.match(/^\/media\/(tours\/[0-9a-f]+\.jpg)$/);
  if (!local) throw new ApiError(404, 'NotFound', 'This tour has no picture to share yet.');
  const picture = await sharp(await readFile(join(c.var.config.dataDir, 'media', local[1])))
    .resize({ ...SOCIAL_IMAGE_PX, fit: 'cover', position: 'centre' })
    .jpeg({ quality: 80 })
    .toBuffer();
  c.header('Content-Type', 'image/jpeg');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(new Uint8Array(picture));
}
