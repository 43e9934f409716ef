import { Hono } from 'hono';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import type { AssetTable } from '../db/tables';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { checkImage, MAX_IMAGE_BYTES, storeCheckedImage } from '../uploads/image-checks';
import { randomMediaName, storeMediaFiles } from '../media/media-file-store';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { uploaderTurn, uploadLimit, withUpload } from '../uploads/upload';
import { MAX_INPUT_PIXELS, THUMB_SIZE_PX } from '../media/panorama-store';
import type { Selectable } from 'kysely';
import type { Asset, AssetUpload } from '../schema/media';

const assetInputSchema = z.object({
  assetId: z.string().min(1).max(100).optional(),
  name: z.string().max(200).default(''),
  url: z.string().min(1).max(1000),
  thumbUrl: z.string().max(1000).default(''),
  assetType: z.string().min(1).max(40).default('image'),
});

function assetFromRow(row: Selectable<AssetTable>): Asset {
  return {
    assetId: row.id,
    name: row.name,
    url: row.url,
    thumbUrl: row.thumb_url,
    createdDate: row.created_at,
    assetType: row.asset_type,
    userId: row.user_id,
  };
}

/** `/assets`: the owner's library of pictures. */
export function assetsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/upload', uploadLimit(MAX_IMAGE_BYTES, 'picture'), async (c) => {
    requireUser(c);
    return withUpload(c, { fileField: 'file' }, async ({ file }) => {
      const checked = await checkImage(file, { equirectangular: false });
      // Logos keep their transparency as PNG; everything else becomes JPEG. Either way, without metadata.
      const encode = (image: Sharp) => (checked.hasAlpha ? image.png() : image.jpeg({ quality: 85 }));
      const ext = checked.hasAlpha ? 'png' : 'jpg';
      const [original, thumb] = await storeCheckedImage(checked, uploaderTurn(c), async () => {
        const whole = await encode(sharp(file.path, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS }).rotate()).toBuffer();
        // From the upright re-encoded picture, so the upload is decoded once and never twice at a time.
        return [whole, await encode(sharp(whole).resize({ ...THUMB_SIZE_PX, fit: 'inside' })).toBuffer()];
      });
      const [name, thumbName] = [randomMediaName(ext), randomMediaName(ext)];
      await storeMediaFiles(
        c.get('media'),
        'assets',
        [
          [thumbName, thumb],
          [name, original],
        ],
        'picture',
      );
      const base = `${c.get('config').mediaBaseUrl}/assets/`;
      return c.json({ url: base + name, thumbUrl: base + thumbName } satisfies AssetUpload, 201);
    });
  });

  app.get('/', async (c) => {
    const user = requireUser(c);
    const rows = await c.get('db').selectFrom('asset').selectAll().where('user_id', '=', user.id).orderBy('created_at', 'desc').execute();
    return c.json(Object.fromEntries(rows.map((row) => [row.id, assetFromRow(row)])));
  });

  app.post('/', async (c) => {
    const user = requireUser(c);
    const input = parseOr422(assetInputSchema, await readJson(c));
    const id = input.assetId ?? crypto.randomUUID();
    const existing = await c.get('db').selectFrom('asset').select(['user_id', 'url', 'thumb_url']).where('id', '=', id).executeTakeFirst();
    if (existing && existing.user_id !== user.id) throw new ApiError(403, 'Forbidden', 'This asset belongs to someone else.');
    const values = { name: input.name, url: input.url, thumb_url: input.thumbUrl, asset_type: input.assetType };
    const row = existing
      ? await c.get('db').updateTable('asset').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      : await c
          .get('db')
          .insertInto('asset')
          .values({ id, user_id: user.id, ...values })
          .returningAll()
          .executeTakeFirstOrThrow();
    // An asset given other files leaves the old ones to nobody, unless a tour shows them.
    if (existing) await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [existing.url, existing.thumb_url], [row.url, row.thumb_url]);
    return c.json(assetFromRow(row), existing ? 200 : 201);
  });

  return app;
}

/** `/asset`: one picture of the library, by its id. */
export function assetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.delete('/:assetId', async (c) => {
    const user = requireUser(c);
    const row = await c.get('db').selectFrom('asset').select('user_id').where('id', '=', c.req.param('assetId')).executeTakeFirst();
    if (!row) throw new ApiError(404, 'NotFound', 'No asset with this id.');
    if (row.user_id !== user.id) throw new ApiError(403, 'Forbidden', 'This asset belongs to someone else.');
    const deleted = await c.get('db').deleteFrom('asset').where('id', '=', c.req.param('assetId')).returning(['url', 'thumb_url']).executeTakeFirst();
    // A tour that shows the picture (a logo, a hotspot face) names it and keeps it.
    if (deleted) await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [deleted.url, deleted.thumb_url]);
    return c.json({ ok: true });
  });

  return app;
}
