import { sql } from 'kysely';
import { migrateToLatest, openDatabase, openPostgres, type Db } from '../../../api/db/database';
import { createPostgresDatabase } from '../../support/postgres';
import { POSTGRES_TEMPLATE_VARIABLE, copiesOf } from './postgres-template';

/** The engine the API tests run on: SQLite in memory, or PostgreSQL with TEST_DATABASE=postgres. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** On PostgreSQL: the pools of the databases this test file made. */
const opened: Db[] = [];

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
  const url = await createPostgresDatabase(copiesOf(template), template);
  // A file makes many apps and keeps each until it ends: their idle connections go soon, within the server's limit.
  const db = openPostgres(`${url}?options=${encodeURIComponent('-c synchronous_commit=off')}`, { max: 4, idleTimeoutMillis: 200 });
  opened.push(db);
  // As a server's start-up migration would: Kysely opens its pool on the first query, and a pool never opened is not
  // closed by destroy() (tests of a closed database would find it open again).
  await sql`select 1`.execute(db);
  return db;
}

/**
 * Closes the pools the file opened; the set-up file calls it after each file. Their databases stay until the run's
 * global teardown drops them all (postgres-template.ts): each drop waits for a checkpoint, which a file's drops
 * waited out one file after another, and many drops at the end of the run share.
 */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
}
