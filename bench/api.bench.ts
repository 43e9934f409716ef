import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/postgres';
import { TEST_JWT_SECRET } from '../test/support/test-secret';
import { measureLoad, startBareJsonServer, CONNECTIONS, type Load } from './support/load';
import { writeResult } from './support/results';
import { seedTour } from './support/seed-tour';
import { median } from './support/statistics';

/** `GET /api/tours/{shortId}` at this share of the requests per second of a bare Hono handler answering the same JSON. */
export const API_SHARE_BUDGET = 0.5;
const SECONDS_PER_RUN = 5;
const WARM_UP_SECONDS = 2;
/**
 * Each round runs the bare server and then ours, so the two share the machine's state of the moment (on this shared
 * machine either can run a third faster in one round than in the next); the share is the median of the rounds'.
 */
const ROUNDS = 5;

/** A visitor's read of a published tour from the real server on SQLite, against the same bytes from bare Hono, same run. */
export function benchApi(): Promise<void> {
  return benchTourRead('api', {});
}

/** The same read with the server on PostgreSQL (the local one, a database of its own for this run). */
export async function benchApiPostgres(): Promise<void> {
  const databaseUrl = await createPostgresDatabase('bench_api');
  try {
    await benchTourRead('api-postgres', { DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET });
  } finally {
    await dropPostgresDatabase(databaseUrl);
  }
}

async function benchTourRead(name: string, env: Record<string, string>): Promise<void> {
  // The server's log goes to a file, as in production; read by this process, it would slow the load made here.
  const logDir = mkdtempSync(join(tmpdir(), 'bench-api-log-'));
  const server = await startServer({ env, logFile: join(logDir, 'server.log') });
  let bare: Awaited<ReturnType<typeof startBareJsonServer>> | undefined;
  try {
    const tour = await seedTour(server, env);
    const path = `/api/tours/${tour.shortId}`;
    const response = await fetch(server.origin + path);
    const body = Buffer.from(await response.arrayBuffer());
    const scenes = (JSON.parse(body.toString('utf8')) as { images: unknown[] }).images.length;
    if (scenes === 0) throw new Error('the seeded tour shows visitors no scenes: it was not published');
    const bodyFile = join(server.dataDir, 'bench-tour.json');
    writeFileSync(bodyFile, body);
    bare = await startBareJsonServer(bodyFile, path);
    if (!body.equals(Buffer.from(await (await fetch(bare.origin + path)).arrayBuffer()))) throw new Error('the bare server answers other bytes');

    // Unmeasured: both servers compile their hot paths first.
    await measureLoad(bare.origin + path, bare.pid, WARM_UP_SECONDS);
    await measureLoad(server.origin + path, server.process.pid!, WARM_UP_SECONDS);
    const real: Load[] = [];
    const reference: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      reference.push(await measureLoad(bare.origin + path, bare.pid, SECONDS_PER_RUN));
      real.push(await measureLoad(server.origin + path, server.process.pid!, SECONDS_PER_RUN));
    }
    const shares = real.map((run, round) => run.requestsPerSecond / reference[round].requestsPerSecond);
    const share = median(shares);
    const realCpu = Math.min(...real.map((run) => run.cpuMicrosecondsPerRequest));
    const bareCpu = Math.min(...reference.map((run) => run.cpuMicrosecondsPerRequest));
    const spread = (runs: Load[]) => runs.map((run) => `${Math.round(run.requestsPerSecond)} (${Math.round(run.cpuMicrosecondsPerRequest)} µs)`).join(', ');
    console.log(`${path} (${body.length} bytes, ${scenes} scenes), req/s (CPU per request):`);
    console.log(`  server ${spread(real)}\n  bare Hono ${spread(reference)}`);
    console.log(
      `share of each round: ${shares.map((each) => `${(each * 100).toFixed(0)}%`).join(', ')}; median ${(share * 100).toFixed(0)}%; least CPU per request ${realCpu.toFixed(0)} against ${bareCpu.toFixed(0)} µs`,
    );
    writeResult({
      name,
      database: env.DATABASE_URL ? 'postgres' : 'sqlite',
      path: '/api/tours/{shortId}',
      bodyBytes: body.length,
      scenes,
      connections: CONNECTIONS,
      secondsPerRun: SECONDS_PER_RUN,
      serverRequestsPerSecondRuns: real.map((run) => Math.round(run.requestsPerSecond)),
      bareHonoRequestsPerSecondRuns: reference.map((run) => Math.round(run.requestsPerSecond)),
      serverCpuMicrosecondsPerRequest: Math.round(realCpu),
      bareHonoCpuMicrosecondsPerRequest: Math.round(bareCpu),
      shareOfEachRound: shares.map((each) => Number(each.toFixed(2))),
      share: Number(share.toFixed(2)),
      shareIs: 'the median of the rounds, each the server right after the bare one',
      budgetShare: API_SHARE_BUDGET,
      withinBudget: share >= API_SHARE_BUDGET,
    });
  } finally {
    bare?.stop();
    await server.stop();
    removeDataDir(server.dataDir);
    removeDataDir(logDir);
  }
}
