import { createHmac } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isbot } from 'isbot';
import type { AppEnv } from '../app-env';
import { ApiError, errorBody } from '../http/errors';
import { clientAddress, Limiter } from '../http/rate-limit';
import { ANALYTICS_MAX_BODY_BYTES, visitBeaconSchema, type VisitBeacon } from '../schema/analytics';
import { callerAccess, findTourOr404 } from '../tours/tour-access';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import type { VisitLengths } from './visit-lengths';
import type { DayCounter, VisitRollups } from './visit-rollups';

/** Beacons one address may send a minute: a visit sends one every 15 s at most, so this leaves room for a household. */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 120;

/** Browsers that are automated though their user agent looks ordinary, besides what isbot knows. */
const HEADLESS = /headless|phantomjs|slimerjs|electron|puppeteer|playwright|selenium|webdriver/i;

/** How long a tour's id and scenes are reused between beacons: a tour's new scene is counted within seconds. */
const TOUR_TTL_MS = 5_000;

const COUNTED_TYPES: Partial<Record<VisitBeacon['events'][number]['type'], DayCounter>> = {
  lead: 'leads',
  showing: 'showings',
  chat: 'chats',
  share: 'shares',
  fullscreen: 'fullscreens',
  vr: 'vrs',
};

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
const msToDayEnd = (now: number) => 86_400_000 - (now % 86_400_000);

/** `POST /tours/:shortId/visits`: the viewer's beacons, summed into the daily rollups (204 whatever was counted). */
export function visitsRoutes(rollups: VisitRollups, lengths: VisitLengths, now: () => number = () => Date.now()): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = new Limiter({
    name: 'visits',
    max: BEACONS_PER_ADDRESS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many visit reports from this address. Please wait a minute.',
  });
  const tours = new Map<string, { expires: number; tourId: number; scenes: Set<string> } | undefined>();

  async function tourOf(c: Context<AppEnv>, shortId: string) {
    const cached = tours.get(shortId);
    if (cached && cached.expires > now()) return cached;
    const record = await findTourByShortId(c.get('db'), shortId);
    if (!record) throw new ApiError(404, 'TourNotFound', 'No tour with this id.');
    const tour = tourFromRecord(record);
    const entry = { expires: now() + TOUR_TTL_MS, tourId: tour.id, scenes: new Set(tour.images.map((image) => image.id)) };
    if (tours.size > 10_000) tours.clear();
    tours.set(shortId, entry);
    return entry;
  }

  /** Whether this beacon counts: not from a crawler or headless browser, nor from the tour's owner or team. */
  async function counts(c: Context<AppEnv>, shortId: string): Promise<boolean> {
    const agent = c.req.header('User-Agent') ?? '';
    if (!agent || isbot(agent) || HEADLESS.test(agent)) return false;
    if (!c.get('user')) return true;
    return !(await callerAccess(c, await findTourOr404(c, shortId))).member;
  }

  async function readBeacon(c: Context<AppEnv>): Promise<VisitBeacon> {
    if (Number(c.req.header('Content-Length') ?? 0) > ANALYTICS_MAX_BODY_BYTES) throw beaconTooLarge();
    const text = await c.req.text();
    if (Buffer.byteLength(text) > ANALYTICS_MAX_BODY_BYTES) throw beaconTooLarge();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'BadRequest', 'The visit report is not valid JSON.');
    }
    const result = visitBeaconSchema.safeParse(json);
    if (!result.success) throw new ApiError(400, 'BadRequest', 'The visit report is not valid.');
    return result.data;
  }

  /**
   * A visit reports its length so far (`sceneId` ''), and a scene stay its time so far, each time the page is hidden
   * (it may never come back), the stay by the same `at` when resumed. Only the longest report of each stays in the
   * duration histogram, each longer one taking the one before back out. Answers whether it was the first report.
   */
  async function longest(tourId: number, day: string, key: string, sceneId: string, ms: number): Promise<boolean> {
    const { raised, before } = await lengths.raise(`${day} ${tourId} ${key}`, ms, msToDayEnd(now()));
    if (before !== undefined && raised) rollups.duration(tourId, day, sceneId, before, -1);
    if (raised) rollups.duration(tourId, day, sceneId, ms);
    return before === undefined;
  }

  /** Whether `key` is new today in the shared store (memory, or Redis across instances), which forgets it at midnight UTC. */
  async function firstToday(c: Context<AppEnv>, key: string): Promise<boolean> {
    const { count } = await c.get('rateLimitStore').increment(`analytics ${key}`, msToDayEnd(now()));
    return count === 1;
  }

  app.post('/:shortId/visits', async (c) => {
    try {
      const address = clientAddress(c);
      await limiter.hit(c, address);
      const beacon = await readBeacon(c);
      const shortId = c.req.param('shortId');
      const tour = await tourOf(c, shortId);
      if (!(await counts(c, shortId))) return c.body(null, 204);
      const at = now();
      const day = utcDay(at);
      const { tourId } = tour;
      if (await firstToday(c, `visit ${day} ${tourId} ${beacon.visitId}`)) {
        rollups.count(tourId, day, 'views');
        rollups.count(tourId, day, beacon.device);
        rollups.referrer(tourId, day, beacon.host.toLowerCase() || 'unknown', beacon.kind);
        // The salt changes every day and is never stored, so the hash cannot be tied to an address later.
        const salt = createHmac('sha256', c.get('config').jwtSecret).update(`analytics ${day}`).digest();
        const visitor = createHmac('sha256', salt)
          .update(`${address}\n${c.req.header('User-Agent')}\n${tourId}`)
          .digest('base64url');
        if (await firstToday(c, `visitor ${day} ${visitor}`)) rollups.count(tourId, day, 'visitors');
      }
      const { visitId } = beacon;
      // Side by side: with Redis, the lengths' look-ups of a beacon travel together.
      await Promise.all(
        beacon.events.map(async (event) => {
          const sceneId = event.sceneId !== undefined && tour.scenes.has(event.sceneId) ? event.sceneId : undefined;
          const counter = COUNTED_TYPES[event.type];
          if (counter) rollups.count(tourId, day, counter);
          else if (event.type === 'end' && event.ms !== undefined) await longest(tourId, day, visitId, '', event.ms);
          else if (event.type === 'scene' && sceneId) {
            const entry = event.ms === undefined || (await longest(tourId, day, `${visitId} ${sceneId} ${event.at}`, sceneId, event.ms));
            if (entry) rollups.scene(tourId, day, sceneId);
          } else if ((event.type === 'hotspot' || event.type === 'info') && sceneId && event.targetId) {
            rollups.hotspot(tourId, day, sceneId, event.targetId);
          }
        }),
      );
      return c.body(null, 204);
    } catch (err) {
      // Anyone can send these, so refusals are routine: logged at debug, answered in the one error shape.
      if (!(err instanceof ApiError)) throw err;
      c.get('logger').debug({ requestId: c.get('requestId'), status: err.status, code: err.code }, 'visit report refused');
      return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
    }
  });

  return app;
}

function beaconTooLarge(): ApiError {
  return new ApiError(413, 'PayloadTooLarge', `A visit report may be at most ${ANALYTICS_MAX_BODY_BYTES / 1024} KB.`);
}
