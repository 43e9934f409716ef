import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

// Visits are kept only as daily sums (UTC days of receipt): no event, address or user agent is stored. Every
// counter is added to with an upsert, so several instances flushing the same day's rows add up. The rows go with
// their tour.
export async function up(db: Kysely<any>): Promise<void> {
  const tourDay = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
      .addColumn('day', 'text', (col) => col.notNull());
  const counter = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  await tourDay('tour_day_stats')
    .addColumn('views', 'integer', counter)
    .addColumn('visitors', 'integer', counter)
    .addColumn('leads', 'integer', counter)
    .addColumn('showings', 'integer', counter)
    .addColumn('chats', 'integer', counter)
    .addColumn('shares', 'integer', counter)
    .addColumn('fullscreens', 'integer', counter)
    .addColumn('vrs', 'integer', counter)
    .addColumn('phone', 'integer', counter)
    .addColumn('tablet', 'integer', counter)
    .addColumn('desktop', 'integer', counter)
    .addPrimaryKeyConstraint('tour_day_stats_pk', ['tour_id', 'day'])
    .execute();
  await tourDay('tour_scene_day_stats')
    .addColumn('scene_id', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', counter)
    .addPrimaryKeyConstraint('tour_scene_day_stats_pk', ['tour_id', 'day', 'scene_id'])
    .execute();
  await tourDay('tour_hotspot_day_stats')
    .addColumn('scene_id', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('clicks', 'integer', counter)
    .addPrimaryKeyConstraint('tour_hotspot_day_stats_pk', ['tour_id', 'day', 'scene_id', 'target_id'])
    .execute();
  await tourDay('tour_referrer_day_stats')
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', counter)
    .addPrimaryKeyConstraint('tour_referrer_day_stats_pk', ['tour_id', 'day', 'host', 'kind'])
    .execute();
  // Durations in fixed buckets, from which medians are read: `scene_id` '' holds whole visits.
  await tourDay('tour_duration_day_stats')
    .addColumn('scene_id', 'text', (col) => col.notNull())
    .addColumn('bucket', 'integer', (col) => col.notNull())
    .addColumn('n', 'integer', counter)
    .addPrimaryKeyConstraint('tour_duration_day_stats_pk', ['tour_id', 'day', 'scene_id', 'bucket'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tour_duration_day_stats', 'tour_referrer_day_stats', 'tour_hotspot_day_stats', 'tour_scene_day_stats', 'tour_day_stats']) {
    await db.schema.dropTable(table).execute();
  }
}
