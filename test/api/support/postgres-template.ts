import { migrateToLatest, openPostgres } from '../../../api/db/database';
import { createPostgresDatabase, databaseName, dropPostgresDatabase, dropPostgresDatabasesNamed, dropStalePostgresDatabases } from '../../support/postgres';

/** Where the global set-up tells the test files the template's name. */
export const POSTGRES_TEMPLATE_VARIABLE = 'TOUR_TEST_POSTGRES_TEMPLATE';

/** The name's start of every test app's copy of `template` (the run's own, so its teardown finds them). */
export function copiesOf(template: string): string {
  return `${template}_copy`;
}

/**
 * vitest global set-up for the PostgreSQL run: migrates one database once, which every test app then copies (a
 * copy costs a fraction of running the migrations again). Made afresh each run, so it always has today's
 * migrations; dropped at the end with all its copies, and what crashed runs left behind dropped at the start.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE !== 'postgres') return undefined;
  await dropStalePostgresDatabases();
  const url = await createPostgresDatabase('tour_template');
  // A database with connections cannot be copied: the pool ends before any test starts.
  const db = openPostgres(url);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // Set before vitest starts its workers, which inherit it.
  const template = databaseName(url);
  process.env[POSTGRES_TEMPLATE_VARIABLE] = template;
  return async () => {
    await dropPostgresDatabasesNamed(copiesOf(template));
    await dropPostgresDatabase(url);
  };
}
