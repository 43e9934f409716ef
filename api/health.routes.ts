import { Hono } from 'hono';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppEnv } from './app-env';
import type { Db } from './db/database';
import { errorBody } from './errors';

type Check = 'ok' | 'failing';

async function databaseAnswers(db: Db): Promise<Check> {
  try {
    await sql`select 1`.execute(db);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** A real write: permissions, a read-only or vanished volume and a full inode table all show up, for root too. */
async function folderWritable(folder: string): Promise<Check> {
  const probe = join(folder, `.ready-${randomUUID()}`);
  try {
    await writeFile(probe, '');
    await rm(probe);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** For load balancers and orchestrators: alive (`/healthz`) and able to serve (`/readyz`, 503 otherwise). */
export function healthRoutes(db: Db, mediaDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    // An answer from a cache would hide the server's state.
    c.header('Cache-Control', 'no-store');
    const checks = { database: await databaseAnswers(db), media: await folderWritable(mediaDir) };
    if (Object.values(checks).every((check) => check === 'ok')) return c.json({ status: 'ready', checks });
    return c.json(errorBody('NotReady', 'This server cannot serve requests now.', checks), 503);
  });
  return app;
}
