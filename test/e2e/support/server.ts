import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  origin: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Stops the process (SIGTERM) and waits for it to exit; resolves to its exit code. */
  stop: () => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tour-e2e-'));
}

/**
 * Starts the built server (`dist/api/server.js` of `cwd`, by default this project) on a free port with its own
 * data folder. With `logFile`, its stdout (the JSON log) goes to that file, as a log collector would take it, rather
 * than to this process: a bench that makes the load here would otherwise also be reading every access line.
 */
export async function startServer(
  options: { dataDir?: string; port?: number; env?: Record<string, string>; cwd?: string; logFile?: string } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDataDir();
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  const origin = `http://localhost:${port}`;
  // A server that mails needs PUBLIC_URL, its links' address: the one the tests open.
  const publicUrl = options.env?.SMTP_URL ? { PUBLIC_URL: origin } : {};
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: options.cwd,
    // As `npm run serve` and the Docker image start it.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', PORT: String(port), DATA_DIR: dataDir, ...publicUrl, ...options.env },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const output = () => (options.logFile === undefined ? log : readFileSync(options.logFile, 'utf8') + log);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000);
    // Removed once found: searching the whole output on every chunk of a busy server's access log would slow this
    // process down until the server's log writes block.
    const check = () => {
      if (output().includes('listening on')) {
        clearTimeout(timer);
        clearInterval(poll);
        child.stdout?.off('data', check);
        resolve();
      }
    };
    // A file tells nothing when it grows: it is looked at instead.
    const poll = options.logFile === undefined ? undefined : setInterval(check, 50);
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    origin,
    port,
    dataDir,
    process: child,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
