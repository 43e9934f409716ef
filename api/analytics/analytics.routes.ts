import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { csvResponse } from '../http/csv';
import type { Db } from '../db/database';
import { ApiError, parseOr422 } from '../http/errors';
import { analyticsRangeQuerySchema, type AnalyticsOverview, type TourAnalytics } from '../schema/analytics';
import { callerAccess, findTourOr404 } from '../tours/tour-access';
import { medianSeconds } from './duration-buckets';

/** Ranges without `from` cover the last 30 days; no range may span more than about three years. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 1100;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Range {
  from: string;
  to: string;
  format?: 'json' | 'csv';
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
  return { from, to, format: query.format };
}

function histograms(rows: Array<{ scene_id: string; bucket: number; n: number }>): Map<string, Map<number, number>> {
  const byScene = new Map<string, Map<number, number>>();
  for (const { scene_id, bucket, n } of rows) {
    const counts = byScene.get(scene_id) ?? new Map<number, number>();
    counts.set(bucket, (counts.get(bucket) ?? 0) + Number(n));
    byScene.set(scene_id, counts);
  }
  return byScene;
}

/** One tour's numbers over the range, as the editor's Analytics tab shows them. */
async function tourAnalytics(db: Db, tour: { id: number; images: Array<{ id: string; title: string }> }, { from, to }: Range): Promise<TourAnalytics> {
  // Five reads of one range, side by side: PostgreSQL runs them on pooled connections at once.
  const [days, scenes, hotspots, referrers, durations] = await Promise.all([
    db.selectFrom('tour_day_stats').selectAll().where('tour_id', '=', tour.id).where('day', '>=', from).where('day', '<=', to).orderBy('day').execute(),
    db
      .selectFrom('tour_scene_day_stats')
      .select(['scene_id', sql<number>`sum(views)`.as('views')])
      .where('tour_id', '=', tour.id)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('scene_id')
      .execute(),
    db
      .selectFrom('tour_hotspot_day_stats')
      .select(['scene_id', 'target_id', sql<number>`sum(clicks)`.as('clicks')])
      .where('tour_id', '=', tour.id)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['scene_id', 'target_id'])
      .execute(),
    db
      .selectFrom('tour_referrer_day_stats')
      .select(['host', sql<number>`sum(views)`.as('views')])
      .where('tour_id', '=', tour.id)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('host')
      .execute(),
    db
      .selectFrom('tour_duration_day_stats')
      .select(['scene_id', 'bucket', sql<number>`sum(n)`.as('n')])
      .where('tour_id', '=', tour.id)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['scene_id', 'bucket'])
      .execute(),
  ]);
  const medians = histograms(durations);
  const sum = (column: 'views' | 'visitors' | 'leads' | 'showings' | 'chats' | 'phone' | 'tablet' | 'desktop') =>
    days.reduce((total, row) => total + row[column], 0);
  const titles = new Map(tour.images.map((image) => [image.id, image.title]));
  const sceneViews = new Map(scenes.map((row) => [row.scene_id, Number(row.views)]));
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
    scenes: [...sceneViews]
      .filter(([sceneId]) => titles.has(sceneId))
      .map(([sceneId, views]) => ({ sceneId, title: titles.get(sceneId)!, views, medianSeconds: medianSeconds(medians.get(sceneId) ?? new Map()) }))
      .sort((a, b) => b.views - a.views),
    hotspots: hotspots.map((row) => ({ sceneId: row.scene_id, targetId: row.target_id, clicks: Number(row.clicks) })).sort((a, b) => b.clicks - a.clicks),
    referrers: referrers.map((row) => ({ host: row.host, views: Number(row.views) })).sort((a, b) => b.views - a.views),
    devices: { phone: sum('phone'), tablet: sum('tablet'), desktop: sum('desktop') },
  };
}

/** The tours a user owns or holds `admin` on through a team, with their totals over the range. */
async function overview(db: Db, userId: number, { from, to }: Range): Promise<AnalyticsOverview> {
  const administered = db
    .selectFrom('team_tour')
    .innerJoin('team_member', (join) => join.onRef('team_member.team_id', '=', 'team_tour.team_id').on('team_member.user_id', '=', userId))
    .leftJoin('team_tour_permission', (join) =>
      join.onRef('team_tour_permission.tour_id', '=', 'team_tour.tour_id').on('team_tour_permission.user_id', '=', userId),
    )
    .where(sql<boolean>`coalesce(team_tour_permission.permission, team_member.permission) = 'admin'`)
    .select('team_tour.tour_id');
  const rows = await db
    .selectFrom('tour')
    .leftJoin('tour_day_stats', (join) =>
      join.onRef('tour_day_stats.tour_id', '=', 'tour.id').on('tour_day_stats.day', '>=', from).on('tour_day_stats.day', '<=', to),
    )
    .where((eb) => eb.or([eb('tour.user_id', '=', userId), eb('tour.id', 'in', administered)]))
    .select([
      'tour.short_id',
      'tour.list_title',
      sql<number>`coalesce(sum(tour_day_stats.views), 0)`.as('views'),
      sql<number>`coalesce(sum(tour_day_stats.visitors), 0)`.as('visitors'),
      sql<number>`coalesce(sum(tour_day_stats.leads), 0)`.as('leads'),
    ])
    .groupBy(['tour.id', 'tour.short_id', 'tour.list_title'])
    .orderBy('tour.id', 'desc')
    .execute();
  const items = rows.map((row) => ({
    shortId: row.short_id,
    title: row.list_title,
    views: Number(row.views),
    visitors: Number(row.visitors),
    leads: Number(row.leads),
  }));
  return { from, to, items };
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
    if (range.format !== 'csv') return c.json(answer);
    const lines = answer.days.map((day) => [day.date, String(day.views), String(day.visitors)]);
    return csvResponse(c, `analytics-${found.tour.shortId}-${range.from}-${range.to}.csv`, ['date', 'views', 'visitors'], lines);
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
