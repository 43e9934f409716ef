import { randomBytes } from 'node:crypto';
import { readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes beside the target and renames, so a crash never leaves a half-written file under a final name. */
export async function writeFileAtomic(path: string, data: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}

/** Temp files left by a crash mid-write are never complete: remove them at start-up. */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await Promise.all(entries.filter((entry) => entry.isFile() && entry.name.endsWith('.tmp')).map((entry) => unlink(join(entry.parentPath, entry.name))));
}
