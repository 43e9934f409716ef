import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL instances learn of each other's commits to what a tour answer is made of by NOTIFY, which is sent on
// commit (once per transaction and payload). SQLite has one server process, which sees its own commits.
const TABLES = ['tour', 'floorplan', 'team_tour'];

function onPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`create function tours_committed() returns trigger language plpgsql as $$
    begin perform pg_notify('tours_committed', ''); return null; end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_committed`)} after insert or update or delete on ${sql.id(table)}
      for each statement execute function tours_committed()`.execute(db);
  }
  // An owner's plan changes how their tours are shown.
  await sql`create trigger user_type_committed after update of type on "user" for each statement execute function tours_committed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_committed`)} on ${sql.id(table)}`.execute(db);
  await sql`drop trigger user_type_committed on "user"`.execute(db);
  await sql`drop function tours_committed()`.execute(db);
}
