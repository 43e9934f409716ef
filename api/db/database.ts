import SQLite from 'better-sqlite3';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { databaseFile, type Config } from '../config/config';
import { migrationProvider } from './migrations';
import { PostgresCommitStamp } from './postgres-commit-stamp';
import { PostgresForms } from './postgres-forms';
import { SqliteCommitStamp } from './sqlite-commit-stamp';
import type { Database } from './tables';

export type Db = Kysely<Database>;

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: Kysely cannot nest them, and a
 * repository's write that is one step of a larger change (a route's checks and writes together) must join it.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Where a PostgreSQL pool tells of a connection the server ended; the server passes its log's warnings. */
export type ConnectionLost = (message: string) => void;

/**
 * PostgreSQL when DATABASE_URL is set, else the SQLite file in the data folder. A server (`connectionLost` given)
 * listens for other instances' commits on PostgreSQL; short-lived commands do not.
 */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, connectionLost?: ConnectionLost): Db {
  if (!config.databaseUrl) return openDatabase(databaseFile(config.dataDir));
  return openPostgres(config.databaseUrl, {}, connectionLost, { listenForCommits: connectionLost !== undefined });
}

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
  const watcher = file === ':memory:' ? undefined : new SQLite(file, { readonly: true });
  const stamp = watcher && new SqliteCommitStamp(watcher);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite, watcher, stamp) }) });
  if (stamp) commitStamps.set(db, () => stamp.read());
  return db;
}

const commitStamps = new WeakMap<Db, () => string | undefined>();

/**
 * A value that changes whenever something read from the database may have changed: on a SQLite file whenever
 * anything is committed to it (SqliteCommitStamp); on PostgreSQL opened to listen, whenever a tour's parts are
 * committed by any instance (PostgresCommitStamp). None for an in-memory database or PostgreSQL not listening; the
 * function answers undefined while it cannot tell.
 */
export function commitStampOf(db: Db): (() => string | undefined) | undefined {
  return commitStamps.get(db);
}

/** Distinct SQL texts kept prepared; queries with a varying number of parameters make new texts, so there is a bound. */
const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), which Kysely calls for every query: the same SQL text is
 * compiled once here and kept, least recently used first out. Sharing one statement is safe because Kysely runs
 * one query at a time on its one connection (a stream holds it until the stream ends). Each statement is shown to
 * the commit stamp before it runs. Kysely's destroy() closes the commit watcher's connection here too: this close is
 * the only one Kysely calls.
 */
function reusingStatements(sqlite: SQLite.Database, watcher: SQLite.Database | undefined, stamp: SqliteCommitStamp | undefined): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      sqlite.close();
      watcher?.close();
    },
    prepare: (text) => {
      const statement = kept.get(text) ?? sqlite.prepare(text);
      kept.delete(text);
      kept.set(text, statement);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      stamp?.prepared(statement);
      return statement;
    },
  };
}

/**
 * Counts come back as bigint, which pg gives as text; ours are far below 2^53, so they are answered as numbers on
 * both engines. JSON built by a query stays text, as SQLite gives it, for the code to parse.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8) return Number;
    if (oid === pg.types.builtins.JSON) return (text: string) => text;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Opens a pool on a PostgreSQL database (pg's defaults unless `pool` says otherwise); the tables live in the connection's current schema. */
export function openPostgres(
  url: string,
  pool: Omit<pg.PoolConfig, 'connectionString' | 'types'> = {},
  // The server logs it; a short-lived command hears of a lost connection from its next query's error.
  connectionLost: ConnectionLost = () => undefined,
  { listenForCommits = false }: { listenForCommits?: boolean } = {},
): Db {
  const connections = new pg.Pool({ ...pool, connectionString: url, types: pgTypes });
  // A connection the server ends (a restart, a failover, an administrator) reports it as an error, whether idle in
  // the pool or closing; pg drops it and the next query opens another. Unheard, that error would end the process.
  // The pool passes on its idle connections' errors, which each connection has already told.
  connections.on('connect', (client) => client.on('error', (err) => connectionLost(`PostgreSQL connection lost: ${err.message}`)));
  connections.on('error', () => undefined);
  const stamp = listenForCommits ? new PostgresCommitStamp(url, connectionLost) : undefined;
  if (stamp) {
    // Kysely's destroy() ends the pool: the listener's connection goes with it.
    const end = connections.end.bind(connections);
    connections.end = () => stamp.close().then(end);
  }
  const db = new Kysely<Database>({
    // The cursor lets long reads (the media sweep's) stream rows as they do on SQLite.
    dialect: new PostgresDialect({ pool: connections, cursor: Cursor }),
    plugins: [new PostgresForms()],
  });
  if (stamp) commitStamps.set(db, () => stamp.read());
  return db;
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Any number, the same in every instance: the advisory lock that start-up work (migrations, the demo seed) holds. */
const STARTUP_LOCK = 7_046_221_903;

/**
 * Runs start-up work once at a time across every instance on one PostgreSQL database: two instances starting
 * together would both find a table or the demo tour missing and both create it. On SQLite there is one process.
 */
export async function underStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  // A session lock belongs to one connection: this one holds it while the work runs on the pool's others.
  return db.connection().execute(async (holder) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(holder);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(holder);
    }
  });
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: other schemas of the database are not ours.
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await underStartupLock(db, () => migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error) throw failed ? new Error(`migration ${failed.migrationName} failed`, { cause: error }) : error;
}
