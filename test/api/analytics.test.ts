import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, openPostgres, type Db } from '../../api/db/database';
import { migrationProvider } from '../../api/db/migrations';
import { ANALYTICS_MAX_EVENTS } from '../../api/schema/analytics';
import { BEACONS_PER_ADDRESS_PER_MINUTE } from '../../api/analytics/visits.routes';
import { captureLog } from '../support/log-lines';
import { createPostgresDatabase, dropPostgresDatabase } from '../support/postgres';
import { TEST_ENGINE } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36';

afterEach(() => vi.useRealTimers());

async function tourWithScenes(t: TestApp, owner: TestUser) {
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const coords = { x: 1, y: 0, z: 0 };
  // Two hotspots of the hall lead to the loft: each is credited its own opens.
  const hotspots = ['to-loft', 'stairs-to-loft'].map((id) => ({ id, image: { id: 'loft', title: 'Loft' }, coords }));
  const infospots = [{ id: 'boiler', coords, dataType: 'shrt', data: { previewText: 'New boiler, 2024' } }];
  const images = [
    { id: 'hall', title: 'Hall', hotspots, infospots },
    { id: 'loft', title: 'Loft' },
  ];
  return (await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title: 'Mill house', images }, owner.auth))).json();
}

let visits = 0;
function beacon(overrides: Record<string, unknown> = {}) {
  return {
    visitId: `visit-${++visits}-abcdef`,
    host: 'partner.example',
    kind: 'element',
    device: 'desktop',
    events: [
      { type: 'scene', at: 0, sceneId: 'hall', ms: 20_000 },
      { type: 'info', at: 10_000, sceneId: 'hall', targetId: 'boiler' },
      { type: 'hotspot', at: 20_000, sceneId: 'hall', targetId: 'stairs-to-loft' },
      { type: 'scene', at: 20_000, sceneId: 'loft', ms: 40_000 },
      { type: 'lead', at: 50_000 },
      { type: 'end', at: 60_000, ms: 60_000 },
    ],
    ...overrides,
  };
}

function send(t: TestApp, shortId: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`/api/tours/${shortId}/visits`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': BROWSER, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function read(t: TestApp, shortId: string, user: TestUser, range = '') {
  const response = await t.app.request(`/api/tours/${shortId}/analytics${range}`, { headers: user.auth });
  expect(response.status).toBe(200);
  return response.json();
}

describe('visits', () => {
  it('counts a visit’s length once, by its latest report, however often its page was hidden', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const [switched, once] = [await tourWithScenes(t, owner), await tourWithScenes(t, owner)];
    const visitId = `visit-tabs-${++visits}`;
    const end = (ms: number) => beacon({ visitId, events: [{ type: 'end', at: ms, ms }] });
    // Hidden after 5 s (a tab switch), reported again when hidden for good after 90 s; a flush between the two.
    expect((await send(t, switched.shortId, end(5_000))).status).toBe(204);
    await t.analytics.flush();
    expect((await send(t, switched.shortId, end(90_000))).status).toBe(204);
    expect((await send(t, once.shortId, beacon({ events: [{ type: 'end', at: 90_000, ms: 90_000 }] }))).status).toBe(204);
    await t.analytics.flush();
    const [a, b] = [await read(t, switched.shortId, owner), await read(t, once.shortId, owner)];
    expect(a.totals.views).toBe(1);
    expect(a.totals.medianSeconds).toBe(b.totals.medianSeconds);
    expect(a.totals.medianSeconds).toBeGreaterThan(60);
  });

  it('counts a scene stay resumed after a tab switch once, its time adding up', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const [switched, once] = [await tourWithScenes(t, owner), await tourWithScenes(t, owner)];
    const visitId = `visit-stay-${++visits}`;
    const stay = (ms: number) => beacon({ visitId, events: [{ type: 'scene', at: 1_000, sceneId: 'hall', ms }] });
    // Hidden after 5 s in the hall, shown again and left after 95 s in all: the same entry (its `at`) twice.
    expect((await send(t, switched.shortId, stay(5_000))).status).toBe(204);
    await t.analytics.flush();
    expect((await send(t, switched.shortId, stay(95_000))).status).toBe(204);
    // A report that arrives late, shorter than the one kept, changes nothing.
    expect((await send(t, switched.shortId, stay(5_000))).status).toBe(204);
    // Entered again later: another entry.
    expect((await send(t, switched.shortId, beacon({ visitId, events: [{ type: 'scene', at: 200_000, sceneId: 'hall', ms: 95_000 }] }))).status).toBe(204);
    expect((await send(t, once.shortId, beacon({ events: [{ type: 'scene', at: 1_000, sceneId: 'hall', ms: 95_000 }] }))).status).toBe(204);
    await t.analytics.flush();
    const [a, b] = [await read(t, switched.shortId, owner), await read(t, once.shortId, owner)];
    expect(a.scenes).toEqual([{ sceneId: 'hall', title: 'Hall', views: 2, medianSeconds: b.scenes[0].medianSeconds }]);
    expect(b.scenes[0].medianSeconds).toBeGreaterThan(90);
  });

  it('reads whole months and the days around them alike, however the rows were flushed', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWithScenes(t, owner);
    vi.useFakeTimers({ toFake: ['Date'] });
    // A visit on the last and first day of each month from January to April, and one mid-February.
    const days = ['2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01'];
    for (const day of days) {
      vi.setSystemTime(new Date(`${day}T12:00:00Z`));
      expect((await send(t, tour.shortId, beacon({ host: `${day}.example` }))).status).toBe(204);
      await t.analytics.flush();
    }
    const expectRange = async (range: string, visitsIn: number) => {
      const answer = await read(t, tour.shortId, owner, range);
      expect(answer.totals.views).toBe(visitsIn);
      expect(answer.scenes.map((scene: { views: number }) => scene.views)).toEqual([visitsIn, visitsIn]);
      expect(answer.hotspots.map((spot: { clicks: number }) => spot.clicks)).toEqual([visitsIn, visitsIn]);
      expect(answer.referrers).toHaveLength(visitsIn);
      expect(answer.scenes[0].medianSeconds).toBeGreaterThan(0);
    };
    await expectRange('?from=2026-01-31&to=2026-04-01', 7);
    await expectRange('?from=2026-02-01&to=2026-03-31', 5);
    await expectRange('?from=2026-02-02&to=2026-03-31', 4);
    await expectRange('?from=2026-02-01&to=2026-03-30', 4);
    await expectRange('?from=2026-02-14&to=2026-02-14', 1);
    const months = await t.db.selectFrom('tour_scene_month_stats').select(['month', 'views']).where('scene_id', '=', 'hall').orderBy('month').execute();
    expect(months.map((row) => [row.month, Number(row.views)])).toEqual([
      ['2026-01', 1],
      ['2026-02', 3],
      ['2026-03', 2],
      ['2026-04', 1],
    ]);
  });

  it('sums visits into daily rollups across a UTC day boundary, leaving out crawlers, headless browsers and the owner', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWithScenes(t, owner);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T23:59:00Z'));
    expect((await send(t, tour.shortId, beacon())).status).toBe(204);
    const phone = beacon({ device: 'phone', host: 'other.example', kind: 'iframe', events: [{ type: 'end', at: 5000, ms: 5000 }] });
    expect((await send(t, tour.shortId, phone, { 'User-Agent': PHONE })).status).toBe(204);
    // The same visit's next beacon is not another view; an unknown scene is not counted.
    const repeat = beacon({ visitId: phone.visitId, device: 'phone', events: [{ type: 'scene', at: 1, sceneId: 'attic' }] });
    expect((await send(t, tour.shortId, repeat, { 'User-Agent': PHONE })).status).toBe(204);
    expect((await send(t, tour.shortId, beacon(), { 'User-Agent': CRAWLER })).status).toBe(204);
    expect((await send(t, tour.shortId, beacon(), { 'User-Agent': HEADLESS })).status).toBe(204);
    expect((await send(t, tour.shortId, beacon(), { ...owner.auth })).status).toBe(204);
    await t.analytics.flush();
    vi.setSystemTime(new Date('2026-03-02T00:00:30Z'));
    // The desktop visitor again after midnight: a visitor of the new day too.
    expect((await send(t, tour.shortId, beacon())).status).toBe(204);
    await t.analytics.flush();

    // Medians interpolate within fixed buckets: 60 s, 5 s and 60 s visits give 60 + 30 × (1.5 − 1) / 2 ≈ 68 s.
    const answer = await read(t, tour.shortId, owner, '?from=2026-03-01&to=2026-03-02');
    expect(answer.totals).toEqual({ views: 3, visitors: 3, medianSeconds: 68, leads: 2, showings: 0, chats: 0 });
    expect(answer.days).toEqual([
      { date: '2026-03-01', views: 2, visitors: 2 },
      { date: '2026-03-02', views: 1, visitors: 1 },
    ]);
    expect(answer.scenes).toEqual([
      { sceneId: 'hall', title: 'Hall', views: 2, medianSeconds: 25 },
      { sceneId: 'loft', title: 'Loft', views: 2, medianSeconds: 38 },
    ]);
    expect(answer.hotspots).toEqual([
      { sceneId: 'hall', targetId: 'boiler', kind: 'info', name: 'New boiler, 2024', clicks: 2 },
      { sceneId: 'hall', targetId: 'stairs-to-loft', kind: 'hotspot', name: 'Loft', clicks: 2 },
    ]);
    expect(answer.referrers).toEqual([
      { host: 'partner.example', views: 2 },
      { host: 'other.example', views: 1 },
    ]);
    expect(answer.devices).toEqual({ phone: 1, tablet: 0, desktop: 2 });
    expect((await read(t, tour.shortId, owner, '?from=2026-03-02&to=2026-03-02')).totals.views).toBe(1);

    const csv = await t.app.request(`/api/tours/${tour.shortId}/analytics?from=2026-03-01&to=2026-03-02&format=csv`, { headers: owner.auth });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer())).toBe(
      '\uFEFF"date","views","visitors"\r\n"2026-03-01","2","2"\r\n"2026-03-02","1","1"\r\n',
    );
    const clicks = await t.app.request(`/api/tours/${tour.shortId}/analytics?from=2026-03-01&to=2026-03-02&format=csv&table=clicks`, { headers: owner.auth });
    expect(clicks.headers.get('content-disposition')).toContain(`analytics-${tour.shortId}-2026-03-01-2026-03-02-clicks.csv`);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await clicks.arrayBuffer())).toBe(
      '\uFEFF"sceneId","scene","kind","targetId","name","clicks"\r\n' +
        '"hall","Hall","info","boiler","New boiler, 2024","2"\r\n"hall","Hall","hotspot","stairs-to-loft","Loft","2"\r\n',
    );
    // A second tour of the owner's: the overview's days add both up.
    const other = await tourWithScenes(t, owner);
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    expect((await send(t, other.shortId, beacon())).status).toBe(204);
    await t.analytics.flush();
    const overview = await (await t.app.request('/api/analytics?from=2026-03-01&to=2026-03-02', { headers: owner.auth })).json();
    expect(overview.items).toEqual([
      { shortId: other.shortId, title: 'Mill house', views: 1, visitors: 1, leads: 1 },
      { shortId: tour.shortId, title: 'Mill house', views: 3, visitors: 3, leads: 2 },
    ]);
    expect(overview.days).toEqual([
      { date: '2026-03-01', views: 2, visitors: 2 },
      { date: '2026-03-02', views: 2, visitors: 2 },
    ]);
  });

  it('refuses bad, oversized and too many beacons in the one error shape, logged at debug, and nothing is counted from them', async () => {
    const log = await captureLog();
    log.logger.level = 'debug';
    const t = await createTestApp({}, { logger: log.logger });
    const owner = await signUp(t);
    const tour = await tourWithScenes(t, owner);
    const refused = async (body: unknown, status: number) => {
      const response = await send(t, tour.shortId, body);
      expect(response.status).toBe(status);
      expect((await response.json()).error.code).toEqual(expect.any(String));
    };
    await refused('{not json', 400);
    await refused({ ...beacon(), kind: 'popup' }, 400);
    await refused({ ...beacon(), events: Array.from({ length: ANALYTICS_MAX_EVENTS + 1 }, () => ({ type: 'share', at: 1 })) }, 400);
    await refused({ ...beacon(), extra: 'x'.repeat(70_000) }, 413);
    expect((await send(t, 'nope', beacon())).status).toBe(404);
    await t.analytics.flush();
    expect((await read(t, tour.shortId, owner)).totals.views).toBe(0);
    let last = 204;
    for (let i = 0; i < BEACONS_PER_ADDRESS_PER_MINUTE + 1 && last !== 429; i++) last = (await send(t, tour.shortId, beacon())).status;
    expect(last).toBe(429);
    // Anyone can send beacons: their refusals are routine, so not warnings an operator would be paged for.
    const refusals = log.lines().filter((line) => line.msg === 'visit report refused');
    expect(new Set(refusals.map((line) => line.status))).toEqual(new Set([400, 413, 404, 429]));
    expect(refusals.every((line) => line.level === 20)).toBe(true);
    expect(log.lines().filter((line) => (line.level as number) >= 40)).toEqual([]);
  });

  it('adds increments into the UTC day they were received on, across midnight and across flushes', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWithScenes(t, owner);
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = async (iso: string, body = beacon()) => {
      vi.setSystemTime(new Date(iso));
      expect((await send(t, tour.shortId, body)).status).toBe(204);
    };
    // Both sides of midnight in one flush: two rows.
    await at('2026-06-30T23:59:59.999Z');
    await at('2026-07-01T00:00:00.000Z');
    await t.analytics.flush();
    // Later the same new day, in another flush: added to the row written before, never set over it.
    await at('2026-07-01T12:00:00.000Z');
    await at('2026-07-01T23:59:59.999Z', beacon({ events: [{ type: 'share', at: 1 }] }));
    await t.analytics.flush();
    await t.analytics.flush();
    const rows = await t.db.selectFrom('tour_day_stats').select(['day', 'views', 'visitors', 'leads', 'shares', 'desktop']).orderBy('day').execute();
    expect(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'day' ? value : Number(value)])))).toEqual([
      { day: '2026-06-30', views: 1, visitors: 1, leads: 1, shares: 0, desktop: 1 },
      // One visitor (same address and browser) a day, whatever its visits.
      { day: '2026-07-01', views: 3, visitors: 1, leads: 2, shares: 1, desktop: 3 },
    ]);
    const scenes = await t.db.selectFrom('tour_scene_day_stats').select(['day', 'scene_id', 'views']).orderBy('day').orderBy('scene_id').execute();
    expect(scenes.map((row) => [row.day, row.scene_id, Number(row.views)])).toEqual([
      ['2026-06-30', 'hall', 1],
      ['2026-06-30', 'loft', 1],
      ['2026-07-01', 'hall', 2],
      ['2026-07-01', 'loft', 2],
    ]);
  });

  it('is read by the owner and team admins only: 401 anonymous, 404 to others, bad ranges 400', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWithScenes(t, owner);
    expect((await t.app.request(`/api/tours/${tour.shortId}/analytics`)).status).toBe(401);
    expect((await t.app.request('/api/analytics')).status).toBe(401);
    const stranger = await signUp(t, 'Stranger');
    expect((await t.app.request(`/api/tours/${tour.shortId}/analytics`, { headers: stranger.auth })).status).toBe(404);
    expect((await (await t.app.request('/api/analytics', { headers: stranger.auth })).json()).items).toEqual([]);
    for (const range of ['?from=2026-02-30', '?from=2026-03-02&to=2026-03-01', '?from=yesterday', '?from=2000-01-01&to=2026-01-01']) {
      const response = await t.app.request(`/api/tours/${tour.shortId}/analytics${range}`, { headers: owner.auth });
      expect([400, 422]).toContain(response.status);
    }
    const answer = await read(t, tour.shortId, owner);
    expect(Date.parse(answer.to) - Date.parse(answer.from)).toBe(29 * 86_400_000);
  });
});

describe(`the monthly rollups (${TEST_ENGINE})`, () => {
  it('are summed from the daily rows collected before them', async () => {
    const url = TEST_ENGINE === 'postgres' ? await createPostgresDatabase('tour_months') : undefined;
    const db: Db = url ? openPostgres(url) : openDatabase(':memory:');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const names = Object.keys(await migrationProvider.getMigrations());
      const monthly = names.indexOf('2026-11-28T03-00-analytics-read');
      expect((await migrator.migrateTo(names[monthly - 1])).error).toBeUndefined();
      await sql`insert into tour (short_id, type, privacy, data, list_title, updated_at) values ('old', 'locked', 'Public', '{}', 'Old', '2026-11-26')`.execute(
        db,
      );
      const tourId = (await db.selectFrom('tour').select('id').executeTakeFirstOrThrow()).id;
      const rows = [
        ['2026-09-30', 'hall', 0, 2],
        ['2026-10-01', 'hall', 0, 3],
        ['2026-10-31', 'hall', 0, 4],
        ['2026-10-31', 'hall', 1, 5],
        ['2026-10-31', 'loft', 0, 6],
      ] as const;
      for (const [day, scene_id, bucket, n] of rows) {
        await db.insertInto('tour_duration_day_stats').values({ tour_id: tourId, day, scene_id, bucket, n }).execute();
        await db
          .insertInto('tour_hotspot_day_stats')
          .values({ tour_id: tourId, day, scene_id, target_id: `spot-${bucket}`, clicks: n })
          .execute();
      }
      expect((await migrator.migrateTo(names[monthly])).error).toBeUndefined();
      const durations = await db.selectFrom('tour_duration_month_stats').selectAll().orderBy('month').orderBy('scene_id').orderBy('bucket').execute();
      expect(durations.map((row) => [row.month, row.scene_id, Number(row.bucket), Number(row.n)])).toEqual([
        ['2026-09', 'hall', 0, 2],
        ['2026-10', 'hall', 0, 7],
        ['2026-10', 'hall', 1, 5],
        ['2026-10', 'loft', 0, 6],
      ]);
      const clicks = await db.selectFrom('tour_hotspot_month_stats').selectAll().orderBy('month').orderBy('scene_id').orderBy('target_id').execute();
      expect(clicks.map((row) => [row.month, row.scene_id, row.target_id, Number(row.clicks)])).toEqual([
        ['2026-09', 'hall', 'spot-0', 2],
        ['2026-10', 'hall', 'spot-0', 7],
        ['2026-10', 'hall', 'spot-1', 5],
        ['2026-10', 'loft', 'spot-0', 6],
      ]);
      expect(await db.selectFrom('tour_scene_month_stats').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
      if (url) await dropPostgresDatabase(url);
    }
  });
});
