import SQLite from 'better-sqlite3';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './tables';

export type Db = Kysely<Database>;

/** Opens (and creates) the SQLite database; ':memory:' gives a fresh one for tests. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    // Password hashes and sessions live here: readable by this server's user only. SQLite gives its -wal and
    // -shm files the database file's mode. A database from before is tightened too.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`migration ${result.migrationName} failed`);
  }
  if (error) throw error;
}
