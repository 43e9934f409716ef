import { describe, expect, it } from 'vitest';
import { MAX_FAILED_SIGN_INS_PER_ACCOUNT } from '../../api/auth/auth.routes';
import { MAX_RESET_MAILS_PER_HOUR } from '../../api/account/account-links';
import { lastLinkTo, mailsTo } from './support/mails';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

const login = (t: TestApp, email: string, password: string) => t.app.request('/api/auth/login', json({ email, password }));

async function secondSession(t: TestApp, owner: TestUser): Promise<Record<string, string>> {
  const { user } = await (await login(t, owner.email!, PASSWORD)).json();
  return { Authorization: `JWT ${user.token}` };
}

const statusWith = async (t: TestApp, headers: Record<string, string>) => (await t.app.request('/api/status/user', { headers })).status;

async function resetLink(t: TestApp, email: string): Promise<string> {
  expect((await t.app.request('/api/auth/password-reset', json({ email }))).status).toBe(202);
  return lastLinkTo(t, email, 'reset-password');
}

const confirmReset = (t: TestApp, token: string, password = NEW_PASSWORD) => t.app.request('/api/auth/password-reset/confirm', json({ token, password }));

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } }> {
  const { error } = await response.json();
  return { status: response.status, ...error };
}

describe('password reset by a mailed one-time link', () => {
  it('sets the new password, signs in, and ends every other session', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const other = await secondSession(t, owner);
    const token = await resetLink(t, owner.email!);
    const [mail] = (await mailsTo(t, owner.email!)).filter((m) => m.subject === 'Reset your password');
    expect(mail.userId, 'kept out of the in-app outbox').toBe(null);

    const response = await confirmReset(t, token);
    expect(response.status).toBe(200);
    const { user } = await response.json();
    expect(await statusWith(t, { Authorization: `JWT ${user.token}` })).toBe(200);
    expect(await statusWith(t, owner.auth)).toBe(401);
    expect(await statusWith(t, other)).toBe(401);
    expect((await login(t, owner.email!, PASSWORD)).status).toBe(401);
    expect((await login(t, owner.email!, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a reused, an expired and a forged link, each with its own sentence, and a used link ends the others', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const first = await resetLink(t, owner.email!);
    const second = await resetLink(t, owner.email!);
    expect((await confirmReset(t, first)).status).toBe(200);
    expect(await errorOf(await confirmReset(t, first))).toMatchObject({
      status: 400,
      code: 'InvalidLink',
      message: 'This link was already used. Ask for a new one if you need it again.',
    });
    expect(await errorOf(await confirmReset(t, second)), 'a link sent before the reset').toMatchObject({ status: 400, code: 'InvalidLink' });

    const third = await resetLink(t, owner.email!);
    await t.db
      .updateTable('account_link')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect(await errorOf(await confirmReset(t, third))).toMatchObject({
      status: 400,
      code: 'InvalidLink',
      message: 'This link has expired. Ask for a new one.',
    });
    expect(await errorOf(await confirmReset(t, `${third.slice(0, -2)}xx`))).toMatchObject({
      status: 400,
      code: 'InvalidLink',
      message: 'This link is not valid. Copy the whole link from the e-mail, or ask for a new one.',
    });
    expect((await login(t, owner.email!, NEW_PASSWORD)).status, 'the refused links changed nothing').toBe(200);
  });

  it('answers an unknown address like a known one and mails nothing; a guest gets no link', async () => {
    const t = await createTestApp();
    const response = await t.app.request('/api/auth/password-reset', json({ email: 'nobody@example.com' }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });
    await guest(t);
    expect(await t.db.selectFrom('outbox_email').selectAll().execute()).toEqual([]);
  });

  it('is never blocked by the failed sign-ins limit of the account, and clears it', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ACCOUNT; i++) expect((await login(t, owner.email!, 'guess')).status).toBe(401);
    expect((await login(t, owner.email!, PASSWORD)).status, 'the account is resting').toBe(429);
    expect((await confirmReset(t, await resetLink(t, owner.email!))).status).toBe(200);
    expect((await login(t, owner.email!, NEW_PASSWORD)).status).toBe(200);
  });

  it(`mails one account at most ${MAX_RESET_MAILS_PER_HOUR} links an hour`, async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    for (let i = 0; i <= MAX_RESET_MAILS_PER_HOUR; i++)
      expect((await t.app.request('/api/auth/password-reset', json({ email: owner.email }))).status).toBe(202);
    expect((await mailsTo(t, owner.email!)).filter((mail) => mail.subject === 'Reset your password')).toHaveLength(MAX_RESET_MAILS_PER_HOUR);
  });

  it.each([
    ['a short password', { token: 'x', password: 'short' }, 'password'],
    ['no token', { password: NEW_PASSWORD }, 'token'],
    ['a token of 201 characters', { token: 'x'.repeat(201), password: NEW_PASSWORD }, 'token'],
  ])('refuses %s in the one error shape', async (_label, body, field) => {
    const t = await createTestApp();
    const error = await errorOf(await t.app.request('/api/auth/password-reset/confirm', json(body)));
    expect(error).toMatchObject({ status: 422, code: 'ValidationFailed' });
    expect(error.details!.fieldErrors).toHaveProperty(field);
  });
});

describe('e-mail addresses confirmed by a link', () => {
  const settings = async (t: TestApp, owner: TestUser) => (await t.app.request('/api/account', { headers: owner.auth })).json();
  const confirm = (t: TestApp, token: string) => t.app.request('/api/auth/confirm-email', json({ token }));

  it('confirms the address given at sign-up, once, signed in or not', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    expect(await settings(t, owner)).toMatchObject({ email: owner.email, emailConfirmed: false, pendingEmail: null });
    const token = await lastLinkTo(t, owner.email!, 'confirm-email');
    const response = await confirm(t, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: owner.email });
    expect(await settings(t, owner)).toMatchObject({ emailConfirmed: true });
    expect(await errorOf(await confirm(t, token))).toMatchObject({ status: 400, code: 'InvalidLink' });
  });

  it('sends the link again on request, and refuses once confirmed', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    expect((await t.app.request('/api/account/email/confirmation', { method: 'POST', headers: owner.auth })).status).toBe(202);
    expect((await mailsTo(t, owner.email!)).filter((mail) => mail.subject === 'Confirm your e-mail address')).toHaveLength(2);
    await confirm(t, await lastLinkTo(t, owner.email!, 'confirm-email'));
    expect((await t.app.request('/api/account/email/confirmation', { method: 'POST', headers: owner.auth })).status).toBe(409);
  });

  it('changes the address only when the link mailed to the new one is opened; links to the old address stop working', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const reset = await resetLink(t, owner.email!);
    const change = await t.app.request('/api/account/email', json({ email: 'New.Address@Example.com', password: PASSWORD }, owner.auth));
    expect(change.status).toBe(202);
    expect(await change.json()).toMatchObject({ email: owner.email, pendingEmail: 'new.address@example.com' });
    expect((await login(t, 'new.address@example.com', PASSWORD)).status, 'not yet').toBe(401);

    expect((await confirm(t, await lastLinkTo(t, 'new.address@example.com', 'confirm-email'))).status).toBe(200);
    expect(await settings(t, owner)).toMatchObject({ email: 'new.address@example.com', emailConfirmed: true, pendingEmail: null });
    expect((await login(t, 'new.address@example.com', PASSWORD)).status).toBe(200);
    expect((await login(t, owner.email!, PASSWORD)).status).toBe(401);
    expect(await errorOf(await confirmReset(t, reset)), 'the reset link sent to the old address').toMatchObject({ status: 400, code: 'InvalidLink' });
  });

  it('refuses an address in use, when asked and again when the link is opened', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const other = await signUp(t, 'Other');
    expect(await errorOf(await t.app.request('/api/account/email', json({ email: other.email, password: PASSWORD }, owner.auth)))).toMatchObject({
      status: 409,
      code: 'EmailTaken',
    });
    expect((await t.app.request('/api/account/email', json({ email: 'later@example.com', password: PASSWORD }, owner.auth))).status).toBe(202);
    const token = await lastLinkTo(t, 'later@example.com', 'confirm-email');
    await signUp(t, 'Quicker', 'later@example.com');
    expect(await errorOf(await confirm(t, token))).toMatchObject({ status: 409, code: 'EmailTaken' });
    expect(await settings(t, owner)).toMatchObject({ email: owner.email });
  });

  it.each<[string, (owner: TestUser) => Record<string, string>, string]>([
    ['a wrong password', () => ({ email: 'x@example.com', password: 'wrong' }), 'password'],
    ['the same address', (owner) => ({ email: owner.email!, password: PASSWORD }), 'email'],
    ['no address', () => ({ password: PASSWORD }), 'email'],
  ])('refuses a change with %s under its field', async (_label, body, field) => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const error = await errorOf(await t.app.request('/api/account/email', json(body(owner), owner.auth)));
    expect(error).toMatchObject({ status: 422, code: 'ValidationFailed' });
    expect(error.details!.fieldErrors).toHaveProperty(field);
  });
});

describe('password change and signing out everywhere', () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const other = await secondSession(t, owner);
    const wrong = await errorOf(await t.app.request('/api/account/password', json({ currentPassword: 'nope', newPassword: NEW_PASSWORD }, owner.auth)));
    expect(wrong).toMatchObject({ status: 422, details: { fieldErrors: { currentPassword: ['That is not your current password.'] } } });
    const short = await errorOf(await t.app.request('/api/account/password', json({ currentPassword: PASSWORD, newPassword: 'short' }, owner.auth)));
    expect(short.details!.fieldErrors).toHaveProperty('newPassword');
    expect(await statusWith(t, other), 'refusals end nothing').toBe(200);

    expect((await t.app.request('/api/account/password', json({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, owner.auth))).status).toBe(204);
    expect(await statusWith(t, owner.auth)).toBe(200);
    expect(await statusWith(t, other)).toBe(401);
    expect((await login(t, owner.email!, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a guest, who has no password', async () => {
    const t = await createTestApp();
    const visitor = await guest(t);
    expect((await t.app.request('/api/account/password', json({ currentPassword: 'x', newPassword: NEW_PASSWORD }, visitor.auth))).status).toBe(403);
  });

  it('signs out every session, this one too', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const other = await secondSession(t, owner);
    expect((await t.app.request('/api/auth/logout-everywhere', { method: 'POST', headers: owner.auth })).status).toBe(204);
    expect(await statusWith(t, owner.auth)).toBe(401);
    expect(await statusWith(t, other)).toBe(401);
    expect((await login(t, owner.email!, PASSWORD)).status).toBe(200);
  });
});
