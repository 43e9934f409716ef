import { migrateToLatest, openDatabase, openPostgres, type Db } from '../../../api/db/database';
import { createPostgresDatabase, dropPostgresDatabase } from '../../support/postgres';

/** The engine the API tests run on: SQLite in memory, or PostgreSQL with TEST_DATABASE=postgres. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** On PostgreSQL: the one database of this test file (each file runs in its own worker), made at first use. */
let fileDatabase: Promise<string> | undefined;
const opened: Db[] = [];
let schemas = 0;

/**
 * A fresh, migrated database for one test app: on SQLite in memory, or in `sqliteFile` as the server keeps it. On
 * PostgreSQL each is a new schema of the file's database, which costs far less than a database each.
 */
export async function openTestDatabase(sqliteFile?: string): Promise<Db> {
  if (TEST_ENGINE === 'sqlite') {
    const db = openDatabase(sqliteFile ?? ':memory:');
    await migrateToLatest(db);
    return db;
  }
  fileDatabase ??= createPostgresDatabase('tour_test');
  const url = await fileDatabase;
  const schema = `app_${++schemas}`;
  // A file makes many apps and keeps each until it ends: their idle connections go soon, within the server's limit.
  const db = openPostgres(`${url}?options=${encodeURIComponent(`-c search_path=${schema} -c synchronous_commit=off`)}`, { max: 4, idleTimeoutMillis: 200 });
  opened.push(db);
  await db.schema.createSchema(schema).execute();
  await migrateToLatest(db);
  return db;
}

/** Closes what the file opened and drops its PostgreSQL database; the set-up file calls it after each file. */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  if (fileDatabase) await dropPostgresDatabase(await fileDatabase);
  fileDatabase = undefined;
}
