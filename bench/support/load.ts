import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../../test/e2e/support/server';

export const CONNECTIONS = 16;

export interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  /** The server's CPU time per answer: unlike requests per second, barely moved by other work on the machine. */
  cpuMicrosecondsPerRequest: number;
}

/** The CPU time (user and system) process `pid` has used, in milliseconds. */
export function cpuMilliseconds(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in 1/100 s.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Keep-alive GETs of `url` from server process `pid` on `CONNECTIONS` connections for `seconds`; every answer must be a 200. */
export async function measureLoad(url: string, pid: number, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  const cpuBefore = cpuMilliseconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = cpuMilliseconds(pid) - cpuBefore;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers other than 2xx`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest: (cpu * 1000) / result.requests.total,
  };
}

/** A bare Hono server answering `body` at `path`, in its own process as the real server is. */
export async function startBareJsonServer(bodyFile: string, path: string): Promise<{ origin: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['bench/support/bare-json-server.mjs'], {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, PATH_TO_SERVE: path },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { origin: `http://localhost:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
