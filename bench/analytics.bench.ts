import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { databaseFile } from '../api/config/config';
import { openDatabase } from '../api/db/database';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { cpuMilliseconds, measureLoad, CONNECTIONS } from './support/load';
import { writeResult } from './support/results';
import { seedTour } from './support/seed-tour';

/** Events a second the server must take in on SQLite (DESIGN.md §16). */
export const INGEST_EVENTS_PER_SECOND_BUDGET = 20_000;
/** The tour read's p99 while beacons arrive, and the analytics read's p99 over a year of rollups, in ms. */
export const READ_P99_BUDGET_MS = 50;
const EVENTS_PER_BEACON = 100;
const INGEST_SECONDS = 10;
const READ_SECONDS = 5;
/** Connections reading the tour while beacons arrive: visitors opening it during the flood. */
const READERS = 4;
const DAYS = 365;
const SCENES = 12;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** A beacon as the viewer sends it at the end of a long visit: scene stays, hotspot and info opens, a lead. */
function beaconBody(visit: number): string {
  const types = ['scene', 'hotspot', 'info', 'scene', 'share'] as const;
  const events: Array<Record<string, unknown>> = Array.from({ length: EVENTS_PER_BEACON - 2 }, (_, i) => {
    const type = types[i % types.length];
    const sceneId = `scene-${i % SCENES}`;
    if (type === 'scene') return { type, at: i * 1000, sceneId, ms: 1000 + i * 37 };
    if (type === 'share') return { type, at: i * 1000 };
    return { type, at: i * 1000, sceneId, targetId: `spot-${i % 5}` };
  });
  events.push({ type: 'lead', at: 99_000 }, { type: 'end', at: 100_000, ms: 100_000 });
  return JSON.stringify({ visitId: `bench-visit-${visit}`, host: `partner${visit % 150}.example`, kind: 'element', device: 'desktop', events });
}

/** The breakdowns with monthly twins: their name, keys and counter. */
const MONTHLY = [
  ['tour_scene', ['scene_id'], 'views'],
  ['tour_hotspot', ['scene_id', 'target_id'], 'clicks'],
  ['tour_referrer', ['host', 'kind'], 'views'],
  ['tour_duration', ['scene_id', 'bucket'], 'n'],
] as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Writes a year of rollups for the tour the way a busy tour collects them: every scene, hotspot and host each day. */
async function seedYear(dataDir: string, tourId: number): Promise<void> {
  const db = openDatabase(databaseFile(dataDir));
  try {
    const today = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let d = 0; d < DAYS; d++) {
        // The year before today, whose rows the ingest above has begun.
        const day = isoDay(today - (d + 1) * 86_400_000);
        await trx
          .insertInto('tour_day_stats')
          .values({ tour_id: tourId, day, views: 300 + d, visitors: 200, leads: 3, showings: 1, chats: 1, phone: 150, tablet: 30, desktop: 120 + d })
          .execute();
        const scenes = Array.from({ length: SCENES }, (_, s) => `scene-${s}`);
        await trx
          .insertInto('tour_scene_day_stats')
          .values(scenes.map((scene_id, s) => ({ tour_id: tourId, day, scene_id, views: 100 + s })))
          .execute();
        await trx
          .insertInto('tour_hotspot_day_stats')
          .values(
            scenes.flatMap((scene_id) => Array.from({ length: 5 }, (_, h) => ({ tour_id: tourId, day, scene_id, target_id: `spot-${h}`, clicks: 10 + h }))),
          )
          .execute();
        await trx
          .insertInto('tour_referrer_day_stats')
          .values(Array.from({ length: 20 }, (_, h) => ({ tour_id: tourId, day, host: `partner${h}.example`, kind: 'element', views: 5 + h })))
          .execute();
        await trx
          .insertInto('tour_duration_day_stats')
          .values(['', ...scenes].flatMap((scene_id) => Array.from({ length: 10 }, (_, bucket) => ({ tour_id: tourId, day, scene_id, bucket, n: 3 + bucket }))))
          .execute();
      }
      // The flush adds each increment to its month too: the same sums, from the rows just written.
      for (const [name, keys, counter] of MONTHLY) {
        const columns = sql.join(keys.map((key) => sql.ref(key)));
        await sql`insert into ${sql.table(`${name}_month_stats`)} (tour_id, month, ${columns}, ${sql.ref(counter)})
          select tour_id, substr(day, 1, 7), ${columns}, sum(${sql.ref(counter)}) from ${sql.table(`${name}_day_stats`)}
          where tour_id = ${tourId} and day < ${isoDay(today)} group by tour_id, substr(day, 1, 7), ${columns}
          on conflict (tour_id, month, ${columns}) do update set ${sql.ref(counter)} = ${sql.table(`${name}_month_stats`)}.${sql.ref(counter)} + excluded.${sql.ref(counter)}`.execute(
          trx,
        );
      }
    });
  } finally {
    await db.destroy();
  }
}

/**
 * Beacons of 100 events each from many addresses (forwarded by a trusted proxy, as behind a balancer) into the real
 * server on SQLite, with visitors reading the tour meanwhile; then the analytics read of a tour with a year of
 * rollups. There is no bare reference: no other server does this work, so the figures are against the budgets.
 */
export async function benchAnalytics(): Promise<void> {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-analytics-log-'));
  const server = await startServer({ env: { TRUST_PROXY: '1' }, logFile: join(logDir, 'server.log') });
  try {
    const tour = await seedTour(server);
    const tourUrl = `${server.origin}/api/tours/${tour.shortId}`;
    const beacons = Array.from({ length: 1000 }, (_, i) => beaconBody(i));
    let sent = 0;
    // Unmeasured: the server compiles its hot paths first.
    await measureLoad(tourUrl, server.process.pid!, 2);

    const cpuBefore = cpuMilliseconds(server.process.pid!);
    const flood = (rate?: number) =>
      autocannon({
        url: `${tourUrl}/visits`,
        ...(rate ? { overallRate: rate } : {}),
        connections: CONNECTIONS,
        duration: INGEST_SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const n = sent++;
              // An address per beacon, as from many visitors: the per-address limit (120 a minute) is never what answers.
              const address = `11.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
              return {
                ...request,
                headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME, 'X-Forwarded-For': address },
                body: beacons[n % beacons.length].replace('bench-visit-', `bench-visit-${n}-`),
              };
            },
          },
        ],
      });
    // First as fast as the server takes them: the ingest rate.
    const ingested = await flood();
    const ingestCpu = cpuMilliseconds(server.process.pid!) - cpuBefore;
    // Then at the budget's rate, with visitors reading the tour meanwhile: what they wait while a tour is that busy.
    const [atBudget, read] = await Promise.all([
      flood(INGEST_EVENTS_PER_SECOND_BUDGET / EVENTS_PER_BEACON),
      autocannon({ url: tourUrl, connections: READERS, duration: INGEST_SECONDS }),
    ]);
    if (ingested.errors + ingested.timeouts + ingested.non2xx + atBudget.non2xx + atBudget.errors > 0 || read.non2xx + read.errors > 0) {
      throw new Error(`answers other than 2xx: ${ingested.non2xx + atBudget.non2xx} beacons, ${read.non2xx} reads (${ingested.errors + read.errors} errors)`);
    }
    const beaconsPerSecond = ingested.requests.average;
    const eventsPerSecond = beaconsPerSecond * EVENTS_PER_BEACON;
    // Every beacon was written: the flush keeps up (the day's views equal the beacons answered, after a last flush).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const analytics = await (await fetch(`${tourUrl}/analytics`, { headers: { Authorization: `JWT ${tour.token}` } })).json();
    const counted = (analytics as { totals: { views: number } }).totals.views;

    await seedYear(server.dataDir, tour.id);
    const to = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
    const yearUrl = `${tourUrl}/analytics?from=${from}&to=${to}`;
    const auth = { Authorization: `JWT ${tour.token}` };
    // One owner at a time: the budget is how long an owner waits for the page's numbers, not a load test.
    await autocannon({ url: yearUrl, connections: 1, duration: 1, headers: auth });
    const yearRun = await autocannon({ url: yearUrl, connections: 1, duration: READ_SECONDS, headers: auth });
    if (yearRun.non2xx + yearRun.errors > 0) throw new Error(`analytics read: ${yearRun.non2xx} answers other than 2xx`);
    const year = { requestsPerSecond: yearRun.requests.average, p99Ms: yearRun.latency.p99 };
    const yearBytes = (await (await fetch(yearUrl, { headers: auth })).arrayBuffer()).byteLength;

    console.log(
      `ingest: ${Math.round(beaconsPerSecond)} beacons/s = ${Math.round(eventsPerSecond)} events/s (${Math.round((ingestCpu * 1000) / ingested.requests.total)} µs CPU a beacon), ${counted} views counted of ${ingested.requests.total + atBudget.requests.total} beacons answered`,
    );
    console.log(
      `tour read while ${Math.round(atBudget.requests.average * EVENTS_PER_BEACON)} events/s arrive: ${Math.round(read.requests.average)} req/s, p99 ${read.latency.p99} ms`,
    );
    console.log(`analytics read of ${DAYS} days (${yearBytes} bytes): ${Math.round(year.requestsPerSecond)} req/s, p99 ${year.p99Ms} ms`);
    writeResult({
      name: 'analytics',
      database: 'sqlite',
      eventsPerBeacon: EVENTS_PER_BEACON,
      beaconConnections: CONNECTIONS,
      secondsIngesting: INGEST_SECONDS,
      beaconsPerSecond: Math.round(beaconsPerSecond),
      eventsPerSecond: Math.round(eventsPerSecond),
      budgetEventsPerSecond: INGEST_EVENTS_PER_SECOND_BUDGET,
      serverCpuMicrosecondsPerBeacon: Math.round((ingestCpu * 1000) / ingested.requests.total),
      beaconsAnswered: ingested.requests.total + atBudget.requests.total,
      eventsPerSecondDuringTourRead: Math.round(atBudget.requests.average * EVENTS_PER_BEACON),
      viewsCounted: counted,
      tourReadConnections: READERS,
      tourReadRequestsPerSecondDuringIngest: Math.round(read.requests.average),
      tourReadP99MsDuringIngest: read.latency.p99,
      analyticsReadDays: DAYS,
      analyticsReadBytes: yearBytes,
      analyticsReadRequestsPerSecond: Math.round(year.requestsPerSecond),
      analyticsReadP99Ms: year.p99Ms,
      budgetP99Ms: READ_P99_BUDGET_MS,
      withinBudget: eventsPerSecond >= INGEST_EVENTS_PER_SECOND_BUDGET && read.latency.p99 <= READ_P99_BUDGET_MS && year.p99Ms <= READ_P99_BUDGET_MS,
    });
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
    removeDataDir(logDir);
  }
}
