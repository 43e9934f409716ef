import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { freeToursAfterSignUp, guestFreeTours } from '../billing/free-tours';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { linkTokenSchema, passwordResetRequestSchema, passwordResetSchema } from '../schema/account';
import { loginSchema, signupSchema, type LoginAnswer } from '../schema/auth-requests';
import type { UserRow } from '../db/tables';
import type { User } from '../schema/user';
import { findUserByEmail, insertUser, userFromRow } from '../users/user.repository';
import { requireUser } from './current-user';
import { moveGuestWork } from './guest-merge';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';
import { Limiter, rateLimit, waitInWords } from '../http/rate-limit';
import { revokeAllSessions, revokeSession, startSession } from './sessions';
import { dropLinks, useLink } from '../account/account-links';
import { mailEmailConfirmation, mailPasswordReset } from '../account/account-mails';
import { confirmEmail } from '../account/email-change';

/** Failed sign-ins to one account, from any address, before it is refused for the rest of the window. */
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 10;

// Guessing one account's password from many addresses is limited here; the limit per address cannot see it.
const accountFailures = new Limiter({
  name: 'sign-in-failures',
  max: MAX_FAILED_SIGN_INS_PER_ACCOUNT,
  windowMs: 15 * 60_000,
  message: (seconds) => `Too many failed sign-ins for this account. Try again in ${waitInWords(seconds)}, or reset your password.`,
});

/** The answer of a sign-in, sign-up or reset: the user with the token of a new session. */
async function signedIn(c: Context<AppEnv>, row: UserRow): Promise<{ user: User }> {
  return { user: userFromRow(row, await startSession(c.get('db'), row.id, c.get('config').jwtSecret)) };
}

/** `/auth`: sign-up, sign-in, sign-out, guest accounts, password reset and the confirmation of addresses. */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const attempts = rateLimit({ max: 20, windowMs: 60_000 });

  app.post('/signup', attempts, async (c) => {
    const input = parseOr422(signupSchema, await readJson(c));
    const email = input.email.toLowerCase();
    if (await findUserByEmail(c.get('db'), email)) throw new ApiError(409, 'EmailTaken', 'An account with this e-mail already exists.');
    const passwordHash = await hashPassword(input.password);
    const guest = c.get('user')?.type === 'guest' ? c.get('user') : undefined;
    // A guest who signs up becomes that account, so the tours made as a guest stay theirs.
    const row = guest
      ? await c
          .get('db')
          .updateTable('user')
          .set({ email, name: input.name, password_hash: passwordHash, type: '1', free_tours_remaining: freeToursAfterSignUp(c.get('config')) })
          .where('id', '=', guest.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await insertUser(c.get('db'), {
          email,
          name: input.name,
          password_hash: passwordHash,
          type: '1',
          free_tours_remaining: c.get('config').freeToursPerUser,
        });
    await mailEmailConfirmation(c, row, email);
    return c.json(await signedIn(c, row), 201);
  });

  app.post('/login', attempts, async (c) => {
    const input = parseOr422(loginSchema, await readJson(c));
    const email = input.email.toLowerCase();
    // Counted by e-mail, known or not, so the limit does not tell which addresses have accounts either. Every try
    // is counted before its password is checked, so tries sent together cannot all be checked before any counts.
    await accountFailures.hit(c, email);
    const row = await findUserByEmail(c.get('db'), email);
    const valid = row?.password_hash ? await verifyPassword(input.password, row.password_hash) : await verifyAgainstDummy(input.password);
    if (!row || !valid) throw new ApiError(401, 'InvalidCredentials', 'The e-mail or password is not right.');
    // The right password gives its own count back and forgets the failures before it.
    await accountFailures.reset(c, email);
    if (needsRehash(row.password_hash!)) {
      await c
        .get('db')
        .updateTable('user')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', row.id)
        .execute();
    }
    const movedTours = await moveGuestWork(c.get('db'), input.guestToken, row.id, c.get('config').jwtSecret);
    const answer: LoginAnswer = { ...(await signedIn(c, row)), movedTours };
    return c.json(answer);
  });

  app.post('/logout', async (c) => {
    requireUser(c);
    await revokeSession(c.get('db'), c.get('sessionId')!);
    return c.body(null, 204);
  });

  app.post('/guest', attempts, async (c) => {
    const row = await insertUser(c.get('db'), {
      email: null,
      name: 'Guest',
      password_hash: null,
      type: 'guest',
      free_tours_remaining: guestFreeTours(c.get('config')),
    });
    return c.json(await signedIn(c, row), 201);
  });

  app.post('/logout-everywhere', async (c) => {
    const user = requireUser(c);
    await revokeAllSessions(c.get('db'), user.id);
    return c.body(null, 204);
  });

  // The same answer whether or not an account uses the address, so the form tells nobody who has one.
  app.post('/password-reset', attempts, async (c) => {
    const { email } = parseOr422(passwordResetRequestSchema, await readJson(c));
    const row = await findUserByEmail(c.get('db'), email);
    if (row?.email && row.type !== 'guest') await mailPasswordReset(c, row);
    return c.json({ sent: true }, 202);
  });

  // Works however many sign-ins failed: the link proves the address, and clears that count.
  app.post('/password-reset/confirm', attempts, async (c) => {
    const input = parseOr422(passwordResetSchema, await readJson(c));
    const { userId, email } = await useLink(c.get('db'), input.token, 'password-reset');
    const passwordHash = await hashPassword(input.password);
    const row = await c
      .get('db')
      .transaction()
      .execute(async (trx) => {
        // Opening the mailed link proves the address too (a change of address drops the reset links sent before).
        const updated = await trx
          .updateTable('user')
          .set((eb) => ({
            password_hash: passwordHash,
            email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(new Date().toISOString())),
          }))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await revokeAllSessions(trx, userId);
        await dropLinks(trx, userId, 'password-reset');
        return updated;
      });
    await accountFailures.reset(c, email);
    return c.json(await signedIn(c, row));
  });

  app.post('/confirm-email', attempts, async (c) => {
    const { token } = parseOr422(linkTokenSchema, await readJson(c));
    return c.json(await confirmEmail(c.get('db'), await useLink(c.get('db'), token, 'confirm-email')));
  });

  return app;
}
