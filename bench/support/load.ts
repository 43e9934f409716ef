import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../test/e2e/support/server';

export const CONNECTIONS = 16;

export interface Load {
  requestsPerSecond: number;
  p99Ms: number;
}

/** Keep-alive GETs of `url` on `CONNECTIONS` connections for `seconds`; every answer must be a 200. */
export async function measureLoad(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers other than 2xx`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** A bare Hono server answering `body` at `path`, in its own process as the real server is. */
export async function startBareJsonServer(bodyFile: string, path: string): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['bench/support/bare-json-server.mjs'], {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, PATH_TO_SERVE: path },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { origin: `http://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}
