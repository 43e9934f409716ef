import type { Redis } from 'ioredis';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../../api/app';
import { VisitRollups } from '../../../api/analytics/visit-rollups';
import { databaseFile, loadConfig, type Config } from '../../../api/config/config';
import type { Db } from '../../../api/db/database';
import type { Logger } from '../../../api/config/logger';
import { startMailSender, type MailSender } from '../../../api/mail/mail-sender';
import type { MediaStorage } from '../../../api/media/media-storage';
import { openMediaStorage } from '../../../api/media/open-media-storage';
import { startTileQueue, type TileQueue } from '../../../api/media/tiles/tile-queue';
import { TEST_JWT_SECRET } from '../../support/test-secret';
import { TEMP_ROOT_VARIABLE } from './temp-root-variable';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  /** The app's media store: the temporary media folder, or the bucket the S3_* settings name. */
  media: MediaStorage;
  /** The app's logger, for the background work a test runs itself. */
  logger: Logger;
  /** With SMTP_URL: the app's background mail sender, which the test stops when it is done. */
  mailSender?: MailSender;
  /** The app's sums of visits, which tests flush themselves (no timer runs). */
  analytics: VisitRollups;
  /** With `tiles`: the app's tile queue, running as on a server; tests wait for it with `cutWaiting()` and stop it. */
  tileQueue?: TileQueue;
}

/** What a test app logs: warnings and failures, on the test's output. */
export function warningsLogger(): Logger {
  return pino({ level: 'warn' });
}

/**
 * The real app on a fresh database (in memory, or TEST_DATABASE's engine) and a temporary media folder (or a
 * bucket, with S3_* settings); with `redis`, one of several instances; with `sqliteFile`, SQLite in the data
 * folder's database file as the server keeps it; with `tiles`, cutting the tiles of wide panoramas in the background.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    redis,
    sqliteFile = false,
    logger = warningsLogger(),
    tiles = false,
  }: { redis?: Redis; sqliteFile?: boolean; logger?: Logger; tiles?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...env });
  const db = await openTestDatabase(sqliteFile ? databaseFile(dataDir) : undefined);
  const media = await openMediaStorage(config);
  const mailSender = startMailSender(db, config, logger);
  const analytics = new VisitRollups(db);
  // Uploads queue their cuts either way; only apps that ask cut them (a test stops its queue before its database closes).
  const tileQueue = tiles ? startTileQueue({ db, media, logger, spoolDir: dataDir }) : undefined;
  const app = createApp({ db, config, media, rootDir: resolve('.'), redis, logger, mailSender, analytics, tileQueue });
  return { app, db, config, media, logger, mailSender, analytics, tileQueue };
}
