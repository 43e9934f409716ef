import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { findTourByIdFor } from '../tours/tour-access';
import type { ImageUpload } from '../schema/media';
import { checkImage, MAX_IMAGE_BYTES, storeCheckedImage } from './image-checks';
import { storePanorama } from '../media/panorama-store';
import { isTruthyField, readUpload, uploadLimit } from './upload';

export function imagesRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/', uploadLimit(MAX_IMAGE_BYTES, 'picture'), async (c) => {
    requireUser(c);
    const { file, fields } = await readUpload(c, 'image');
    await findTourByIdFor(c, fields.tourId, 'edit');
    const bytes = Buffer.from(await file.arrayBuffer());
    const checked = await checkImage(bytes, { equirectangular: !isTruthyField(fields.isNotEquirect) });
    const stored = await storeCheckedImage(checked, () => storePanorama(c.get('media'), bytes));
    const base = `${c.get('config').mediaBaseUrl}/tours/`;
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
      } satisfies ImageUpload,
      201,
    );
  });
}
