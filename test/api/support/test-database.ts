import { sql } from 'kysely';
import { migrateToLatest, openDatabase, openPostgres, type Db } from '../../../api/db/database';
import { createPostgresDatabase, dropPostgresDatabase } from '../../support/postgres';
import { POSTGRES_TEMPLATE_VARIABLE } from './postgres-template';

/** The engine the API tests run on: SQLite in memory, or PostgreSQL with TEST_DATABASE=postgres. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** How many databases a file drops at once, each on a connection of its own. */
const DROPS_TOGETHER = 10;

/** On PostgreSQL: the databases this test file made, with their pools. */
const opened: { db: Db; url: string }[] = [];

/**
 * A fresh, migrated database for one test app: on SQLite in memory, or in `sqliteFile` as the server keeps it. On
 * PostgreSQL a copy of the run's migrated template database.
 */
export async function openTestDatabase(sqliteFile?: string): Promise<Db> {
  if (TEST_ENGINE === 'sqlite') {
    const db = openDatabase(sqliteFile ?? ':memory:');
    await migrateToLatest(db);
    return db;
  }
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (!template) throw new Error(`${POSTGRES_TEMPLATE_VARIABLE} is not set: run the PostgreSQL tests through vitest.config.ts's global set-up.`);
  const url = await createPostgresDatabase('tour_test', template);
  // A file makes many apps and keeps each until it ends: their idle connections go soon, within the server's limit.
  const db = openPostgres(`${url}?options=${encodeURIComponent('-c synchronous_commit=off')}`, { max: 4, idleTimeoutMillis: 200 });
  opened.push({ db, url });
  // As a server's start-up migration would: Kysely opens its pool on the first query, and a pool never opened is not
  // closed by destroy() (tests of a closed database would find it open again).
  await sql`select 1`.execute(db);
  return db;
}

/** Closes what the file opened and drops its PostgreSQL databases; the set-up file calls it after each file. */
export async function closeTestDatabases(): Promise<void> {
  const databases = opened.splice(0);
  // Pools first, so that no drop has to end connections; then a few drops at a time, which share their checkpoints
  // and keep within the server's connections (other test files and runs use it too).
  await Promise.all(databases.map(({ db }) => db.destroy()));
  for (let first = 0; first < databases.length; first += DROPS_TOGETHER) {
    await Promise.all(databases.slice(first, first + DROPS_TOGETHER).map(({ url }) => dropPostgresDatabase(url)));
  }
}
