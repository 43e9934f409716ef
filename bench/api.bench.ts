import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { measureLoad, startBareJsonServer, CONNECTIONS } from './support/load';
import { writeResult } from './support/results';
import { seedTour } from './support/seed-tour';

/** `GET /api/tours/{shortId}` at this share of the requests per second of a bare Hono handler answering the same JSON. */
export const API_SHARE_BUDGET = 0.5;
const SECONDS_PER_RUN = 5;
/** The sides alternate and each keeps its best run: neither gets all the quiet moments of a shared machine. */
const ROUNDS = 3;

/** A visitor's read of a published tour from the real server, against the same bytes from bare Hono, same run. */
export async function benchApi(): Promise<void> {
  const server = await startServer();
  let bare: { origin: string; stop: () => void } | undefined;
  try {
    const tour = await seedTour(server);
    const path = `/api/tours/${tour.shortId}`;
    const response = await fetch(server.origin + path);
    const body = Buffer.from(await response.arrayBuffer());
    const scenes = (JSON.parse(body.toString('utf8')) as { images: unknown[] }).images.length;
    if (scenes === 0) throw new Error('the seeded tour shows visitors no scenes: it was not published');
    const bodyFile = join(server.dataDir, 'bench-tour.json');
    writeFileSync(bodyFile, body);
    bare = await startBareJsonServer(bodyFile, path);
    if (!body.equals(Buffer.from(await (await fetch(bare.origin + path)).arrayBuffer()))) throw new Error('the bare server answers other bytes');

    const real: number[] = [];
    const reference: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      reference.push((await measureLoad(bare.origin + path, SECONDS_PER_RUN)).requestsPerSecond);
      real.push((await measureLoad(server.origin + path, SECONDS_PER_RUN)).requestsPerSecond);
    }
    const realRps = Math.max(...real);
    const bareRps = Math.max(...reference);
    const share = realRps / bareRps;
    const spread = (runs: number[]) => runs.map((rps) => Math.round(rps)).join(', ');
    console.log(`${path} (${body.length} bytes, ${scenes} scenes): server ${spread(real)} req/s, bare Hono ${spread(reference)} req/s`);
    console.log(`best: server ${realRps.toFixed(0)}, bare ${bareRps.toFixed(0)} (${(share * 100).toFixed(0)}%)`);
    writeResult({
      name: 'api',
      path: '/api/tours/{shortId}',
      bodyBytes: body.length,
      scenes,
      connections: CONNECTIONS,
      secondsPerRun: SECONDS_PER_RUN,
      serverRequestsPerSecondRuns: real.map(Math.round),
      bareHonoRequestsPerSecondRuns: reference.map(Math.round),
      serverRequestsPerSecond: Math.round(realRps),
      bareHonoRequestsPerSecond: Math.round(bareRps),
      share: Number(share.toFixed(2)),
      budgetShare: API_SHARE_BUDGET,
      withinBudget: share >= API_SHARE_BUDGET,
    });
  } finally {
    bare?.stop();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
