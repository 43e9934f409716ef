import SQLite from 'better-sqlite3';
import { join } from 'node:path';

/** The file whose exclusive SQLite lock marks a data folder as in use by a server or a restore. */
export function lockFile(dataDir: string): string {
  return join(dataDir, 'server.lock');
}

/** Held by another process: a running server, or a restore under way. */
export class DataDirInUse extends Error {}

/**
 * Takes the data folder's lock, or throws DataDirInUse at once if another process holds it. The lock is an open
 * exclusive transaction on a tiny SQLite file, so the operating system frees it with the process, however that
 * ends: a crashed server leaves no stale lock behind. Released by `release()` or the end of the process.
 */
export function lockDataDir(dataDir: string, advice: string): { release: () => void } {
  const lock = new SQLite(lockFile(dataDir), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    throw new DataDirInUse(`${dataDir} is in use by a running server or restore (it holds ${lockFile(dataDir)}): ${advice}`);
  }
  return { release: () => lock.close() };
}
