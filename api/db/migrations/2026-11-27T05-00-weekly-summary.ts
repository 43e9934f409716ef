import { type Kysely } from 'kysely';

// One row per owner and week whose summary an instance has taken on: the insert is the claim (of several instances
// only one inserts the row), so each owner gets each week's summary once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('weekly_summary_sent')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('week', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('weekly_summary_sent_pk', ['user_id', 'week'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('weekly_summary_sent').execute();
}
