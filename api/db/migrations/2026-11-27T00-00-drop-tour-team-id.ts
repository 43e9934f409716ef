import type { Kysely } from 'kysely';

// A tour's team is the row team_tour holds; tour.team_id was never written, and mapping rows through it answered
// `teamId: null` for shared tours.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tour').dropColumn('team_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tour').addColumn('team_id', 'integer').execute();
}
