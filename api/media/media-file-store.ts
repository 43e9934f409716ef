import { randomBytes } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../errors';
import { writeFileAtomic } from './atomic-write';

export type MediaFolder = 'tours' | 'assets' | 'audio';

/** A random, unguessable file name. */
export function randomMediaName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/**
 * Writes files into media/{folder} all or none, in the order given (the name callers hand out goes last). When
 * the disk is full or the folder read-only, the files already written are removed and the caller gets a 507
 * that says so, naming `what` was being stored.
 */
export async function storeMediaFiles(mediaDir: string, folder: MediaFolder, files: Array<[name: string, data: Buffer]>, what: string): Promise<void> {
  const dir = join(mediaDir, folder);
  const written: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    for (const [name, data] of files) {
      await writeFileAtomic(join(dir, name), data);
      written.push(join(dir, name));
    }
  } catch (err) {
    await Promise.all(written.map((path) => unlink(path).catch(() => undefined)));
    console.error(`Storing ${what} in ${dir} failed:`, err);
    throw new ApiError(507, 'StorageFailed', `Could not store the ${what}: the media folder is full or read-only.`, {
      reason: (err as NodeJS.ErrnoException).code ?? 'unknown',
    });
  }
}

/** Stores bytes under a random name in media/{folder}; answers the name. */
export async function storeMediaFile(mediaDir: string, folder: MediaFolder, ext: string, bytes: Buffer, what: string): Promise<string> {
  const name = randomMediaName(ext);
  await storeMediaFiles(mediaDir, folder, [[name, bytes]], what);
  return name;
}
