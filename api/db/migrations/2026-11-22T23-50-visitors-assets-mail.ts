import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('lead_tour_id').on('lead').column('tour_id').execute();

  await db.schema
    .createTable('showing_request')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('comments', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('showing_request_tour_id').on('showing_request').column('tour_id').execute();

  await db.schema
    .createTable('outbox_email')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('outbox_email_user_id').on('outbox_email').column('user_id').execute();

  await db.schema
    .createTable('asset')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('thumb_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('asset_type', 'text', (col) => col.notNull().defaultTo('image'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('asset_user_id').on('asset').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['asset', 'outbox_email', 'showing_request', 'lead']) await db.schema.dropTable(table).execute();
}
