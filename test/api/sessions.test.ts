import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_SIGN_INS_PER_ACCOUNT } from '../../api/auth/auth.routes';
import { revokeAllSessions } from '../../api/auth/sessions';
import { legacyScryptHash } from './support/scrypt-hash';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp } from './support/users';

const PASSWORD = 'correct horse battery';

async function signIn(t: TestApp, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<Response> {
  return t.app.request('/api/auth/login', json({ email, password }, headers));
}

async function tokenOf(response: Response): Promise<{ Authorization: string }> {
  const { user } = await response.json();
  return { Authorization: `JWT ${user.token}` };
}

async function status(t: TestApp, auth: { Authorization: string }): Promise<number> {
  return (await t.app.request('/api/status/user', { headers: auth })).status;
}

async function ownerWithEmail(t: TestApp): Promise<{ id: number; email: string; auth: { Authorization: string } }> {
  const owner = await signUp(t);
  const { email } = await t.db.selectFrom('user').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow();
  return { id: owner.id, email: email!, auth: owner.auth };
}

describe('sessions', () => {
  it('sign-out revokes that token only: it gets 401 after, another session of the same user still works', async () => {
    const t = await createTestApp();
    const owner = await ownerWithEmail(t);
    const laptop = await tokenOf(await signIn(t, owner.email));
    expect(await status(t, owner.auth)).toBe(200);

    const logout = await t.app.request('/api/auth/logout', { method: 'POST', headers: owner.auth });
    expect(logout.status).toBe(204);
    const refused = await t.app.request('/api/status/user', { headers: owner.auth });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('Unauthorized');
    expect((await t.app.request('/api/tours', { headers: owner.auth })).status, 'every route, not just the status check').toBe(401);
    expect(await status(t, laptop)).toBe(200);
  });

  it('sign-out needs a sign-in', async () => {
    const t = await createTestApp();
    const response = await t.app.request('/api/auth/logout', { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('Unauthorized');
  });

  it('revokeAllSessions ends every session of the user but the one kept, and no one else’s', async () => {
    const t = await createTestApp();
    const owner = await ownerWithEmail(t);
    const other = await signUp(t, 'Other');
    const phone = await tokenOf(await signIn(t, owner.email));
    const laptop = await tokenOf(await signIn(t, owner.email));
    const { jti } = JSON.parse(Buffer.from(laptop.Authorization.split('.')[1], 'base64url').toString());

    await revokeAllSessions(t.db, owner.id, jti);
    expect([await status(t, owner.auth), await status(t, phone), await status(t, laptop)]).toEqual([401, 401, 200]);
    await revokeAllSessions(t.db, owner.id);
    expect(await status(t, laptop)).toBe(401);
    expect(await status(t, other.auth)).toBe(200);
    expect((await signIn(t, owner.email)).status, 'signing in again opens a new session').toBe(200);
  });

  it('refuses a correctly signed token from before sessions (no jti), and one whose session id was never issued', async () => {
    const t = await createTestApp();
    const owner = await ownerWithEmail(t);
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const legacy = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(owner.id)).setIssuedAt().setExpirationTime('1d').sign(secret);
    const madeUp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.id))
      .setJti('made-up')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(secret);
    expect(await status(t, { Authorization: `JWT ${legacy}` })).toBe(401);
    expect(await status(t, { Authorization: `JWT ${madeUp}` })).toBe(401);
  });

  it('stores argon2id hashes, and replaces an old scrypt hash at the next sign-in', async () => {
    const t = await createTestApp();
    const owner = await ownerWithEmail(t);
    const stored = () =>
      t.db
        .selectFrom('user')
        .select('password_hash')
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.password_hash!);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const scryptHash = legacyScryptHash(PASSWORD);
    await t.db.updateTable('user').set({ password_hash: scryptHash }).where('id', '=', owner.id).execute();
    expect((await signIn(t, owner.email, 'wrong password')).status).toBe(401);
    expect(await stored(), 'a wrong password changes nothing').toBe(scryptHash);
    expect((await signIn(t, owner.email)).status).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect((await signIn(t, owner.email)).status, 'the new hash verifies').toBe(200);
  });

  it('forgets an account’s failed sign-ins once its owner signs in', async () => {
    const t = await createTestApp();
    const owner = await ownerWithEmail(t);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ACCOUNT - 1; i++) await signIn(t, owner.email, `typo ${i}`);
    expect((await signIn(t, owner.email)).status).toBe(200);
    expect((await signIn(t, owner.email, 'one more typo')).status).toBe(401);
    expect((await signIn(t, owner.email)).status).toBe(200);
  });

  it('checks at most the limit of wrong passwords sent to one account at once, from 40 addresses; the rest get 429', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    const owner = await ownerWithEmail(t);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(t, owner.email, `guess ${i}`, { 'X-Forwarded-For': `203.0.113.${i}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((code) => code === 401)).toHaveLength(MAX_FAILED_SIGN_INS_PER_ACCOUNT);
    expect(statuses.filter((code) => code === 429)).toHaveLength(40 - MAX_FAILED_SIGN_INS_PER_ACCOUNT);
    for (const answer of answers.filter(({ status }) => status === 429)) expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('limits failed sign-ins per account across addresses: 429 with Retry-After, even for the right password', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    const owner = await ownerWithEmail(t);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ACCOUNT; i++) {
      expect((await signIn(t, owner.email, `guess ${i}`, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(401);
    }
    const refused = await signIn(t, owner.email.toUpperCase(), PASSWORD, { 'X-Forwarded-For': '198.51.100.1' });
    expect(refused.status).toBe(429);
    const { error } = await refused.json();
    expect(error.code).toBe('TooManyRequests');
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The person is told how long the lock lasts, in minutes as the header's seconds round up.
    expect(error.message).toBe(`Too many failed sign-ins for this account. Try again in ${Math.ceil(retryAfter / 60)} minutes, or reset your password.`);

    const other = await ownerWithEmail(t);
    expect((await signIn(t, other.email, PASSWORD, { 'X-Forwarded-For': '203.0.113.1' })).status, 'other accounts are not affected').toBe(200);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ACCOUNT; i++) await signIn(t, unknown, 'guess', { 'X-Forwarded-For': `203.0.113.${i}` });
    expect(
      (await signIn(t, unknown, 'guess', { 'X-Forwarded-For': '198.51.100.2' })).status,
      'an unknown e-mail is limited alike, so the limit tells nothing',
    ).toBe(429);
  });
});
