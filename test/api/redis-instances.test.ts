import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { MAX_FAILED_SIGN_INS_PER_ACCOUNT } from '../../api/auth/auth.routes';
import { connectRedis } from '../../api/redis/redis-connection';
import { localRedis, REDIS_URL } from '../support/local-redis';
import { createTestApp } from './support/test-app';
import { json } from './support/users';

const redis = await localRedis();

/** An address no other test (nor an earlier run, whose counts Redis may still hold) signs in from. */
const visitorAddress = () => `198.51.${randomInt(256)}.${randomInt(256)}`;

describe.skipIf(!redis)('several instances sharing Redis', () => {
  it("count a visitor's attempts together, whichever instance each reaches", async () => {
    const [a, b] = [await createTestApp({ TRUST_PROXY: '1' }, { redis }), await createTestApp({ TRUST_PROXY: '1' }, { redis })];
    const visitor = visitorAddress();
    const guest = (instance: typeof a, from = visitor) => instance.app.request('/api/auth/guest', { method: 'POST', headers: { 'X-Forwarded-For': from } });
    for (let i = 0; i < 20; i++) expect((await guest(i % 2 ? a : b)).status).toBe(201);
    expect((await guest(a)).status).toBe(429);
    expect((await guest(b)).status).toBe(429);
    expect((await guest(b, visitorAddress())).status, 'another visitor').toBe(201);
  });

  it('share the per-account sign-in limit too', async () => {
    const [a, b] = [await createTestApp({ TRUST_PROXY: '1' }, { redis }), await createTestApp({ TRUST_PROXY: '1' }, { redis })];
    const email = `owner-${randomInt(1e9)}@example.com`;
    // A new address each time: only the account's count grows.
    const login = (instance: typeof a) =>
      instance.app.request('/api/auth/login', json({ email, password: 'wrong guess' }, { 'X-Forwarded-For': visitorAddress() }));
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ACCOUNT; i++) expect((await login(i % 2 ? a : b)).status).toBe(401);
    expect((await login(a)).status).toBe(429);
    expect((await login(b)).status).toBe(429);
  });

  it('check at most the limit of wrong passwords sent to one account at once across instances; the rest get 429', async () => {
    const [a, b] = [await createTestApp({ TRUST_PROXY: '1' }, { redis }), await createTestApp({ TRUST_PROXY: '1' }, { redis })];
    const email = `owner-${randomInt(1e9)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).app.request('/api/auth/login', json({ email, password: `guess ${i}` }, { 'X-Forwarded-For': visitorAddress() })),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILED_SIGN_INS_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - MAX_FAILED_SIGN_INS_PER_ACCOUNT);
  });

  it('report Redis in /readyz: ok while it answers, 503 when the connection is gone, when limits refuse', async () => {
    const t = await createTestApp({}, { redis });
    expect(await (await t.app.request('/readyz')).json()).toEqual({ status: 'ready', checks: { database: 'ok', media: 'ok', redis: 'ok' } });

    const lost = connectRedis(REDIS_URL, pino({ level: 'silent' }));
    await lost.ping();
    lost.disconnect();
    const cut = await createTestApp({}, { redis: lost });
    const ready = await cut.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.details).toEqual({ database: 'ok', media: 'ok', redis: 'failing' });
    // A limit that cannot be counted refuses rather than lets every attempt through.
    const guest = await cut.app.request('/api/auth/guest', { method: 'POST' });
    expect(guest.status).toBe(500);
    expect((await guest.json()).error.code).toBe('InternalError');
  });
});
