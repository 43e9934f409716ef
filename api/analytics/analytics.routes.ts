import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { csvResponse } from '../http/csv';
import type { Db } from '../db/database';
import { ApiError, parseOr422 } from '../http/errors';
import { analyticsRangeQuerySchema, type AnalyticsOverview, type TourAnalytics } from '../schema/analytics';
import { callerAccess, findTourOr404 } from '../tours/tour-access';
import type { Tour } from '../schema/tour';
import { medianSeconds } from './duration-buckets';
import { rangeSpan } from './range-span';

/** Ranges without `from` cover the last 30 days; no range may span more than about three years. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 1100;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Range {
  from: string;
  to: string;
  format?: 'json' | 'csv';
  table?: 'days' | 'clicks';
}

/** The asked range of UTC days, both ends included: 400 for dates that are not real days or out of order. */
function rangeOf(c: Context<AppEnv>): Range {
  const query = parseOr422(analyticsRangeQuerySchema, c.req.query());
  const to = query.to ?? isoDay(Date.now());
  const from = query.from ?? isoDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  if (Number.isNaN(fromMs) || Number.isNaN(toMs) || isoDay(fromMs) !== from || isoDay(toMs) !== to) {
    throw new ApiError(400, 'BadRequest', 'Dates are days as YYYY-MM-DD.');
  }
  if (fromMs > toMs || toMs - fromMs > MAX_DAYS * DAY_MS)
    throw new ApiError(400, 'BadRequest', `From must be on or before to, at most ${MAX_DAYS} days apart.`);
  return { from, to, format: query.format, table: query.table };
}

function histograms(rows: Array<{ scene_id: string; bucket: number; n: number }>): Map<string, Map<number, number>> {
  const byScene = new Map<string, Map<number, number>>();
  for (const { scene_id, bucket, n } of rows) {
    const counts = byScene.get(scene_id) ?? new Map<number, number>();
    counts.set(bucket, (counts.get(bucket) ?? 0) + n);
    byScene.set(scene_id, counts);
  }
  return byScene;
}

type Breakdown = 'tour_scene' | 'tour_hotspot' | 'tour_referrer' | 'tour_duration';

/**
 * One tour's breakdown over the range, its counter summed per key as `n`: whole months from the monthly rows, the
 * days around them from the daily ones, so a year adds up about a month's worth of rows.
 */
async function breakdown<K extends string>(db: Db, name: Breakdown, tourId: number, keys: K[], counter: string, { from, to }: Range) {
  const span = rangeSpan(from, to);
  const columns = sql.join(keys.map((key) => sql.ref(key)));
  const part = (table: string, period: string, [first, last]: [string, string]) =>
    sql`select ${columns}, ${sql.ref(counter)} as n from ${sql.table(table)} where tour_id = ${tourId} and ${sql.ref(period)} >= ${first} and ${sql.ref(period)} <= ${last}`;
  const parts = [
    ...span.days.map((days) => part(`${name}_day_stats`, 'day', days)),
    ...(span.months ? [part(`${name}_month_stats`, 'month', span.months)] : []),
  ];
  const { rows } = await sql<
    Record<K, string> & { n: number }
  >`select ${columns}, sum(n) as n from (${sql.join(parts, sql` union all `)}) as parts group by ${columns}`.execute(db);
  // PostgreSQL sums integers as bigint, which its driver hands over as text.
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** What an owner calls a hotspot (the scene it leads to) or an info spot (its text), by scene and spot id. */
function spotNames(images: Tour['images']): Map<string, { kind: 'hotspot' | 'info'; name: string }> {
  const titles = new Map(images.map((image) => [image.id, image.title]));
  const names = new Map<string, { kind: 'hotspot' | 'info'; name: string }>();
  for (const image of images) {
    for (const spot of image.hotspots) names.set(`${image.id} ${spot.id}`, { kind: 'hotspot', name: titles.get(spot.image.id) ?? spot.image.title });
    for (const spot of image.infospots) names.set(`${image.id} ${spot.id}`, { kind: 'info', name: spot.data.previewText || spot.data.url });
  }
  return names;
}

/** One tour's numbers over the range, as the editor's Analytics tab shows them. */
async function tourAnalytics(db: Db, tour: Pick<Tour, 'id' | 'images'>, range: Range): Promise<TourAnalytics> {
  const { from, to } = range;
  // Five reads of one range, side by side: PostgreSQL runs them on pooled connections at once.
  const [days, scenes, hotspots, referrers, durations] = await Promise.all([
    db.selectFrom('tour_day_stats').selectAll().where('tour_id', '=', tour.id).where('day', '>=', from).where('day', '<=', to).orderBy('day').execute(),
    breakdown(db, 'tour_scene', tour.id, ['scene_id'], 'views', range),
    breakdown(db, 'tour_hotspot', tour.id, ['scene_id', 'target_id'], 'clicks', range),
    breakdown(db, 'tour_referrer', tour.id, ['host'], 'views', range),
    breakdown(db, 'tour_duration', tour.id, ['scene_id', 'bucket'], 'n', range),
  ]);
  const medians = histograms(durations.map((row) => ({ ...row, bucket: Number(row.bucket) })));
  const sum = (column: 'views' | 'visitors' | 'leads' | 'showings' | 'chats' | 'phone' | 'tablet' | 'desktop') =>
    days.reduce((total, row) => total + row[column], 0);
  const titles = new Map(tour.images.map((image) => [image.id, image.title]));
  const spots = spotNames(tour.images);
  return {
    from,
    to,
    totals: {
      views: sum('views'),
      visitors: sum('visitors'),
      medianSeconds: medianSeconds(medians.get('') ?? new Map()),
      leads: sum('leads'),
      showings: sum('showings'),
      chats: sum('chats'),
    },
    days: days.map((row) => ({ date: row.day, views: row.views, visitors: row.visitors })),
    scenes: scenes
      .filter((row) => titles.has(row.scene_id))
      .map((row) => ({
        sceneId: row.scene_id,
        title: titles.get(row.scene_id)!,
        views: row.n,
        medianSeconds: medianSeconds(medians.get(row.scene_id) ?? new Map()),
      }))
      .sort((a, b) => b.views - a.views),
    hotspots: hotspots
      .flatMap((row) => {
        const spot = spots.get(`${row.scene_id} ${row.target_id}`);
        return spot ? [{ sceneId: row.scene_id, targetId: row.target_id, ...spot, clicks: row.n }] : [];
      })
      .sort((a, b) => b.clicks - a.clicks),
    referrers: referrers.map((row) => ({ host: row.host, views: row.n })).sort((a, b) => b.views - a.views),
    devices: { phone: sum('phone'), tablet: sum('tablet'), desktop: sum('desktop') },
  };
}

/** The tours a user owns or holds `admin` on through a team, with their totals over the range and their days together. */
async function overview(db: Db, userId: number, { from, to }: Range): Promise<AnalyticsOverview> {
  const administered = db
    .selectFrom('team_tour')
    .innerJoin('team_member', (join) => join.onRef('team_member.team_id', '=', 'team_tour.team_id').on('team_member.user_id', '=', userId))
    .leftJoin('team_tour_permission', (join) =>
      join.onRef('team_tour_permission.tour_id', '=', 'team_tour.tour_id').on('team_tour_permission.user_id', '=', userId),
    )
    .where(sql<boolean>`coalesce(team_tour_permission.permission, team_member.permission) = 'admin'`)
    .select('team_tour.tour_id');
  const theirs = db
    .selectFrom('tour')
    .leftJoin('tour_day_stats', (join) =>
      join.onRef('tour_day_stats.tour_id', '=', 'tour.id').on('tour_day_stats.day', '>=', from).on('tour_day_stats.day', '<=', to),
    )
    .where((eb) => eb.or([eb('tour.user_id', '=', userId), eb('tour.id', 'in', administered)]));
  const [rows, days] = await Promise.all([
    theirs
      .select([
        'tour.short_id',
        'tour.list_title',
        sql<number>`coalesce(sum(tour_day_stats.views), 0)`.as('views'),
        sql<number>`coalesce(sum(tour_day_stats.visitors), 0)`.as('visitors'),
        sql<number>`coalesce(sum(tour_day_stats.leads), 0)`.as('leads'),
      ])
      .groupBy(['tour.id', 'tour.short_id', 'tour.list_title'])
      .orderBy('tour.id', 'desc')
      .execute(),
    theirs
      .where('tour_day_stats.day', 'is not', null)
      .select(['tour_day_stats.day', sql<number>`sum(tour_day_stats.views)`.as('views'), sql<number>`sum(tour_day_stats.visitors)`.as('visitors')])
      .groupBy('tour_day_stats.day')
      .orderBy('tour_day_stats.day')
      .execute(),
  ]);
  const items = rows.map((row) => ({
    shortId: row.short_id,
    title: row.list_title,
    views: Number(row.views),
    visitors: Number(row.visitors),
    leads: Number(row.leads),
  }));
  return { from, to, days: days.map((row) => ({ date: row.day!, views: Number(row.views), visitors: Number(row.visitors) })), items };
}

/** A tour's CSV: its days, or with `table=clicks` the opens of its hotspots and info spots by scene. */
function tourCsv(c: Context<AppEnv>, shortId: string, range: Range, answer: TourAnalytics, images: Tour['images']): Response {
  const name = `analytics-${shortId}-${range.from}-${range.to}`;
  if (range.table !== 'clicks') {
    const lines = answer.days.map((day) => [day.date, String(day.views), String(day.visitors)]);
    return csvResponse(c, `${name}.csv`, ['date', 'views', 'visitors'], lines);
  }
  const titles = new Map(images.map((image) => [image.id, image.title]));
  const lines = answer.hotspots.map((spot) => [spot.sceneId, titles.get(spot.sceneId)!, spot.kind, spot.targetId, spot.name, String(spot.clicks)]);
  return csvResponse(c, `${name}-clicks.csv`, ['sceneId', 'scene', 'kind', 'targetId', 'name', 'clicks'], lines);
}

/** The owners' reads of their visits: one tour (owner and team admins; 404 to others) and all of the caller's. */
export function analyticsRoutes(): { tour: Hono<AppEnv>; all: Hono<AppEnv> } {
  const tour = new Hono<AppEnv>();
  tour.get('/:shortId/analytics', async (c) => {
    requireUser(c);
    const found = await findTourOr404(c, c.req.param('shortId'));
    const access = await callerAccess(c, found);
    if (access.permission !== 'admin') throw new ApiError(404, 'TourNotFound', 'No tour with this id.');
    const range = rangeOf(c);
    const answer = await tourAnalytics(c.get('db'), found.tour, range);
    return range.format === 'csv' ? tourCsv(c, found.tour.shortId, range, answer, found.tour.images) : c.json(answer);
  });

  const all = new Hono<AppEnv>();
  all.get('/', async (c) => {
    const user = requireUser(c);
    const range = rangeOf(c);
    const answer = await overview(c.get('db'), user.id, range);
    if (range.format !== 'csv') return c.json(answer);
    const lines = answer.items.map((item) => [item.shortId, item.title, String(item.views), String(item.visitors), String(item.leads)]);
    return csvResponse(c, `analytics-${range.from}-${range.to}.csv`, ['shortId', 'title', 'views', 'visitors', 'leads'], lines);
  });
  return { tour, all };
}
