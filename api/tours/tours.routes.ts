import { Hono, type Context } from 'hono';
import { join } from 'node:path';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { hashPassword } from '../auth/password-hash';
import { ApiError, parseOr422, readJson } from '../errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import type { RoomHub } from '../rtc/room-hub';
import { MESSAGES } from '../schema/errors';
import { pageQuerySchema, unlockEmailSchema } from '../schema/requests';
import { DEMO_SHORT_ID, findTourProblems, tourInputSchema, tourSaveSchema, type Tour } from '../schema/tour';
import { readPage } from '../pagination';
import { rateLimit } from '../rate-limit';
import { socialImageResponse } from './social-image';
import { newShortId } from './short-id';
import { callerAccess, findTourFor, findTourOr404, tourAccess, tourAsSeen, tourSeenWith } from './tour-access';
import { findTourByShortId, insertTour, tourFromRecord } from './tour.repository';


function noStoreUnlessPublic(c: Context<AppEnv>, tour: Tour): void {
  c.header('Cache-Control', tour.privacy === 'Public' ? 'no-cache' : 'private, no-store');
}

/** `hub` holds the tours' live video rooms, which end with their tour. */
export function toursRoutes(hub: RoomHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireUser(c);
    const query = c.var.db.selectFrom('tour').select('short_id').where('user_id', '=', user.id).orderBy('updated_at', 'desc').orderBy('id', 'desc');
    const page = await readPage(query, parseOr422(pageQuerySchema, c.req.query()), (row) => row.short_id);
    const items = await Promise.all(page.items.map(async (shortId) => tourFromRecord((await findTourByShortId(c.var.db, shortId))!)));
    return c.json({ ...page, items });
  });

  app.post('/', async (c) => {
    const user = requireUser(c);
    const row = await insertTour(c.var.db, {
      shortId: newShortId(),
      userId: user.id,
      type: 'locked',
      input: tourInputSchema.parse({ email: user.email ?? '' }),
    });
    return c.json(tourFromRecord({ row, ownerType: user.type, floorplans: [] }), 201);
  });

  app.get('/:shortId', async (c) => {
    const found = await findTourOr404(c, c.req.param('shortId'));
    noStoreUnlessPublic(c, found.tour);
    return c.json(await tourAsSeen(c, found));
  });

  app.post('/:shortId', async (c) => {
    const { record, tour } = await findTourFor(c, c.req.param('shortId'), 'edit');
    const body = await readJson(c);
    const { revision, password } = parseOr422(tourSaveSchema, body);
    const input = parseOr422(tourInputSchema, body);
    const problems = findTourProblems(input, tour.floorplans);
    if (problems.some((problem) => problem.level === 'error')) {
      throw new ApiError(422, 'ValidationFailed', problems.find((problem) => problem.level === 'error')!.message, { problems });
    }
    const passwordHash = password ? await hashPassword(password) : record.row.password_hash;
    if (input.privacy === 'Password' && !passwordHash) {
      throw new ApiError(422, 'ValidationFailed', 'Set a password for a password-protected tour.', { fieldErrors: { password: ['Required'] } });
    }
    const data = JSON.stringify(input);
    // The revision is checked and the tour written in one transaction, which holds the database (one connection
    // behind a lock), so two editors can never both win; what it read is the version this save replaced.
    const replaced = await c.var.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('tour').select(['data', 'revision']).where('id', '=', record.row.id).executeTakeFirst();
      if (!current) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
      if (current.revision !== revision) {
        throw new ApiError(409, 'StaleRevision', 'This tour was changed elsewhere since you opened it. Reload it to see the latest version.', {
          revision: current.revision,
        });
      }
      await trx
        .updateTable('tour')
        .set({
          data,
          privacy: input.privacy,
          password_hash: passwordHash,
          // A status found for another address says nothing about the new one.
          ...(input.whiteLabelUrl !== tour.whiteLabelUrl ? { white_label_status_code: '' } : {}),
          revision: revision + 1,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', record.row.id)
        .execute();
      return current.data;
    });
    // Dropped scenes, a replaced logo or ambience: their files go unless another row (a clone, the library) names them.
    await removeUnreferencedFiles(c.var.db, join(c.var.config.dataDir, 'media'), [replaced], [data]);
    return c.json(tourFromRecord((await findTourByShortId(c.var.db, tour.shortId))!));
  });

  app.delete('/:shortId', async (c) => {
    const { record } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const tourId = record.row.id;
    // What the rows named as they were deleted (floor plans go with their tour), not as first read.
    const named = await c.var.db.transaction().execute(async (trx) => {
      const plans = await trx.selectFrom('floorplan').select(['url', 'thumb_url']).where('tour_id', '=', tourId).execute();
      const deleted = await trx.deleteFrom('tour').where('id', '=', tourId).returning('data').executeTakeFirst();
      return deleted ? [deleted.data, ...plans.flatMap((plan) => [plan.url, plan.thumb_url])] : [];
    });
    hub.endRoom(String(tourId));
    await removeUnreferencedFiles(c.var.db, join(c.var.config.dataDir, 'media'), named);
    return c.json({ ok: true });
  });

  app.get('/:shortId/clone', async (c) => {
    const user = requireUser(c);
    const found = await findTourOr404(c, c.req.param('shortId'));
    const { tour } = found;
    if (tour.shortId !== DEMO_SHORT_ID && !(await callerAccess(c, found)).manages) {
      throw new ApiError(403, 'Forbidden', 'Only the owner of this tour can clone it.');
    }
    const clone = await c.var.db.transaction().execute(async (trx) => {
      // Copied as it is inside the transaction: a save or delete landing in between may already have removed
      // the files an earlier read named, and the copy must not point at them.
      const record = await findTourByShortId(trx, tour.shortId);
      if (!record) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
      const source = tourFromRecord(record);
      const row = await insertTour(trx, {
        shortId: newShortId(),
        userId: user.id,
        type: 'locked',
        input: { ...tourInputSchema.parse(JSON.parse(record.row.data)), name: `${source.name || source.title} (copy)` },
      });
      if (source.privacy === 'Password') await trx.updateTable('tour').set({ password_hash: record.row.password_hash }).where('id', '=', row.id).execute();
      for (const plan of record.floorplans) {
        await trx.insertInto('floorplan').values({ ...plan, id: crypto.randomUUID(), tour_id: row.id, created_at: undefined }).execute();
      }
      return row;
    });
    return c.json(tourFromRecord((await findTourByShortId(c.var.db, clone.short_id))!), 201);
  });

  app.post('/:shortId/unlock/email', rateLimit({ max: 10, windowMs: 60_000 }), async (c) => {
    const found = await findTourOr404(c, c.req.param('shortId'));
    const { record, tour } = found;
    const { email, tourAccessToken } = parseOr422(unlockEmailSchema, await readJson(c));
    // Asked before anything is written: a tour the caller may not see is left exactly as it was.
    const access = await tourAccess(found, { user: c.var.user, tourAccessToken }, c.var.config.jwtSecret);
    if (access.sees === 'nothing') throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
    if (tour.type !== 'locked') throw new ApiError(409, 'Conflict', 'This tour is not locked.');
    await c.var.db.transaction().execute(async (trx) => {
      await trx.updateTable('tour').set({ type: 'locked-with-email' }).where('id', '=', record.row.id).execute();
      await trx.insertInto('lead').values({ tour_id: record.row.id, email, name: '', url: c.req.header('Referer') ?? '' }).execute();
    });
    const updated = await findTourOr404(c, tour.shortId);
    return c.json(tourSeenWith(updated.tour, access));
  });

  app.get('/:shortId/meta/center.jpg', async (c) => {
    const found = await findTourOr404(c, c.req.param('shortId'));
    // A locked tour is shared with its title and this picture before it is published; only a password hides it too.
    return socialImageResponse(c, (await callerAccess(c, found)).sees === 'all' ? found.tour : await tourAsSeen(c, found));
  });

  return app;
}
