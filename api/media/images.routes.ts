import { Hono } from 'hono';
import { join } from 'node:path';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { ApiError } from '../errors';
import { checkImage, MAX_IMAGE_BYTES, storeCheckedImage } from './image-checks';
import { storePanorama } from './panorama-store';
import { isTruthyField, readUpload, uploadLimit } from './upload';

export function imagesRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/', uploadLimit(MAX_IMAGE_BYTES, 'picture'), async (c) => {
    const user = requireUser(c);
    const { file, fields } = await readUpload(c, 'image');
    const tourId = Number(fields.tourId);
    const tour = Number.isInteger(tourId) ? await c.var.db.selectFrom('tour').select(['id', 'user_id']).where('id', '=', tourId).executeTakeFirst() : undefined;
    if (!tour) throw new ApiError(404, 'TourNotFound', 'No tour with this tourId.');
    if (tour.user_id !== user.id) throw new ApiError(403, 'Forbidden', 'Only the owner of this tour can add pictures to it.');
    const bytes = Buffer.from(await file.arrayBuffer());
    await checkImage(bytes, { equirectangular: !isTruthyField(fields.isNotEquirect) });
    const stored = await storeCheckedImage(() => storePanorama(join(c.var.config.dataDir, 'media'), bytes));
    const base = `${c.var.config.mediaBaseUrl}/tours/`;
    return c.json(
      {
        image: stored.image,
        width: stored.width,
        height: stored.height,
        size: stored.size,
        url: base + stored.image,
        thumbUrl: `${base}thumb-${stored.image}`,
        hotspotUrl: `${base}hotspot-${stored.image}`,
        mobileUrl: stored.mobileImage ? base + stored.mobileImage : '',
      },
      201,
    );
  });
}
