import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from './config';

/** How long each service may take to answer before it counts as down. */
const ANSWER_TIMEOUT_MS = 5000;

/** Why PostgreSQL at `url` cannot be used now, or undefined when it answers. */
async function whyPostgresUnanswered(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ANSWER_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why Redis at `url` cannot be used now (one attempt, no retries), or undefined when it answers. */
async function whyRedisUnanswered(url: string): Promise<string | undefined> {
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: ANSWER_TIMEOUT_MS });
  // The socket's own error says more than the "Connection is closed." that connect() then rejects with.
  let socketError: Error | undefined;
  probe.on('error', (err: Error) => (socketError ??= err));
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (err) {
    return (socketError ?? (err as Error)).message;
  } finally {
    probe.disconnect();
  }
}

/** One line for each service the settings name that does not answer now: the database (PostgreSQL) and Redis. */
export async function unansweredServices(config: Config): Promise<string[]> {
  const [postgres, redis] = await Promise.all([
    config.databaseUrl ? whyPostgresUnanswered(config.databaseUrl) : undefined,
    config.redisUrl ? whyRedisUnanswered(config.redisUrl) : undefined,
  ]);
  return [postgres && `PostgreSQL at DATABASE_URL does not answer: ${postgres}`, redis && `Redis at REDIS_URL does not answer: ${redis}`].filter(
    (line): line is string => !!line,
  );
}
