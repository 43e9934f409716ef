import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeDataDir, startServer } from './support/server';

/** What the Dockerfile's runtime stage copies from the build stage. */
const SHIPPED = ['package.json', 'package-lock.json', 'dist', 'demo', 'scripts/operator.mjs'];
const BETTER_SQLITE3_BINARY = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

describe('the built app installed without dev dependencies', () => {
  it('installs with npm ci --omit=dev in an empty folder, serves, and runs the admin and backup commands there', async () => {
    const app = mkdtempSync(join(tmpdir(), 'tour-install-'));
    for (const entry of SHIPPED) cpSync(entry, join(app, entry), { recursive: true });
    // Install scripts are skipped and better-sqlite3's native binary copied from this project's install: the same
    // version (the lockfile pins it) for the same Node and platform, so it is the file `npm ci` would compile, in
    // seconds instead of about two minutes. Every other dependency installs exactly as in the image.
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, stdio: 'pipe' });
    mkdirSync(dirname(join(app, BETTER_SQLITE3_BINARY)), { recursive: true });
    copyFileSync(BETTER_SQLITE3_BINARY, join(app, BETTER_SQLITE3_BINARY));
    for (const devOnly of ['rollup', 'vitest', 'typescript', 'esbuild', 'tsx', 'react']) {
      expect(existsSync(join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const server = await startServer({ cwd: app });
    try {
      expect(await (await fetch(`${server.origin}/readyz`)).json()).toMatchObject({ status: 'ready' });
      const demo = await fetch(`${server.origin}/api/tours/demo`);
      expect(demo.status).toBe(200);
      const viewer = await fetch(`${server.origin}/embed/tour-viewer.js`, { headers: { 'Accept-Encoding': 'br' } });
      expect(viewer.status).toBe(200);
      expect(viewer.headers.get('Content-Encoding')).toBe('br');
      expect((await fetch(`${server.origin}/dashboard`)).status).toBe(200);

      const archive = join(app, 'backup.tar.gz');
      execFileSync('npm', ['run', 'backup', '--', archive], { cwd: app, env: { ...process.env, DATA_DIR: server.dataDir }, stdio: 'pipe' });
      expect(existsSync(archive)).toBe(true);
      // A command that finds nothing to change: it ran, opened the database and answered.
      const admin = spawnSync('npm', ['run', '--silent', 'admin', '--', 'plan', 'nobody@example.invalid', 'basic'], {
        cwd: app,
        env: { ...process.env, DATA_DIR: server.dataDir },
        encoding: 'utf8',
      });
      expect(admin.stderr).toBe('No account with the e-mail nobody@example.invalid.\n');
      expect(admin.status).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
      removeDataDir(server.dataDir);
      rmSync(app, { recursive: true, force: true });
    }
  });
});
