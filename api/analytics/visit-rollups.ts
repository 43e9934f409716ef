import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { Logger } from '../config/logger';
import type { AnalyticsDevice, AnalyticsKind } from '../schema/analytics';
import { durationBucket } from './duration-buckets';

/** Embedding hosts kept per tour and day; further hosts are counted as OTHER_HOST. */
export const MAX_HOSTS_PER_TOUR_DAY = 100;
export const OTHER_HOST = 'other';

/** The day-level counters a beacon adds to. */
export type DayCounter = 'views' | 'visitors' | 'leads' | 'showings' | 'chats' | 'shares' | 'fullscreens' | 'vrs' | AnalyticsDevice;

/** Rows sent per insert: well below either database's limit on parameters. */
const ROWS_PER_INSERT = 400;

/** Increments keyed by the rollup row they go to; the key's parts are joined with a character ids never hold. */
type Increments = Map<string, number>;
const SEP = '\u0000';

function add(map: Increments, key: string, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * Sums of received visits, held in memory until the next flush writes them into the daily rollups in one
 * transaction, each row added to (never set), so instances sharing a database each add their own.
 */
export class VisitRollups {
  private days = new Map<string, Partial<Record<DayCounter, number>>>();
  private scenes: Increments = new Map();
  private hotspots: Increments = new Map();
  private referrers: Increments = new Map();
  private durations: Increments = new Map();
  /** The hosts each tour-day has rows for, as far as this instance knows: what the host cap counts. */
  private knownHosts = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  count(tourId: number, day: string, counter: DayCounter, n = 1): void {
    const key = `${tourId}${SEP}${day}`;
    const row = this.days.get(key) ?? {};
    row[counter] = (row[counter] ?? 0) + n;
    this.days.set(key, row);
  }

  scene(tourId: number, day: string, sceneId: string): void {
    add(this.scenes, [tourId, day, sceneId].join(SEP));
  }

  hotspot(tourId: number, day: string, sceneId: string, targetId: string): void {
    add(this.hotspots, [tourId, day, sceneId, targetId].join(SEP));
  }

  referrer(tourId: number, day: string, host: string, kind: AnalyticsKind): void {
    add(this.referrers, [tourId, day, host, kind].join(SEP));
  }

  /** A stay in a scene, or with `sceneId` '' a whole visit, that lasted `ms`; `n` -1 takes one back. */
  duration(tourId: number, day: string, sceneId: string, ms: number, n = 1): void {
    add(this.durations, [tourId, day, sceneId, durationBucket(ms)].join(SEP), n);
  }

  /** Flushes every second until stopped; a failed flush is logged and its sums are tried again with the next. */
  start(logger: Logger, everyMs = 1000): void {
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) => logger.error({ err }, 'analytics flush failed (kept for the next one)'));
    }, everyMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the sums received so far; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const { days, scenes, hotspots, referrers, durations } = this;
    if (days.size + scenes.size + hotspots.size + referrers.size + durations.size === 0) return;
    this.days = new Map();
    this.scenes = new Map();
    this.hotspots = new Map();
    this.referrers = new Map();
    this.durations = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        const dayRows = [...days].map(([key, counters]) => {
          const [tourId, day] = key.split(SEP);
          return { tour_id: Number(tourId), day, ...counters };
        });
        // One statement per set of counters present, so every row of a statement has the same columns.
        const byColumns = new Map<string, typeof dayRows>();
        for (const row of dayRows) {
          const columns = Object.keys(row).sort().join(',');
          byColumns.set(columns, [...(byColumns.get(columns) ?? []), row]);
        }
        for (const rows of byColumns.values()) {
          const counters = Object.keys(rows[0]).filter((column) => column !== 'tour_id' && column !== 'day') as DayCounter[];
          await upsert(trx, 'tour_day_stats', ['tour_id', 'day'], counters, rows);
        }
        await upsertBreakdown(trx, 'tour_scene', ['scene_id'], 'views', rowsOf(scenes, ['scene_id'], 'views'));
        await upsertBreakdown(trx, 'tour_hotspot', ['scene_id', 'target_id'], 'clicks', rowsOf(hotspots, ['scene_id', 'target_id'], 'clicks'));
        await upsertBreakdown(trx, 'tour_referrer', ['host', 'kind'], 'views', await this.cappedHosts(trx, referrers));
        const durationRows = rowsOf(durations, ['scene_id', 'bucket'], 'n').map((row) => ({ ...row, bucket: Number(row.bucket) }));
        await upsertBreakdown(trx, 'tour_duration', ['scene_id', 'bucket'], 'n', durationRows);
      });
    } catch (err) {
      this.mergeBack({ days, scenes, hotspots, referrers, durations });
      throw err;
    }
  }

  /** Hosts beyond the day's cap become OTHER_HOST; the hosts a tour-day already has are read once per instance. */
  private async cappedHosts(trx: Db, referrers: Increments) {
    const rows = rowsOf(referrers, ['host', 'kind'], 'views');
    for (const row of rows) {
      const tourDay = `${row.tour_id}${SEP}${row.day}`;
      let hosts = this.knownHosts.get(tourDay);
      if (!hosts) {
        const stored = await trx
          .selectFrom('tour_referrer_day_stats')
          .select('host')
          .distinct()
          .where('tour_id', '=', row.tour_id)
          .where('day', '=', row.day)
          .execute();
        hosts = new Set(stored.map(({ host }) => host));
        // Only today's and yesterday's days still receive beacons; older sets are dropped as days pass.
        if (this.knownHosts.size > 10_000) this.knownHosts.clear();
        this.knownHosts.set(tourDay, hosts);
      }
      if (!hosts.has(row.host)) {
        if (hosts.size >= MAX_HOSTS_PER_TOUR_DAY) row.host = OTHER_HOST;
        else hosts.add(row.host);
      }
    }
    const merged: Increments = new Map();
    for (const row of rows) add(merged, [row.tour_id, row.day, row.host, row.kind].join(SEP), row.views);
    return rowsOf(merged, ['host', 'kind'], 'views');
  }

  private mergeBack(
    failed: { days: Map<string, Partial<Record<DayCounter, number>>> } & Record<'scenes' | 'hotspots' | 'referrers' | 'durations', Increments>,
  ): void {
    for (const [key, counters] of failed.days) {
      for (const [counter, n] of Object.entries(counters)) {
        const [tourId, day] = key.split(SEP);
        this.count(Number(tourId), day, counter as DayCounter, n);
      }
    }
    for (const name of ['scenes', 'hotspots', 'referrers', 'durations'] as const) {
      for (const [key, n] of failed[name]) add(this[name], key, n);
    }
  }
}

function rowsOf<K extends string, C extends string>(increments: Increments, keys: K[], counter: C) {
  return [...increments].map(([key, n]) => {
    const [tourId, day, ...rest] = key.split(SEP);
    const row = { tour_id: Number(tourId), day } as { tour_id: number; day: string } & Record<K, string> & Record<C, number>;
    keys.forEach((name, i) => ((row as Record<string, unknown>)[name] = rest[i]));
    (row as Record<string, unknown>)[counter] = n;
    return row;
  });
}

type DayRow = { tour_id: number; day: string } & Record<string, string | number>;

/** Adds the day rows of a breakdown to its daily table and, summed per month, to its monthly twin. */
async function upsertBreakdown(
  trx: Db,
  name: 'tour_scene' | 'tour_hotspot' | 'tour_referrer' | 'tour_duration',
  keys: string[],
  counter: string,
  rows: DayRow[],
) {
  await upsert(trx, `${name}_day_stats`, ['tour_id', 'day', ...keys], [counter], rows);
  const months = new Map<string, Record<string, string | number>>();
  for (const { day, ...row } of rows) {
    const month = day.slice(0, 7);
    const key = [row.tour_id, month, ...keys.map((column) => row[column])].join(SEP);
    const sum = months.get(key);
    if (sum) (sum[counter] as number) += row[counter] as number;
    else months.set(key, { ...row, month });
  }
  await upsert(trx, `${name}_month_stats`, ['tour_id', 'month', ...keys], [counter], [...months.values()]);
}

/** Inserts the rows, or adds their counters to the rows already there (`n = n + excluded.n`). */
async function upsert(trx: Db, table: keyof Database, keys: string[], counters: string[], rows: Array<Record<string, unknown>>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    await trx
      .insertInto(table)
      .values(chunk as never)
      .onConflict((conflict) =>
        conflict
          .columns(keys as never)
          .doUpdateSet((eb) =>
            Object.fromEntries(counters.map((column) => [column, eb(eb.ref(`${table}.${column}` as never), '+', eb.ref(`excluded.${column}` as never))])),
          ),
      )
      .execute();
  }
}
