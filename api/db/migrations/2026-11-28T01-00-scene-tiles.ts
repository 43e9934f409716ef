import { type Kysely } from 'kysely';

// One row per stored panorama (its random name) that is, was or will be cut into multires tiles. The row is the
// queue: an instance or the operator's command cuts a panorama only after moving its row to `cutting` with a
// conditional update naming itself, so of several sharing the database one cuts it; a claim whose holder died runs
// out after a while and the row is taken again. `skipped` marks a panorama looked at and found too narrow for tiles,
// so the background sweep does not read it again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scene_tiles')
    .addColumn('image', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('tile_resolution', 'integer')
    .addColumn('max_level', 'integer')
    .addColumn('cube_resolution', 'integer')
    .addColumn('queued_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('scene_tiles_state').on('scene_tiles').columns(['state', 'queued_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scene_tiles').execute();
}
