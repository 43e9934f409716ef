import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { VisitRollups } from '../../api/analytics/visit-rollups';
import { databaseFile, loadConfig, localMediaDir } from '../../api/config/config';
import { lockDataDir } from '../../api/config/data-dir-lock';
import { migrateToLatest, openDatabase, openPostgres, type Db } from '../../api/db/database';
import { copySqliteToPostgres, migrationArguments, TABLES_IN_ORDER } from '../../api/db/sqlite-to-postgres';
import { seedDemoTour } from '../../api/demo/seed-demo-tour';
import { LocalMediaStorage } from '../../api/media/local-media-storage';
import { createPostgresDatabase, dropPostgresDatabase } from '../support/postgres';
import { TEMP_ROOT_VARIABLE } from './support/temp-root-variable';
import { warningsLogger } from './support/test-app';
import { TEST_ENGINE } from './support/test-database';
import { json, signUp } from './support/users';
import { TEST_JWT_SECRET } from '../support/test-secret';

const PASSWORD = 'correct horse battery';

describe.runIf(TEST_ENGINE === 'postgres')('moving an installation from SQLite to PostgreSQL', () => {
  const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-migrate-'));
  const media = new LocalMediaStorage(localMediaDir(dataDir));
  const appOn = (db: Db) => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    const logger = warningsLogger();
    const analytics = new VisitRollups(db);
    return { app: createApp({ db, config, media, rootDir: resolve('.'), logger, analytics }), db, config, media, logger, analytics };
  };
  let url: string;
  let postgres: Db;
  let owner: { email?: string; id: number };
  let demoOnSqlite: unknown;

  beforeAll(async () => {
    // An installation as the server leaves it: the demo tour seeded, an owner with a tour of their own.
    const sqlite = openDatabase(databaseFile(dataDir));
    await migrateToLatest(sqlite);
    await seedDemoTour(sqlite, media, resolve('.'));
    const before = appOn(sqlite);
    owner = await signUp(before);
    await before.app.request('/api/tours', { method: 'POST', headers: (await signUp(before)).auth });
    demoOnSqlite = await (await before.app.request('/api/tours/demo')).json();
    await sqlite.destroy();
    url = await createPostgresDatabase('tour_migrate');
  });
  afterAll(async () => {
    await postgres?.destroy();
    await dropPostgresDatabase(url);
  });

  it('refuses while a server holds the data folder, copying nothing', async () => {
    const server = lockDataDir(dataDir, 'stop that server first.');
    try {
      expect(await copySqliteToPostgres(databaseFile(dataDir), url)).toEqual({
        code: 2,
        message: `${dataDir} is in use by a running server or restore (it holds ${join(dataDir, 'server.lock')}): stop the server before copying its data.`,
      });
    } finally {
      server.release();
    }
  });

  it('copies every row with its id, and the app on PostgreSQL serves the demo tour and signs the owner in', async () => {
    const result = await copySqliteToPostgres(databaseFile(dataDir), url);
    expect(result).toMatchObject({ code: 0, message: expect.stringMatching(new RegExp(`^Copied \\d+ rows of ${TABLES_IN_ORDER.length} tables from `)) });
    postgres = openPostgres(url);
    const after = appOn(postgres);
    expect(await (await after.app.request('/api/tours/demo')).json()).toEqual(demoOnSqlite);
    const login = await after.app.request('/api/auth/login', json({ email: owner.email, password: PASSWORD }));
    expect(login.status).toBe(200);
    expect((await login.json()).user.id).toBe(owner.id);
    const newcomer = await signUp(after);
    expect(newcomer.id, 'new ids follow the copied ones').toBeGreaterThan(owner.id);
  });

  it('refuses a PostgreSQL database that holds data already, changing nothing', async () => {
    const users = await postgres.selectFrom('user').select('id').execute();
    expect(await copySqliteToPostgres(databaseFile(dataDir), url)).toEqual({
      code: 2,
      message: 'The PostgreSQL database already holds data (table user has rows): migrate into an empty database.',
    });
    expect(await postgres.selectFrom('user').select('id').execute()).toEqual(users);
  });

  it('says how to call it when the arguments are wrong', () => {
    expect(migrationArguments([])).toMatchObject({ code: 2, message: expect.stringContaining('npm run migrate:sqlite-to-postgres -- <sqlite file>') });
    expect(migrationArguments(['tours.sqlite', 'mysql://x'])).toMatchObject({ code: 2, message: expect.stringContaining('is not a postgres:// address') });
  });
});
