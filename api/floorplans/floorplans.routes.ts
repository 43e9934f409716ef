import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { floorplanHotspotSchema, type Tour } from '../schema/tour';
import { recordTeamChange } from '../teams/team-history';
import { bumpRevision } from '../tours/tour.repository';
import { findTourByIdFor } from '../tours/tour-access';
import { floorplanFromRow } from '../tours/tour.repository';

/**
 * A floor-plan write is a change of its tour: the tour's revision goes up (the answer carries it, for the editor's
 * next save) and a team tour's history keeps the new state.
 */
async function tourChanged(c: Context<AppEnv>, tourId: number, type: string, planName: string): Promise<number> {
  const revision = await bumpRevision(c.get('db'), tourId);
  await recordTeamChange(c.get('db'), tourId, c.get('user')!.id, { type, currentValue: planName });
  return revision;
}

const floorplanInputSchema = z.object({
  name: z.string().max(200).default(''),
  url: z.string().min(1).max(1000),
  thumbUrl: z.string().max(1000).default(''),
  sortOrder: z.number().int().default(0),
  hotspots: z.array(floorplanHotspotSchema).max(500).default([]),
});

/**
 * Sends hotspots on update as JSON text. Every field is optional and has no default: zod 4 applies a
 * default even inside .partial(), which made a hotspots-only update blank the name and reset the order.
 */
const floorplanUpdateSchema = z.object({
  name: floorplanInputSchema.shape.name.unwrap().optional(),
  url: floorplanInputSchema.shape.url.optional(),
  thumbUrl: floorplanInputSchema.shape.thumbUrl.unwrap().optional(),
  sortOrder: floorplanInputSchema.shape.sortOrder.unwrap().optional(),
  hotspots: z
    .union([z.string().max(200_000), z.array(z.unknown())])
    .transform((value, ctx) => {
      try {
        return typeof value === 'string' ? JSON.parse(value) : value;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'hotspots must be JSON text' });
        return z.NEVER;
      }
    })
    .pipe(z.array(floorplanHotspotSchema).max(500))
    .optional(),
});

/** A floor-plan room must be a scene of the tour. */
function checkRooms(tour: Tour, hotspots: Array<{ destinationSceneId: string }>): void {
  const scenes = new Set(tour.images.map((image) => image.id));
  const missing = hotspots.find((spot) => !scenes.has(spot.destinationSceneId));
  if (missing)
    throw new ApiError(422, 'ValidationFailed', 'A floor-plan room links to a scene that does not exist.', {
      details: { destinationSceneId: missing.destinationSceneId },
    });
}

/** A floor plan of a tour the caller may edit; one of anybody else's tour answers as a missing one does. */
async function ownFloorplan(c: Context<AppEnv>) {
  requireUser(c);
  const missing = new ApiError(404, 'NotFound', 'No floor plan with this id.');
  const row = await c.get('db').selectFrom('floorplan').selectAll().where('id', '=', c.req.param('floorplanId')!).executeTakeFirst();
  if (!row) throw missing;
  const { tour } = await findTourByIdFor(c, String(row.tour_id), 'edit', missing);
  return { row, tour };
}

/** `/floorplans`: a tour's floor plans, by the tour's id. */
export function floorplansRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/:tourId', async (c) => {
    const { tour } = await findTourByIdFor(c, c.req.param('tourId'), 'edit');
    const input = parseOr422(floorplanInputSchema, await readJson(c));
    checkRooms(tour, input.hotspots);
    const row = await c
      .get('db')
      .insertInto('floorplan')
      .values({
        id: crypto.randomUUID(),
        tour_id: tour.id,
        name: input.name,
        url: input.url,
        thumb_url: input.thumbUrl,
        sort_order: input.sortOrder,
        hotspots: JSON.stringify(input.hotspots),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const revision = await tourChanged(c, tour.id, 'floorplan added', row.name);
    return c.json({ ...floorplanFromRow(row), revision }, 201);
  });

  return app;
}

/** `/floorplan`: one floor plan, by its id. */
export function floorplanRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/update/:floorplanId', async (c) => {
    const { row, tour } = await ownFloorplan(c);
    const input = parseOr422(floorplanUpdateSchema, await readJson(c));
    if (input.hotspots) checkRooms(tour, input.hotspots);
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.thumbUrl !== undefined ? { thumb_url: input.thumbUrl } : {}),
      ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
      ...(input.hotspots ? { hotspots: JSON.stringify(input.hotspots) } : {}),
    };
    if (Object.keys(changes).length === 0) return c.json({ ...floorplanFromRow(row), revision: tour.revision });
    const updated = await c.get('db').updateTable('floorplan').set(changes).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    const revision = await tourChanged(c, tour.id, 'floorplan changed', updated.name);
    // A plan moved onto another picture leaves the old one to nobody, unless a clone's plan still shows it.
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [row.url, row.thumb_url], [updated.url, updated.thumb_url]);
    return c.json({ ...floorplanFromRow(updated), revision });
  });

  app.delete('/delete/:floorplanId', async (c) => {
    const { row, tour } = await ownFloorplan(c);
    const deleted = await c.get('db').deleteFrom('floorplan').where('id', '=', row.id).returning(['url', 'thumb_url']).executeTakeFirst();
    if (!deleted) return c.json({ ok: true, revision: tour.revision });
    const revision = await tourChanged(c, tour.id, 'floorplan removed', row.name);
    // A clone's copy of the plan, or a kept state of a team tour, names the same picture and keeps it.
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [deleted.url, deleted.thumb_url]);
    return c.json({ ok: true, revision });
  });

  return app;
}
