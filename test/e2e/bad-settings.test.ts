import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, removeDataDir, tempDataDir } from './support/server';

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

  it('a PostgreSQL and a Redis that do not answer: one plain line each, exit code 1, and nothing served', async () => {
    const base = tempDataDir();
    const [postgresPort, redisPort] = [await freePort(), await freePort()];
    const run = await startWith({
      DATA_DIR: join(base, 'data'),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/tours`,
      JWT_SECRET: 'a-secret-for-this-test',
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
});
