import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../../api/app';
import { loadConfig, localMediaDir, type Config } from '../../../api/config';
import { migrateToLatest, openDatabase, type Db } from '../../../api/db/database';
import { LocalMediaStorage } from '../../../api/media/local-media-storage';
import { TEMP_ROOT_VARIABLE } from './temp-root-variable';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  /** The app's media store, on the temporary media folder. */
  media: LocalMediaStorage;
}

/** The real app on a fresh in-memory database and a temporary media folder. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret', ...env });
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  const media = new LocalMediaStorage(localMediaDir(dataDir));
  return { app: createApp({ db, config, media, rootDir: resolve('.') }), db, config, media };
}
