import SQLite from 'better-sqlite3';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase } from 'kysely';
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
}

/** Distinct SQL texts kept prepared; queries with a varying number of parameters make new texts, so there is a bound. */
const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), which Kysely calls for every query: the same SQL text is
 * compiled once here and kept, least recently used first out. Sharing one statement is safe because Kysely runs
 * one query at a time on its one connection (a stream holds it until the stream ends).
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      const statement = kept.get(text) ?? sqlite.prepare(text);
      kept.delete(text);
      kept.set(text, statement);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`migration ${result.migrationName} failed`);
  }
  if (error) throw error;
}
