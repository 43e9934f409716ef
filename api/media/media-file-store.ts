import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/errors';
import type { MediaStorage } from './media-storage';

export type MediaFolder = 'tours' | 'assets' | 'audio';

/** A random, unguessable file name. */
export function randomMediaName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/**
 * Writes files into {folder} all or none, in the order given (the name callers hand out goes last). When
 * the disk is full or the folder read-only, the files already written are removed and the caller gets a 507
 * that says so, naming `what` was being stored.
 */
export async function storeMediaFiles(media: MediaStorage, folder: MediaFolder, files: Array<[name: string, data: Buffer]>, what: string): Promise<void> {
  const written: string[] = [];
  try {
    for (const [name, data] of files) {
      await media.put(`${folder}/${name}`, data);
      written.push(`${folder}/${name}`);
    }
  } catch (err) {
    await Promise.all(written.map((path) => media.delete(path).catch(() => undefined)));
    // The answer's logged failure carries the store's own error as its cause.
    throw new ApiError(507, 'StorageFailed', `Could not store the ${what}: ${media.failedPutReason}.`, {
      details: { reason: (err as NodeJS.ErrnoException).code ?? 'unknown' },
      cause: err,
    });
  }
}

/** Stores bytes under a random name in {folder}; answers the name. */
export async function storeMediaFile(media: MediaStorage, folder: MediaFolder, ext: string, bytes: Buffer, what: string): Promise<string> {
  const name = randomMediaName(ext);
  await storeMediaFiles(media, folder, [[name, bytes]], what);
  return name;
}
