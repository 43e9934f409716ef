import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('email', 'text', (col) => col.unique())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('guest'))
    .addColumn('picture', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('meta', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  await db.schema
    .createTable('tour')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('short_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('locked'))
    .addColumn('privacy', 'text', (col) => col.notNull().defaultTo('Public'))
    .addColumn('password_hash', 'text')
    .addColumn('team_id', 'integer')
    .addColumn('white_label_status_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tour_user_id').on('tour').column('user_id').execute();

  await db.schema
    .createTable('floorplan')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('thumb_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hotspots', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('floorplan_tour_id').on('floorplan').column('tour_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('floorplan').execute();
  await db.schema.dropTable('tour').execute();
  await db.schema.dropTable('user').execute();
}
