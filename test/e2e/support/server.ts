import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
 * data folder.
 */
export async function startServer(options: { dataDir?: string; port?: number; env?: Record<string, string>; cwd?: string } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDataDir();
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
    // Removed once found: searching the whole output on every chunk of a busy server's access log would slow this
    // process down until the server's log writes block.
    const check = () => {
      if (log.includes('listening on')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    origin: `http://localhost:${port}`,
    port,
    dataDir,
    process: child,
    output: () => log,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
