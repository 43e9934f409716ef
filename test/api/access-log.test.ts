import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { captureLog } from '../support/log-lines';
import { createTestApp } from './support/test-app';
import { openTestDatabase } from './support/test-database';

/** The real app on its own database, logging into memory. */
async function appWithCapturedLog() {
  const { config } = await createTestApp();
  const db = await openTestDatabase();
  const log = await captureLog();
  return { app: createApp({ db, config, rootDir: resolve('.'), logger: log.logger }), db, log };
}

describe('request log', () => {
  it('writes one JSON access line per request with its request id, method, path, status and milliseconds', async () => {
    const { app, log } = await appWithCapturedLog();
    const ok = await app.request('/healthz');
    const missing = await app.request('/api/tours/nosuchtour');
    const lines = log.lines().filter((line) => line.msg === 'request');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, requestId: ok.headers.get('x-request-id'), method: 'GET', path: '/healthz', status: 200 }),
      expect.objectContaining({ requestId: missing.headers.get('x-request-id'), method: 'GET', path: '/api/tours/nosuchtour', status: 404 }),
    ]);
    for (const line of lines) expect(line.ms).toEqual(expect.any(Number));
  });

  it("shapes its line as pino shapes the same info line, with a path's quotes, backslashes and line separators escaped", async () => {
    const { app, log } = await appWithCapturedLog();
    await app.request('/api/tours/%22quoted%22%5Cback%E2%80%A8%C3%A9');
    const line = log.lines().find((each) => each.msg === 'request')!;
    expect(line.path).toBe('/api/tours/"quoted"\\back\u2028é');
    log.logger.info({ requestId: line.requestId, method: line.method, path: line.path, status: line.status, ms: line.ms }, 'request');
    const byPino = log.lines().at(-1)!;
    expect(Object.keys(line)).toEqual(Object.keys(byPino));
    expect({ ...line, time: byPino.time }).toEqual(byPino);
    expect(line.time).toBeLessThanOrEqual(byPino.time as number);
  });

  it('writes no access lines when the logger is set above info', async () => {
    const { app, log } = await appWithCapturedLog();
    log.logger.level = 'warn';
    await app.request('/healthz');
    expect(log.lines()).toEqual([]);
  });

  it('logs a failure on our side once, as an error with the request id its access line has', async () => {
    const { app, db, log } = await appWithCapturedLog();
    await db.destroy();
    const failed = await app.request('/api/tours/demo');
    expect(failed.status).toBe(500);
    const id = failed.headers.get('x-request-id');
    const lines = log.lines().filter((line) => line.requestId === id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: expect.stringContaining('destroyed') } });
    expect(lines[1]).toMatchObject({ msg: 'request', status: 500 });
  });
});
