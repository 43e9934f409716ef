import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp } from './support/users';

/** Anonymous endpoints, limited per address (app.request has no socket, so every call here is one address). */
async function publicTour(t: TestApp) {
  const owner = await signUp(t, 'Owner');
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  return (await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, leadgen: { enabled: true } }, owner.auth))).json();
}

describe('rate limits on anonymous endpoints', () => {
  it.each<[string, number, (t: TestApp, tour: { id: number; shortId: string }) => Promise<Response> | Response]>([
    ['POST /api/leads/{tourId}', 20, (t, tour) => t.app.request(`/api/leads/${tour.id}`, json({ email: 'v@example.com' }))],
    [
      'POST /api/tours/{shortId}/requestShowing',
      20,
      (t, tour) => t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'V', email: 'v@example.com' })),
    ],
    ['GET /api/tours/{shortId}/joinChat', 20, (t, tour) => t.app.request(`/api/tours/${tour.shortId}/joinChat`)],
    ['POST /api/tours/{shortId}/unlock/email', 10, (t, tour) => t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'not an e-mail' }))],
    // A new e-mail each time, so the per-account limit stays out of the way of the per-address one.
    ['POST /api/auth/login', 20, (t) => t.app.request('/api/auth/login', json({ email: `nobody${Math.random()}@example.com`, password: 'guess' }))],
    ['POST /api/auth/guest', 20, (t) => t.app.request('/api/auth/guest', { method: 'POST' })],
  ])('%s answers 429 in the one error shape, with Retry-After, after %d calls a minute', async (_route, max, call) => {
    const t = await createTestApp();
    const tour = await publicTour(t);
    for (let i = 0; i < max; i++) expect((await call(t, tour)).status).not.toBe(429);
    const refused = await call(t, tour);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('TooManyRequests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  });

  it('counts each route on its own, so visitors can still reach the others', async () => {
    const t = await createTestApp();
    const tour = await publicTour(t);
    for (let i = 0; i < 21; i++) await t.app.request(`/api/tours/${tour.shortId}/joinChat`);
    expect((await t.app.request(`/api/leads/${tour.id}`, json({ email: 'v@example.com' }))).status).toBe(201);
  });

  it('behind TRUST_PROXY proxies counts each visitor by the address the proxy saw, which a made-up entry cannot change', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    const guest = (forwardedFor: string) => t.app.request('/api/auth/guest', { method: 'POST', headers: { 'X-Forwarded-For': forwardedFor } });
    for (let i = 0; i < 20; i++) expect((await guest(`made-up-${i}, 203.0.113.7`)).status).toBe(201);
    expect((await guest('198.51.100.1, 203.0.113.7')).status, 'the same visitor, whatever it wrote first').toBe(429);
    expect((await guest('203.0.113.8')).status, 'another visitor behind the same proxy').toBe(201);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, since any caller can write it', async () => {
    const t = await createTestApp();
    for (let i = 0; i < 20; i++) await t.app.request('/api/auth/guest', { method: 'POST', headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
    expect((await t.app.request('/api/auth/guest', { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.99' } })).status).toBe(429);
  });

  it('refuses to start with a TRUST_PROXY that is not a number of proxies', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'yes' })).rejects.toThrow(/TRUST_PROXY must be the number of proxies/);
  });
});
