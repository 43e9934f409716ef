import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { removeDataDir, startServer } from './support/server';
import { TourBuilder } from './support/tour-builder';

function npmRun(script: 'backup' | 'restore', archive: string, dataDir: string): string {
  return execFileSync('npm', ['run', '--silent', script, '--', archive], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
}

describe('npm run backup and npm run restore', () => {
  it('backs up a serving server, and a wiped data folder restored from it has the tours, pictures and sign-ins back', async () => {
    const first = await startServer();
    const tours = new TourBuilder(first.origin, first.dataDir);
    const owner = await tours.owner();
    const tour = await tours.tour(owner, [await smallPanorama(800)], { title: 'Kept tour' });
    const saved = await (await fetch(`${first.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json();

    const archive = join(mkdtempSync(join(tmpdir(), 'tour-backup-test-')), 'backup.tar.gz');
    // Taken while the server runs and keeps answering.
    expect(npmRun('backup', archive, first.dataDir)).toContain(`Backed up ${first.dataDir} to ${archive}`);
    expect((await fetch(`${first.origin}/readyz`)).status).toBe(200);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(await first.stop()).toBe(0);

    rmSync(first.dataDir, { recursive: true });
    expect(npmRun('restore', archive, first.dataDir)).toContain(`Restored ${archive} into ${first.dataDir}`);
    expect(readdirSync(first.dataDir).sort()).toEqual(['jwt-secret', 'media', 'server.lock', 'tours.sqlite']);
    expect(statSync(join(first.dataDir, 'tours.sqlite')).mode & 0o777).toBe(0o600);

    const second = await startServer({ dataDir: first.dataDir });
    // The restored token secret still accepts the owner's sign-in from before.
    const listed = await (await fetch(`${second.origin}/api/tours`, { headers: { Authorization: `JWT ${owner.token}` } })).json();
    expect(listed.items.map((item: { shortId: string }) => item.shortId)).toEqual([tour.shortId]);
    const restored = await (await fetch(`${second.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json();
    expect(restored.title).toBe('Kept tour');
    expect(restored.images).toEqual(saved.images);
    const picture = await fetch(`${second.origin}${restored.images[0].url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await second.stop()).toBe(0);
    removeDataDir(first.dataDir);
  });

  it('refuses an archive that is not a backup and leaves the data folder as it was', async () => {
    const server = await startServer();
    expect(await server.stop()).toBe(0);
    const before = readdirSync(server.dataDir).sort();
    const notBackup = join(server.dataDir, 'media');
    const bogus = join(mkdtempSync(join(tmpdir(), 'tour-backup-test-')), 'not-a-backup.tar.gz');
    execFileSync('tar', ['czf', bogus, '-C', notBackup, '.']);
    let failure = '';
    try {
      npmRun('restore', bogus, server.dataDir);
    } catch (err) {
      failure = String((err as { stderr: string }).stderr);
    }
    expect(failure).toContain(`${bogus} is not a backup of this server: it holds no tours.sqlite.`);
    expect(readdirSync(server.dataDir).sort()).toEqual(before);
    removeDataDir(server.dataDir);
  });

  it('refuses to restore under a running server, and with DATABASE_URL points to pg_restore; the data stays as it was', async () => {
    const server = await startServer();
    const archive = join(mkdtempSync(join(tmpdir(), 'tour-backup-test-')), 'backup.tar.gz');
    npmRun('backup', archive, server.dataDir);
    const restoreWith = (env: Record<string, string>) =>
      spawnSync('npm', ['run', '--silent', 'restore', '--', archive], { env: { ...process.env, DATA_DIR: server.dataDir, ...env }, encoding: 'utf8' });
    const database = statSync(join(server.dataDir, 'tours.sqlite'));

    const underServer = restoreWith({});
    expect(underServer.status).toBe(1);
    expect(underServer.stderr).toBe(
      `${server.dataDir} is in use by a running server or restore (it holds ${join(server.dataDir, 'server.lock')}): stop the server before restoring.\n`,
    );
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);

    const postgres = restoreWith({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tours' });
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toContain('DATABASE_URL is set: the data is in PostgreSQL, which this command does not restore. Use pg_restore');
    expect(statSync(join(server.dataDir, 'tours.sqlite')).ino).toBe(database.ino);
    removeDataDir(server.dataDir);
    rmSync(archive, { force: true });
  });
});
