import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_TRIES_PER_MIN, MAX_PASSWORD_TRIES_PER_TOUR } from '../../api/tours/password.routes';
import { person, savedTour, teamWith } from './support/teams';
import { createTestApp } from './support/test-app';
import { json, type TestUser } from './support/users';

const PASSWORD = 'open sesame';

/** A published password tour shared with a team that has one editor; behind one trusted proxy. */
async function passwordTour() {
  const t = await createTestApp({ TRUST_PROXY: '1' });
  const owner = await person(t, 'Owner');
  const member = await person(t, 'Member');
  const tour = await savedTour(t, owner, { privacy: 'Password', password: PASSWORD });
  expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })).status).toBe(200);
  const team = await teamWith(t, owner, [[member, 'edit']]);
  expect((await t.app.request(`/api/teams/${team.id}/sharedTour`, json({ tourId: tour.shortId }, owner.auth))).status).toBe(201);
  const tryPassword = (password: string, from: string, user?: TestUser) =>
    t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password }, { 'X-Forwarded-For': from, ...user?.auth }));
  return { t, owner, member, tour, tryPassword };
}

const statusesOf = (answers: Response[]) => answers.map(({ status }) => status);
const countOf = (statuses: number[], code: number) => statuses.filter((status) => status === code).length;

describe('tour password limits', () => {
  it('checks at most 10 of 30 wrong passwords sent at once from one address; the rest get 429 with Retry-After', async () => {
    const { tryPassword } = await passwordTour();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => tryPassword(`guess ${i}`, '203.0.113.7')));
    const statuses = statusesOf(answers);
    expect(countOf(statuses, 401)).toBe(MAX_PASSWORD_TRIES_PER_MIN);
    expect(countOf(statuses, 429)).toBe(30 - MAX_PASSWORD_TRIES_PER_MIN);
    for (const answer of answers.filter(({ status }) => status === 429)) expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('limits one tour across addresses (TRUST_PROXY, X-Forwarded-For): 100 tries in 10 minutes, then 429 from any address', async () => {
    const { t, tryPassword } = await passwordTour();
    for (let i = 0; i < MAX_PASSWORD_TRIES_PER_TOUR; i++) expect((await tryPassword(`guess ${i}`, `198.51.100.${i}`)).status).toBe(401);
    const refused = await tryPassword(PASSWORD, '203.0.113.200');
    expect(refused.status, 'a new address, even with the right password').toBe(429);
    expect((await refused.json()).error.code).toBe('TooManyRequests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(60);
    const other = await savedTour(t, await person(t, 'Neighbour'), { privacy: 'Password', password: PASSWORD });
    const elsewhere = await t.app.request(
      '/api/status/tours/password',
      json({ shortId: other.shortId, password: 'guess' }, { 'X-Forwarded-For': '203.0.113.200' }),
    );
    expect(elsewhere.status, 'other tours are not affected').toBe(401);
  });

  it('never limits the owner and the team’s members on their own tour', async () => {
    const { owner, member, tryPassword } = await passwordTour();
    for (let i = 0; i < MAX_PASSWORD_TRIES_PER_MIN + 5; i++) {
      expect((await tryPassword(`typo ${i}`, '203.0.113.9', owner)).status).toBe(401);
      expect((await tryPassword(`typo ${i}`, '203.0.113.9', member)).status).toBe(401);
    }
    expect((await tryPassword(PASSWORD, '203.0.113.9', owner)).status).toBe(200);
    expect((await tryPassword(PASSWORD, '203.0.113.9', member)).status).toBe(200);
    expect((await tryPassword('guess', '203.0.113.9')).status, 'their tries did not use up the address’s limit').toBe(401);
  });

  it('gives back the tries of the right password: only wrong ones count', async () => {
    const { tryPassword } = await passwordTour();
    for (let i = 0; i < MAX_PASSWORD_TRIES_PER_MIN - 1; i++) expect((await tryPassword(`guess ${i}`, '203.0.113.10')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await tryPassword(PASSWORD, '203.0.113.10')).status).toBe(200);
    expect((await tryPassword('last guess', '203.0.113.10')).status).toBe(401);
    expect((await tryPassword(PASSWORD, '203.0.113.10')).status).toBe(429);
  });
});
