import { Agent, request } from 'node:http';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { writeResult } from './support/results';

/** The viewer compressed (gzip, and brotli) serves at least as many requests per second as the plain file. */
export const COMPRESSED_SHARE_BUDGET = 1;
const CONNECTIONS = 16;
const DURATION_MS = 5_000;
/** Each side runs twice, alternating, and keeps its better run: one side alone does not get a quieter moment. */
const ROUNDS = 2;

/** Keep-alive GETs on `CONNECTIONS` connections for `DURATION_MS`, every body read to its end; answers per second. */
async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = Date.now() + DURATION_MS;
  let answered = 0;
  const loop = async () => {
    while (Date.now() < until) {
      await new Promise<void>((resolve, reject) => {
        request(url, { agent, headers }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          response.on('end', resolve).resume();
        })
          .once('error', reject)
          .end();
      });
      answered++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return answered / seconds;
}

/** `/embed/tour-viewer.js` gzipped and brotli (as browsers ask for it) against the same file plain, side by side. */
export async function benchStatic(): Promise<void> {
  const server = await startServer();
  try {
    const url = `${server.origin}/embed/tour-viewer.js`;
    const runs = { plain: [] as number[], gzip: [] as number[], br: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.plain.push(await requestsPerSecond(url, { 'Accept-Encoding': 'identity' }));
      runs.gzip.push(await requestsPerSecond(url, { 'Accept-Encoding': 'gzip' }));
      runs.br.push(await requestsPerSecond(url, { 'Accept-Encoding': 'br' }));
    }
    const [plainRps, gzipRps, brRps] = [runs.plain, runs.gzip, runs.br].map((rps) => Math.max(...rps));
    const share = Math.min(gzipRps, brRps) / plainRps;
    console.log(
      `tour-viewer.js: gzip ${gzipRps.toFixed(0)} req/s, br ${brRps.toFixed(0)} req/s, plain ${plainRps.toFixed(0)} req/s (${(share * 100).toFixed(0)}%)`,
    );
    writeResult({
      name: 'static',
      path: '/embed/tour-viewer.js',
      connections: CONNECTIONS,
      secondsPerRun: DURATION_MS / 1000,
      gzipRequestsPerSecond: Math.round(gzipRps),
      brRequestsPerSecond: Math.round(brRps),
      plainRequestsPerSecond: Math.round(plainRps),
      compressedShare: Number(share.toFixed(2)),
      budgetCompressedShare: COMPRESSED_SHARE_BUDGET,
      withinBudget: share >= COMPRESSED_SHARE_BUDGET,
    });
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
