import { sql, type Kysely } from 'kysely';

// Monthly twins of the daily breakdowns (scenes, hotspot opens, embedding hosts, duration buckets): a year's read
// adds up twelve months of rows instead of 365 days of them. Every flush adds to both, so they stay equal; the
// daily rows stay for ranges that start or end within a month. Rows already collected are summed into their months.
const BREAKDOWNS: Array<{ daily: string; monthly: string; keys: string[]; counter: string }> = [
  { daily: 'tour_scene_day_stats', monthly: 'tour_scene_month_stats', keys: ['scene_id'], counter: 'views' },
  { daily: 'tour_hotspot_day_stats', monthly: 'tour_hotspot_month_stats', keys: ['scene_id', 'target_id'], counter: 'clicks' },
  { daily: 'tour_referrer_day_stats', monthly: 'tour_referrer_month_stats', keys: ['host', 'kind'], counter: 'views' },
  { daily: 'tour_duration_day_stats', monthly: 'tour_duration_month_stats', keys: ['scene_id', 'bucket'], counter: 'n' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { daily, monthly, keys, counter } of BREAKDOWNS) {
    let table = db.schema
      .createTable(monthly)
      .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
      .addColumn('month', 'text', (col) => col.notNull());
    for (const key of keys) table = table.addColumn(key, key === 'bucket' ? 'integer' : 'text', (col) => col.notNull());
    await table
      .addColumn(counter, 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${monthly}_pk`, ['tour_id', 'month', ...keys])
      .execute();
    const columns = sql.join(keys.map((key) => sql.ref(key)));
    await sql`insert into ${sql.table(monthly)} (tour_id, month, ${columns}, ${sql.ref(counter)})
      select tour_id, substr(day, 1, 7), ${columns}, sum(${sql.ref(counter)}) from ${sql.table(daily)}
      group by tour_id, substr(day, 1, 7), ${columns}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { monthly } of BREAKDOWNS) await db.schema.dropTable(monthly).execute();
}
