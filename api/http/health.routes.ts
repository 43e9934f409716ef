import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { errorBody } from './errors';
import type { MediaStorage } from '../media/media-storage';
import { redisAnswers } from '../redis/redis-connection';

type Check = 'ok' | 'failing';

async function databaseAnswers(db: Db): Promise<Check> {
  try {
    await sql`select 1`.execute(db);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** For load balancers and orchestrators: alive (`/healthz`) and able to serve (`/readyz`, 503 otherwise). */
export function healthRoutes(db: Db, media: MediaStorage, redis: Redis | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    // An answer from a cache would hide the server's state.
    c.header('Cache-Control', 'no-store');
    const [database, mediaWritable, redisAnswering] = await Promise.all([databaseAnswers(db), media.writable(), redis && redisAnswers(redis)]);
    const checks: Record<string, Check> = { database, media: mediaWritable ? 'ok' : 'failing' };
    if (redis) checks.redis = redisAnswering ? 'ok' : 'failing';
    if (Object.values(checks).every((check) => check === 'ok')) return c.json({ status: 'ready', checks });
    return c.json(errorBody('NotReady', 'This server cannot serve requests now.', checks), 503);
  });
  return app;
}
