import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { hashPassword } from '../auth/password-hash';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import type { RoomHub } from '../rtc/room-hub';
import { MESSAGES } from '../schema/errors';
import { tourListQuerySchema, unlockEmailSchema } from '../schema/requests';
import { DEMO_SHORT_ID, findTourProblems, tourInputSchema, tourSaveSchema, type Tour } from '../schema/tour';
import { OWNER_ONLY_FIELDS, type TourAccessAnswer } from '../schema/tour-access';
import { rateLimit } from '../http/rate-limit';
import { socialImageResponse } from './social-image';
import { newShortId } from './short-id';
import { callerAccess, findTourFor, findTourOr404, refuseOwnerOnlyChanges, roleOf, tourAccess, tourAsSeen, tourSeenWith, viewFor } from './tour-access';
import { brandOf } from '../account/brand-defaults';
import { describeSave } from '../teams/change-summary';
import { recordTeamChange } from '../teams/team-history';
import { readTourCached } from './tour-read-cache';
import { tellOwnerOfLead } from '../visitors/lead-news';
import { preferredCoding } from '../http/compression';
import { staleRevision } from './stale-revision';
import { cloneTour, deleteTour, insertTour, listTours, saveTour, tourFromRecord, unlockWithEmail } from './tour.repository';

/** Only a public tour may be kept by caches on the way, and only to revalidate. */
function cacheControlOf(tour: Tour): string {
  return tour.privacy === 'Public' ? 'no-cache' : 'private, no-store';
}

/** `hub` holds the tours' live video rooms, which end with their tour. */
export function toursRoutes(hub: RoomHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireUser(c);
    return c.json(await listTours(c.get('db'), user.id, parseOr422(tourListQuerySchema, c.req.query())));
  });

  app.post('/', async (c) => {
    const user = requireUser(c);
    const row = await insertTour(c.get('db'), {
      shortId: newShortId(),
      userId: user.id,
      type: 'locked',
      // A new tour starts with the brand the owner set on their account.
      input: tourInputSchema.parse({ email: user.email ?? '', ...brandOf(user) }),
    });
    return c.json(tourFromRecord({ row, ownerType: user.type, teamId: null, floorplans: [] }), 201);
  });

  app.get('/:shortId', async (c) => {
    const cached = await readTourCached(c.get('db'), c.req.param('shortId'), { fresh: c.get('user') !== undefined });
    if (!cached) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    const view = viewFor(await callerAccess(c, cached.found));
    // The 403 for a private tour must not be stored either.
    if (!view) throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour, { headers: { 'Cache-Control': cacheControlOf(cached.found.tour) } });
    // A Response of its own rather than c.body, which builds a Headers object for more than one header: visitors'
    // reads are this server's most frequent answer. (Headers a middleware set with c.header would not reach it; the
    // app's own go through withAnswerHeaders.)
    const coding = preferredCoding(c.req.header('Accept-Encoding'));
    const compressed = coding && cached.compressedAnswer(view, coding);
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': cacheControlOf(cached.found.tour), Vary: 'Accept-Encoding' };
    return compressed ? new Response(compressed, { headers: { ...headers, 'Content-Encoding': coding } }) : new Response(cached.answer(view), { headers });
  });

  app.post('/:shortId', async (c) => {
    const { record, tour, access } = await findTourFor(c, c.req.param('shortId'), 'edit');
    const body = await readJson(c);
    const { revision, password } = parseOr422(tourSaveSchema, body);
    const input = parseOr422(tourInputSchema, body);
    refuseOwnerOnlyChanges(access, tour, input, password !== undefined);
    const problems = findTourProblems(input, tour.floorplans);
    if (problems.some((problem) => problem.level === 'error')) {
      throw new ApiError(422, 'ValidationFailed', problems.find((problem) => problem.level === 'error')!.message, { details: { problems } });
    }
    const passwordHash = password ? await hashPassword(password) : record.row.password_hash;
    if (input.privacy === 'Password' && !passwordHash) {
      throw new ApiError(422, 'ValidationFailed', 'Set a password for a password-protected tour.', { details: { fieldErrors: { password: ['Required'] } } });
    }
    const saved = await saveTour(c.get('db'), { record, input, passwordHash, revision });
    if (saved.kind === 'gone') throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    if (saved.kind === 'stale') throw staleRevision(saved.revision);
    await recordTeamChange(c.get('db'), tour.id, c.get('user')!.id, describeSave(tour, input));
    // Dropped scenes, a replaced logo or ambience: their files go unless another row (a clone, the library) names them.
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [saved.replaced], [saved.written]);
    return c.json(saved.tour);
  });

  // What the editor may offer: `none` to a signed-in caller without a part in a tour they could open anyway (a public
  // or password tour); a tour they could not even see answers 404, as a missing one, so nobody learns it exists.
  app.get('/:shortId/access', async (c) => {
    requireUser(c);
    const found = await findTourOr404(c, c.req.param('shortId'));
    const access = await callerAccess(c, found);
    if (access.sees === 'nothing') throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    const answer: TourAccessAnswer = { role: roleOf(access), ownerOnlyFields: [...OWNER_ONLY_FIELDS] };
    return c.json(answer, 200, { 'Cache-Control': 'private, no-store' });
  });

  app.delete('/:shortId', async (c) => {
    const { record } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const named = await deleteTour(c.get('db'), record.row.id);
    await hub.endRoom(String(record.row.id));
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), named);
    return c.json({ ok: true });
  });

  app.get('/:shortId/clone', async (c) => {
    const user = requireUser(c);
    const found = await findTourOr404(c, c.req.param('shortId'));
    const { tour } = found;
    if (tour.shortId !== DEMO_SHORT_ID && !(await callerAccess(c, found)).manages) {
      throw new ApiError(403, 'Forbidden', 'Only the owner of this tour can clone it.');
    }
    const clone = await cloneTour(c.get('db'), tour.shortId, user, newShortId());
    if (!clone) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    return c.json(clone, 201);
  });

  app.post('/:shortId/unlock/email', rateLimit({ max: 10, windowMs: 60_000 }), async (c) => {
    const found = await findTourOr404(c, c.req.param('shortId'));
    const { tour } = found;
    const { email, tourAccessToken } = parseOr422(unlockEmailSchema, await readJson(c));
    // Asked before anything is written: a tour the caller may not see is left exactly as it was.
    const access = await tourAccess(c.get('db'), found, { user: c.get('user'), tourAccessToken }, c.get('config').jwtSecret);
    if (access.sees === 'nothing') throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
    if (tour.type !== 'locked') throw new ApiError(409, 'Conflict', 'This tour is not locked.');
    const url = c.req.header('Referer') ?? '';
    const unlocked = await unlockWithEmail(c.get('db'), found.record, { email, url });
    if (!unlocked) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    await tellOwnerOfLead(c, unlocked.tour, { kind: 'unlock', leadId: unlocked.leadId, email, name: '', url });
    return c.json(tourSeenWith(unlocked.tour, access));
  });

  app.get('/:shortId/meta/center.jpg', async (c) => {
    const found = await findTourOr404(c, c.req.param('shortId'));
    // A locked tour is shared with its title and this picture before it is published; only a password hides it too.
    return socialImageResponse(c, (await callerAccess(c, found)).sees === 'all' ? found.tour : await tourAsSeen(c, found));
  });

  return app;
}
