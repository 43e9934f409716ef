import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('free_tours_remaining', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Accounts from before free tours existed get the allotments of the time: 3 when signed up, 1 as a guest.
  await db
    .updateTable('user')
    .set({ free_tours_remaining: sql`CASE WHEN type = 'guest' THEN 1 ELSE 3 END` })
    .execute();
  await db.schema.alterTable('user').addColumn('stripe_customer_id', 'text').execute();
  await db.schema.alterTable('user').addColumn('stripe_subscription_id', 'text').execute();
  await db.schema.alterTable('user').addColumn('subscription_status', 'text').execute();
  await db.schema.createIndex('user_stripe_customer_id').unique().on('user').column('stripe_customer_id').execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('tour_id', 'integer', (col) => col.references('tour.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('checkout_session_id', 'text', (col) => col.notNull().unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('event_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('payment_user_id').on('payment').column('user_id').execute();
  await db.schema.createIndex('payment_payment_intent_id').on('payment').column('payment_intent_id').execute();

  await db.schema
    .createTable('stripe_event')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('handled_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_event').execute();
  await db.schema.dropTable('payment').execute();
  await db.schema.dropIndex('user_stripe_customer_id').execute();
  for (const column of ['subscription_status', 'stripe_subscription_id', 'stripe_customer_id', 'free_tours_remaining']) {
    await db.schema.alterTable('user').dropColumn(column).execute();
  }
}
