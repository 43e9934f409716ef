import { type Kysely } from 'kysely';

// A mail waiting for the SMTP server: its text stays in outbox_email, and the queue row goes with it. An instance
// sends a row only after setting `claimed_until` on it with a conditional update, so of several instances sharing
// the database one sends each mail; a claim left by an instance that died runs out and the row is taken again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('outbox_id', 'integer', (col) => col.notNull().unique().references('outbox_email.id').onDelete('cascade'))
    .addColumn('unsubscribe_url', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema.createIndex('mail_queue_next_attempt_at').on('mail_queue').column('next_attempt_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}
