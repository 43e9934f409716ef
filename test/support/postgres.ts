import pg from 'pg';
import { skipUnlessRequired } from './required-service';

/** The PostgreSQL the tests use: the project's machines run one here, trusting local connections as `postgres`. */
export const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';

/**
 * How many databases are dropped at once, each on a connection of its own (of the server's hundred, which other runs
 * share). Drops running together share one checkpoint: 40 took 0.8-3 s together, ten at a time 2-26 s a batch.
 */
const DROPS_TOGETHER = 40;

/** The server's own database, from which test databases are made and dropped. */
export const POSTGRES_ADMIN_URL = `${POSTGRES_SERVER}/postgres`;

/** Runs statements on the server's own database, one connection each time; answers each statement's result. */
export async function onPostgresServer(...statements: string[]): Promise<pg.QueryResult[]> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const results: pg.QueryResult[] = [];
    for (const statement of statements) results.push(await client.query(statement));
    return results;
  } finally {
    await client.end();
  }
}

/** A database named for what uses it, unique across parallel test files and runs. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Makes a database, empty or a copy of `template` (which must have no connections), and answers its address;
 * `dropPostgresDatabase` removes it.
 */
export async function createPostgresDatabase(prefix: string, template?: string): Promise<string> {
  const name = uniqueDatabaseName(prefix);
  await onPostgresServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  return `${POSTGRES_SERVER}/${name}`;
}

/** The name of the database at a PostgreSQL address. */
export function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/**
 * Drops a test database, ending connections a failed test may have left open. Each drop waits for a checkpoint,
 * which takes seconds on a busy disk; drops running together share one, so drop several at once.
 */
export async function dropPostgresDatabase(url: string): Promise<void> {
  await onPostgresServer(`drop database if exists ${databaseName(url)} with (force)`);
}

/**
 * Drops the databases whose names start with `prefix`, DROPS_TOGETHER at a time. `olderThanADay` keeps the ones made since (PostgreSQL keeps no creation time; a database's PG_VERSION file is
 * written when it is made and never after).
 */
export async function dropPostgresDatabasesNamed(prefix: string, { olderThanADay = false } = {}): Promise<void> {
  const age = olderThanADay ? ` and (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '1 day'` : '';
  const [found] = await onPostgresServer(`select datname from pg_database where starts_with(datname, '${prefix}')${age}`);
  const names: string[] = found.rows.map(({ datname }: { datname: string }) => datname);
  for (let first = 0; first < names.length; first += DROPS_TOGETHER) {
    await Promise.all(names.slice(first, first + DROPS_TOGETHER).map((name) => dropPostgresDatabase(`${POSTGRES_SERVER}/${name}`)));
  }
}

/** Drops the test databases (every name starts `tour_`) that runs which crashed left more than a day ago. */
export function dropStalePostgresDatabases(): Promise<void> {
  return dropPostgresDatabasesNamed('tour_', { olderThanADay: true });
}

/**
 * Whether the local PostgreSQL answers. When it does not, the suite is skipped with a line saying so, unless
 * REQUIRE_SERVICES=1 (CI), which makes that a failure.
 */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch {
    return skipUnlessRequired('PostgreSQL at 127.0.0.1:5432');
  } finally {
    await client.end().catch(() => undefined);
  }
}
