import type { MiddlewareHandler } from 'hono';
import type { Readable } from 'node:stream';

/** Stored files never change under their random names, so every cache may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Paths come from our own code, but a path that could leave the folder is refused whatever its origin. */
export function checkedMediaPath(path: string): string {
  if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '')) throw new Error(`Not a media path: ${path}`);
  return path;
}

/** A stored file as a listing gives it: its name in its folder and when it was last written. */
export interface StoredFile {
  name: string;
  modifiedMs: number;
}

/**
 * Where uploaded media live. Paths are `folder/name` (`tours/…jpg`, `audio/…mp3`), the same as under `/media/` in
 * addresses. Routes, the sweeps and the demo seed reach media only through this, so a store in a bucket can take the
 * local folder's place without any of them changing.
 */
export interface MediaStorage {
  /** Stores `data` under `path` so that no reader ever sees it half-written, replacing what was there. */
  put(path: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(path: string): Promise<Readable | undefined>;
  /** Removes the file: true when it went, false when there was none; any other failure throws. */
  delete(path: string): Promise<boolean>;
  exists(path: string): Promise<boolean>;
  /** What lies directly in `folder`; nothing when nothing has been stored there yet. */
  list(folder: string): Promise<StoredFile[]>;
  /** Removes `folder` with everything in it, however deep (a panorama's tiles); answers how many files went. */
  removeFolder(folder: string): Promise<number>;
  /** Whether a file can be stored now: the readiness check's question. */
  writable(): Promise<boolean>;
  /** What most likely stopped a failed `put`, told to the owner whose upload it was. */
  readonly failedPutReason: string;
  /** Answers `GET /media/<path>` from the store, or passes to the next handler when there is no such file. */
  serve(): MiddlewareHandler;
}

/** A whole stored file, or undefined when there is none. */
export async function readMediaFile(media: MediaStorage, path: string): Promise<Buffer | undefined> {
  const stream = await media.get(path);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
