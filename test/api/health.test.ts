import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app';

describe('health checks for load balancers', () => {
  it('answers /healthz and /readyz with 200 while the database answers and the media folder takes files', async () => {
    const t = await createTestApp();
    const alive = await t.app.request('/healthz');
    expect(alive.status).toBe(200);
    expect(alive.headers.get('Cache-Control')).toBe('no-store');
    expect(await alive.json()).toEqual({ status: 'ok' });
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', media: 'ok' } });
  });

  it('answers /readyz with 503 once the database is closed, while /healthz still says the process lives', async () => {
    const t = await createTestApp();
    await t.db.destroy();
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'NotReady', message: 'This server cannot serve requests now.', details: { database: 'failing', media: 'ok' } },
    });
    expect((await t.app.request('/healthz')).status).toBe(200);
  });

  it('answers /readyz with 503 when the media folder cannot take a file (its volume gone)', async () => {
    const t = await createTestApp();
    const media = join(t.config.dataDir, 'media');
    rmSync(media, { recursive: true });
    // A file where the folder was: nothing can be written below it, not even by root.
    writeFileSync(media, '');
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.details).toEqual({ database: 'ok', media: 'failing' });
  });

  it('answers a missing file anywhere with 404, and only page addresses with the owners app', async () => {
    const t = await createTestApp();
    for (const path of ['/favicon.ico', '/admin/no-such-chunk.js', '/robots.txt', '/wp-login.php']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ error: { code: 'NotFound' } });
    }
    for (const path of ['/', '/dashboard', '/tours/abc/edit']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toContain('text/html');
    }
  });
});
