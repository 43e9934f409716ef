import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import { checkedMediaPath, type MediaStorage, type StoredFile } from './media-storage';

/** Media in a folder on this server's disk (DATA_DIR/media). */
export class LocalMediaStorage implements MediaStorage {
  readonly failedPutReason = 'the media folder is full or read-only';

  constructor(readonly dir: string) {}

  /** Opens the folder, removing temp files a crash left mid-write: they are never complete. */
  static async open(dir: string): Promise<LocalMediaStorage> {
    await removeStaleTempFiles(dir);
    return new LocalMediaStorage(dir);
  }

  private file(path: string): string {
    return join(this.dir, checkedMediaPath(path));
  }

  async put(path: string, data: Buffer): Promise<void> {
    const file = this.file(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, data);
  }

  async get(path: string): Promise<Readable | undefined> {
    const file = this.file(path);
    const found = await stat(file).then(
      (stats) => stats.isFile(),
      () => false,
    );
    return found ? createReadStream(file) : undefined;
  }

  async delete(path: string): Promise<boolean> {
    return unlink(this.file(path)).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    );
  }

  async exists(path: string): Promise<boolean> {
    return stat(this.file(path)).then(
      (stats) => stats.isFile(),
      () => false,
    );
  }

  async list(folder: string): Promise<StoredFile[]> {
    const dir = this.file(folder);
    const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
      // A folder nothing has been stored in yet.
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    const files: StoredFile[] = [];
    for (const name of names) {
      // Gone since it was listed (a save or delete removed it): not there any more.
      const stats = await stat(join(dir, name)).catch(() => undefined);
      if (stats) files.push({ name, modifiedMs: stats.mtimeMs });
    }
    return files;
  }

  async removeFolder(folder: string): Promise<number> {
    const dir = this.file(folder);
    const files = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    await rm(dir, { recursive: true, force: true });
    return files.filter((entry) => entry.isFile()).length;
  }

  /** A real write: permissions, a read-only or vanished volume and a full inode table all show up, for root too. */
  async writable(): Promise<boolean> {
    const probe = join(this.dir, `.ready-${randomUUID()}`);
    try {
      await writeFile(probe, '');
      await rm(probe);
      return true;
    } catch {
      return false;
    }
  }

  serve(): MiddlewareHandler {
    return serveStatic({ root: this.dir, rewriteRequestPath: (path) => path.replace(/^\/media/, '') });
  }
}
