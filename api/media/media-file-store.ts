import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';

/** Stores bytes under a random name in media/{folder}; answers the name. */
export async function storeMediaFile(mediaDir: string, folder: 'tours' | 'assets' | 'audio', ext: string, bytes: Buffer): Promise<string> {
  const dir = join(mediaDir, folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFileAtomic(join(dir, name), bytes);
  return name;
}
