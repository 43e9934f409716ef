import { sql, type Kysely } from 'kysely';

// Every row of a team goes with the team, and a team goes with its owner's account; a member's rows go with the
// member's account. Timestamps the code compares (expiry, the daily mail count) are written by the code as ISO text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('team_owner_id').on('team').column('owner_id').execute();

  await db.schema
    .createTable('team_member')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('permission', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint('team_member_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_member_user_id').on('team_member').column('user_id').execute();

  await db.schema
    .createTable('team_invitation')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('permission', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('team_invitation_email').on('team_invitation').columns(['email', 'status']).execute();
  await db.schema.createIndex('team_invitation_invited_by').on('team_invitation').columns(['invited_by', 'created_at']).execute();

  await db.schema
    .createTable('team_tour')
    .addColumn('tour_id', 'integer', (col) => col.primaryKey().references('tour.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('team_tour_team_id').on('team_tour').columns(['team_id', 'tour_id']).execute();

  await db.schema
    .createTable('team_tour_permission')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('permission', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_tour_permission_pk', ['tour_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('team_history')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('tour_id', 'integer', (col) => col.notNull().references('tour.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('current_value', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('team_history_tour_id').on('team_history').columns(['tour_id', 'id']).execute();
  await db.schema.createIndex('team_history_team_id').on('team_history').columns(['team_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['team_history', 'team_tour_permission', 'team_tour', 'team_invitation', 'team_member', 'team']) {
    await db.schema.dropTable(table).execute();
  }
}
