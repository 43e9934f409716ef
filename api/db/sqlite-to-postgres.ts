import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { DataDirInUse, lockDataDir } from '../config/data-dir-lock';
import { migrateToLatest, openDatabase, openPostgres, type Db } from './database';
import type { Database } from './tables';

/** Every table, each after the tables its rows point at. */
export const TABLES_IN_ORDER: Array<keyof Database> = [
  'user',
  'tour',
  'floorplan',
  'lead',
  'showing_request',
  'outbox_email',
  'asset',
  'session',
  'payment',
  'stripe_event',
  'notification',
  'account_link',
  'notification_mail_off',
  'team',
  'team_member',
  'team_invitation',
  'team_tour',
  'team_tour_permission',
  'team_history',
  'mail_queue',
  'tour_day_stats',
  'tour_scene_day_stats',
  'tour_hotspot_day_stats',
  'tour_referrer_day_stats',
  'tour_duration_day_stats',
  'weekly_summary_sent',
  'scene_tiles',
];

/** Rows sent per insert: well below PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 500;

/** Exit code 0 copied, 2 refused (nothing changed): a wrong argument, or a target that holds data already. */
export interface MigrationResult {
  code: 0 | 2;
  message: string;
}

/**
 * Moves an installation from its SQLite file to an empty PostgreSQL database: both are brought to the latest
 * migration, then every table's rows are copied with their ids in one transaction, and the id sequences are moved
 * past the copied ids so new rows do not collide with them.
 */
export async function copySqliteToPostgres(file: string, url: string): Promise<MigrationResult> {
  if (!existsSync(file)) return { code: 2, message: `No SQLite database at ${file}.` };
  let lock: { release: () => void };
  try {
    // A server still writing to the file would add rows after the copy, and they would be lost.
    lock = lockDataDir(dirname(file), 'stop the server before copying its data.');
  } catch (err) {
    if (err instanceof DataDirInUse) return { code: 2, message: err.message };
    throw err;
  }
  const source = openDatabase(file);
  const target = openPostgres(url);
  try {
    await migrateToLatest(source);
    await migrateToLatest(target);
    const unknown = (await source.introspection.getTables()).map((table) => table.name).filter((name) => !TABLES_IN_ORDER.includes(name as keyof Database));
    if (unknown.length > 0) return { code: 2, message: `The SQLite database has tables this command does not know: ${unknown.join(', ')}.` };
    for (const table of TABLES_IN_ORDER) {
      if (await target.selectFrom(table).selectAll().limit(1).executeTakeFirst()) {
        return { code: 2, message: `The PostgreSQL database already holds data (table ${table} has rows): migrate into an empty database.` };
      }
    }
    let rows = 0;
    await target.transaction().execute(async (trx) => {
      for (const table of TABLES_IN_ORDER) rows += await copyTable(source, trx, table);
      await advanceSequences(trx);
    });
    return { code: 0, message: `Copied ${rows} row${rows === 1 ? '' : 's'} of ${TABLES_IN_ORDER.length} tables from ${file} to PostgreSQL.` };
  } finally {
    await Promise.all([source.destroy(), target.destroy()]);
    lock.release();
  }
}

async function copyTable(source: Db, target: Db, table: keyof Database): Promise<number> {
  let batch: Array<Record<string, unknown>> = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length > 0) await target.insertInto(table).values(batch).execute();
    copied += batch.length;
    batch = [];
  };
  for await (const row of source.selectFrom(table).selectAll().stream()) {
    batch.push(row);
    if (batch.length === ROWS_PER_INSERT) await flush();
  }
  await flush();
  return copied;
}

/** Each identity column's next value goes past the largest id copied. */
async function advanceSequences(db: Db): Promise<void> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  for (const table of await db.introspection.getTables()) {
    if (table.schema !== schema) continue;
    for (const column of table.columns.filter((column) => column.isAutoIncrementing)) {
      // pg_get_serial_sequence takes the table as SQL would name it: "user" must be quoted.
      await sql`select setval(pg_get_serial_sequence(${`"${table.name}"`}, ${column.name}), coalesce(max(${sql.ref(column.name)}), 0) + 1, false)
        from ${sql.table(table.name)}`.execute(db);
    }
  }
}

/** The command line: `<sqlite file> <DATABASE_URL>`. */
export function migrationArguments(args: string[]): { file: string; url: string } | MigrationResult {
  const [file, url] = args;
  const usage = 'Usage: npm run migrate:sqlite-to-postgres -- <sqlite file> <postgres://user:password@host:5432/database>';
  if (args.length !== 2 || !file || !url) return { code: 2, message: usage };
  if (!URL.canParse(url) || !['postgres:', 'postgresql:'].includes(new URL(url).protocol))
    return { code: 2, message: `${url} is not a postgres:// address.\n${usage}` };
  return { file, url };
}
