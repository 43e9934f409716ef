import type { Kysely } from 'kysely';

// The day's invitation quota as a counter on the inviter's row: a conditional update of one row takes it at once on
// SQLite and PostgreSQL alike, where counting the day's invitations first let parallel requests all pass.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('invitation_day', 'text').execute();
  await db.schema
    .alterTable('user')
    .addColumn('invitations_that_day', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('invitations_that_day').execute();
  await db.schema.alterTable('user').dropColumn('invitation_day').execute();
}
