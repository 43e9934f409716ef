import Database from 'better-sqlite3';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { freePort, removeDataDir, startServer, tempDataDir } from './support/server';
import { TEST_JWT_SECRET } from '../support/test-secret';

/** Permissions stop root from nothing, so the unwritable cases run the server as the unprivileged user `nobody`. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/**
 * The built server, hard-linked (nothing copied) into a folder every user can enter: `nobody` cannot read a
 * checkout in a private folder, such as a clone in root's home.
 */
function serverOpenToAll(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tour-e2e-server-'));
  chmodSync(dir, 0o755);
  execFileSync('cp', ['-al', 'dist', 'node_modules', 'package.json', dir]);
  return dir;
}

/** Where the server runs as `nobody` from: made for this file's tests that need it. */
let openServer = '.';

async function startWith(env: Record<string, string>, uid?: number): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: uid === undefined ? '.' : openServer,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr, stdout })));
}

describe('the server with settings that cannot work', () => {
  beforeAll(() => {
    if (asRoot) openServer = serverOpenToAll();
  });
  afterAll(() => {
    if (asRoot) rmSync(openServer, { recursive: true, force: true });
  });

  it('PORT=abc: one plain line, exit code 2, and no data folder or database created', async () => {
    const base = tempDataDir();
    const dataDir = join(base, 'data');
    const run = await startWith({ DATA_DIR: dataDir, PORT: 'abc' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("PORT must be a port number from 1 to 65535, not 'abc'.\n");
    expect(run.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
    removeDataDir(base);
  });

  it('every problem at once, each on its own line', async () => {
    const base = tempDataDir();
    const run = await startWith({ DATA_DIR: join(base, 'data'), PORT: '99999', TRUST_PROXY: 'two' });
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      "PORT must be a port number from 1 to 65535, not '99999'.",
      "TRUST_PROXY must be the number of proxies in front of this server (0, 1, 2 ...), not 'two'.",
    ]);
    removeDataDir(base);
  });

  it('SMTP_URL without PUBLIC_URL, a PUBLIC_URL with a path, a short JWT_SECRET: one plain line each, exit code 2', async () => {
    const base = tempDataDir();
    const dataDir = join(base, 'data');
    const run = await startWith({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525', JWT_SECRET: 'short' });
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'JWT_SECRET must be at least 32 characters long (openssl rand -hex 32 makes one).',
      "PUBLIC_URL must be set too when SMTP_URL is: mailed links lead to it, never to a request's own Host.",
    ]);
    const withPath = await startWith({ DATA_DIR: dataDir, PUBLIC_URL: 'https://example.com/tours' });
    expect(withPath.code).toBe(2);
    expect(withPath.stderr).toBe(
      "PUBLIC_URL must be the server's address without a path, such as https://tours.example.com, not 'https://example.com/tours'.\n",
    );
    expect(existsSync(dataDir)).toBe(false);
    removeDataDir(base);
  });

  it('a PostgreSQL and a Redis that do not answer: one plain line each, exit code 1, and nothing served', async () => {
    const base = tempDataDir();
    const [postgresPort, redisPort] = [await freePort(), await freePort()];
    const run = await startWith({
      DATA_DIR: join(base, 'data'),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/tours`,
      JWT_SECRET: TEST_JWT_SECRET,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `PostgreSQL at DATABASE_URL does not answer: connect ECONNREFUSED 127.0.0.1:${postgresPort}`,
      `Redis at REDIS_URL does not answer: connect ECONNREFUSED 127.0.0.1:${redisPort}`,
    ]);
    expect(run.stdout).toBe('');
    removeDataDir(base);
  });

  it.runIf(asRoot)('a DATA_DIR the server user cannot create or write (run as nobody): exit 2 with the folder named', async () => {
    const base = tempDataDir();
    chmodSync(base, 0o755);
    const dataDir = join(base, 'data');
    const run = await startWith({ DATA_DIR: dataDir }, NOBODY);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`DATA_DIR ${dataDir} cannot be created: ${base} cannot be written.\n`);
    expect(existsSync(dataDir)).toBe(false);

    mkdirSync(dataDir, { mode: 0o755 });
    const existing = await startWith({ DATA_DIR: dataDir }, NOBODY);
    expect(existing.code).toBe(2);
    expect(existing.stderr).toBe(`DATA_DIR ${dataDir} cannot be written.\n`);
    expect(readdirSync(dataDir)).toEqual([]);
    removeDataDir(base);
  });

  it.runIf(asRoot)('a database the server user cannot write (run as nobody): exit 2 instead of a server whose every write fails', async () => {
    const base = tempDataDir();
    chmodSync(base, 0o755);
    const dataDir = join(base, 'data');
    mkdirSync(dataDir);
    chownSync(dataDir, NOBODY, NOBODY);
    const file = join(dataDir, 'tours.sqlite');
    new Database(file).exec('CREATE TABLE kept (id INTEGER)').close();
    chmodSync(file, 0o644);
    const run = await startWith({ DATA_DIR: dataDir }, NOBODY);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`The database file ${file} cannot be written.\n`);
    // Nothing was created beside it: no media folder, no token secret, no write-ahead log.
    expect(readdirSync(dataDir)).toEqual(['tours.sqlite']);
    removeDataDir(base);
  });

  it('LOG_LEVEL=loud: one plain line naming the levels, exit code 2', async () => {
    const base = tempDataDir();
    const run = await startWith({ DATA_DIR: join(base, 'data'), LOG_LEVEL: 'loud' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not 'loud'.\n");
    removeDataDir(base);
  });

  it('a port already in use: one plain line, no stack trace, exit code 1', async () => {
    const base = tempDataDir();
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, resolve));
    try {
      const run = await startWith({ DATA_DIR: join(base, 'data'), PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`The server could not start: Port ${port} is already in use (set PORT to another).\n`);
    } finally {
      taken.close();
      removeDataDir(base);
    }
  });

  it('a second server on a data folder a running server holds: one plain line, exit code 1', async () => {
    const first = await startServer();
    try {
      const second = await startWith({ DATA_DIR: first.dataDir });
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `The server could not start: ${first.dataDir} is in use by a running server or restore (it holds ${join(first.dataDir, 'server.lock')}): stop that server first.\n`,
      );
      expect((await fetch(`${first.origin}/readyz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
      removeDataDir(first.dataDir);
    }
  });

  it.runIf(asRoot)('a DATA_DIR the server user cannot read (mode 0300, run as nobody): exit 2, not a stack trace', async () => {
    const base = tempDataDir();
    chmodSync(base, 0o755);
    const dataDir = join(base, 'data');
    mkdirSync(dataDir);
    chownSync(dataDir, NOBODY, NOBODY);
    chmodSync(dataDir, 0o300);
    const run = await startWith({ DATA_DIR: dataDir }, NOBODY);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`DATA_DIR ${dataDir} cannot be read: the server's user must list and open it.\n`);
    expect(readdirSync(dataDir)).toEqual([]);
    removeDataDir(base);
  });

  it('npm run admin on a data folder without a database: one plain line, exit code 1, nothing created', () => {
    const base = tempDataDir();
    const dataDir = join(base, 'none');
    const run = spawnSync(process.execPath, ['scripts/operator.mjs', 'users'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `The database of DATA_DIR (${dataDir}) could not be opened: ENOENT: no such file or directory, open '${join(dataDir, 'tours.sqlite')}'\n`,
    );
    expect(existsSync(dataDir)).toBe(false);
    removeDataDir(base);
  });
});
