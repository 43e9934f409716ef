import SQLite from 'better-sqlite3';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create, extract } from 'tar';
import { databaseFile, localMediaDir } from '../config/config';
import { lockDataDir } from '../config/data-dir-lock';

const DATABASE = 'tours.sqlite';
/** The media folder's name inside an archive. */
const MEDIA = 'media';
const SECRET = 'jwt-secret';

/** Only what a backup holds comes out of an archive, whatever else someone put in it. */
const isBackupEntry = (path: string) => path === DATABASE || path === SECRET || path === MEDIA || path.startsWith(`${MEDIA}/`);

/**
 * Writes one gzipped tar of a data folder: the database through SQLite's online backup (a consistent copy while
 * the server keeps writing), the media folder and the token secret, readable by the owner only (it holds the secret).
 * The database is copied first: media it names were written before it named them.
 */
export async function backUp(dataDir: string, archive: string): Promise<void> {
  const staging = await mkdtemp(join(tmpdir(), 'tour-backup-'));
  try {
    const source = new SQLite(databaseFile(dataDir), { fileMustExist: true });
    try {
      await source.backup(join(staging, DATABASE));
    } finally {
      source.close();
    }
    // Linked, not copied: tar reads the media in place.
    if (existsSync(localMediaDir(dataDir))) await symlink(localMediaDir(dataDir), join(staging, MEDIA));
    if (existsSync(join(dataDir, SECRET))) await copyFile(join(dataDir, SECRET), join(staging, SECRET));
    const entries = await readdir(staging);
    await pipeline(create({ gzip: true, cwd: staging, follow: true, portable: true }, entries), createWriteStream(archive, { mode: 0o600 }));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Replaces a data folder's database, media and token secret with an archive's. The archive is unpacked beside
 * them first and checked, so a broken or foreign archive leaves the data as it was. Refused (DataDirInUse) while a
 * server runs on the folder: its later writes would go to the replaced database's deleted file and be lost.
 */
export async function restore(archive: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dataDir, 'stop the server before restoring.');
  const incoming = await mkdtemp(join(dataDir, '.restore-'));
  try {
    await extract({ file: archive, cwd: incoming, strict: true, filter: isBackupEntry });
    const database = join(incoming, DATABASE);
    if (!existsSync(database)) throw new Error(`${archive} is not a backup of this server: it holds no ${DATABASE}.`);
    const check = new SQLite(database, { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`The database in ${archive} is damaged (${String(result)}).`);
    } finally {
      check.close();
    }

    const target = databaseFile(dataDir);
    await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${target}${suffix}`, { force: true })));
    // Only this server's user may read the database, whatever mode the archive gave it.
    await chmod(database, 0o600);
    await rename(database, target);
    await rm(localMediaDir(dataDir), { recursive: true, force: true });
    if (existsSync(join(incoming, MEDIA))) await rename(join(incoming, MEDIA), localMediaDir(dataDir));
    else await mkdir(localMediaDir(dataDir));
    if (existsSync(join(incoming, SECRET))) await rename(join(incoming, SECRET), join(dataDir, SECRET));
  } finally {
    await rm(incoming, { recursive: true, force: true });
    lock.release();
  }
}
