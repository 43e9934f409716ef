import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { findTourByIdFor } from '../tours/tour-access';
import type { ImageUpload } from '../schema/media';
import { checkImage, MAX_IMAGE_BYTES, storeCheckedImage } from './image-checks';
import { storePanorama } from '../media/panorama-store';
import { cubeResolutionFor } from '../media/tiles/cut-tiles';
import { panoramaImageOf, queueTiles } from '../media/tiles/scene-tiles.repository';
import type { TileQueue } from '../media/tiles/tile-queue';
import { recordImageFormats, sceneFormats } from '../media/image-formats';
import { isTruthyField, uploaderTurn, uploadLimit, withUpload } from './upload';

/**
 * Uploads of scenes' panoramas and of floor plans (the field `use` set to `floorplan`). With `tiles`, this
 * instance's tile queue, woken by each wide panorama queued (another instance's finds it otherwise).
 */
export function imagesRoutes(tiles?: TileQueue): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/', uploadLimit(MAX_IMAGE_BYTES, 'picture'), async (c) => {
    requireUser(c);
    const form = { fileField: 'image', gate: { field: 'tourId', check: (tourId: string | undefined) => findTourByIdFor(c, tourId, 'edit') } };
    return withUpload(c, form, async ({ file, fields }) => {
      const checked = await checkImage(file, { equirectangular: !isTruthyField(fields.isNotEquirect) });
      // A floor plan is shown whole and listed by its JPEG thumbnail: modern types and tiles of it would serve nobody.
      const scene = fields.use !== 'floorplan';
      const stored = await storeCheckedImage(checked, uploaderTurn(c), () => storePanorama(c.get('media'), file.path, { withModern: scene }));
      // Noted once its files are all stored: a failure here leaves them unnamed, for the sweep.
      if (scene) await recordImageFormats(c.get('db'), stored.image, stored.variants);
      // Queued here, cut in the background: the owner's editor shows the scene from its original meanwhile.
      const tiled = scene && cubeResolutionFor(stored.width) !== undefined;
      if (tiled) {
        // The panorama is stored whatever happens here; the background sweep queues one this missed.
        await queueTiles(c.get('db'), panoramaImageOf(`/tours/${stored.image}`)!).then(
          () => tiles?.wake(),
          (err: unknown) => c.get('logger').error({ err }, 'a wide panorama was not queued for tiles; the tiles sweep will'),
        );
      }
      const base = `${c.get('config').mediaBaseUrl}/tours/`;
      const pictures = {
        url: base + stored.image,
        thumbUrl: `${base}thumb-${stored.image}`,
        hotspotUrl: `${base}hotspot-${stored.image}`,
        mobileUrl: stored.mobileImage ? base + stored.mobileImage : '',
      };
      // As the tour answer will list them, so the editor shows a new scene in them before its save comes back.
      const formats = sceneFormats(pictures, new Map([[stored.image.replace(/\.jpg$/, ''), stored.variants]]));
      return c.json(
        {
          image: stored.image,
          width: stored.width,
          height: stored.height,
          size: stored.size,
          ...pictures,
          ...(tiled ? { tilesPreparing: true as const } : {}),
          ...(formats ? { formats } : {}),
        } satisfies ImageUpload,
        201,
      );
    });
  });
}
