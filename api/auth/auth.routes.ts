import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { freeToursAfterSignUp, guestFreeTours } from '../billing/free-tours';
import { ApiError, parseOr422, readJson } from '../errors';
import { loginSchema, signupSchema, type LoginAnswer } from '../schema/auth-requests';
import { findUserByEmail, insertUser, userFromRow } from '../users/user.repository';
import { requireUser } from './current-user';
import { moveGuestWork } from './guest-merge';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';
import { Limiter, rateLimit } from '../rate-limit';
import { revokeSession, startSession } from './sessions';

/** Failed sign-ins to one account, from any address, before it is refused for the rest of the window. */
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 10;

/** `/auth`: sign-up, sign-in, sign-out and guest accounts. */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const attempts = rateLimit({ max: 20, windowMs: 60_000 });
  // Guessing one account's password from many addresses is limited here; the address limit above cannot see it.
  const accountFailures = new Limiter({
    name: 'sign-in-failures',
    max: MAX_FAILED_SIGN_INS_PER_ACCOUNT,
    windowMs: 15 * 60_000,
    message: 'Too many failed sign-ins for this account. Please wait and try again.',
  });

  app.post('/signup', attempts, async (c) => {
    const input = parseOr422(signupSchema, await readJson(c));
    const email = input.email.toLowerCase();
    if (await findUserByEmail(c.var.db, email)) throw new ApiError(409, 'EmailTaken', 'An account with this e-mail already exists.');
    const passwordHash = await hashPassword(input.password);
    const guest = c.var.user?.type === 'guest' ? c.var.user : undefined;
    // A guest who signs up becomes that account, so the tours made as a guest stay theirs.
    const row = guest
      ? await c.var.db
          .updateTable('user')
          .set({ email, name: input.name, password_hash: passwordHash, type: '1', free_tours_remaining: freeToursAfterSignUp(c.var.config) })
          .where('id', '=', guest.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await insertUser(c.var.db, { email, name: input.name, password_hash: passwordHash, type: '1', free_tours_remaining: c.var.config.freeToursPerUser });
    return c.json({ user: userFromRow(row, await startSession(c.var.db, row.id, c.var.config.jwtSecret)) }, 201);
  });

  app.post('/login', attempts, async (c) => {
    const input = parseOr422(loginSchema, await readJson(c));
    const email = input.email.toLowerCase();
    // Counted by e-mail, known or not, so the limit does not tell which addresses have accounts either.
    await accountFailures.check(c, email);
    const row = await findUserByEmail(c.var.db, email);
    const valid = row?.password_hash ? await verifyPassword(input.password, row.password_hash) : await verifyAgainstDummy(input.password);
    if (!row || !valid) {
      await accountFailures.count(c, email);
      throw new ApiError(401, 'InvalidCredentials', 'The e-mail or password is not right.');
    }
    await accountFailures.reset(c, email);
    if (needsRehash(row.password_hash!)) {
      await c.var.db
        .updateTable('user')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', row.id)
        .execute();
    }
    const movedTours = await moveGuestWork(c.var.db, input.guestToken, row.id, c.var.config.jwtSecret);
    const answer: LoginAnswer = { user: userFromRow(row, await startSession(c.var.db, row.id, c.var.config.jwtSecret)), movedTours };
    return c.json(answer);
  });

  app.post('/logout', async (c) => {
    requireUser(c);
    await revokeSession(c.var.db, c.var.sessionId!);
    return c.body(null, 204);
  });

  app.post('/guest', attempts, async (c) => {
    const row = await insertUser(c.var.db, {
      email: null,
      name: 'Guest',
      password_hash: null,
      type: 'guest',
      free_tours_remaining: guestFreeTours(c.var.config),
    });
    return c.json({ user: userFromRow(row, await startSession(c.var.db, row.id, c.var.config.jwtSecret)) }, 201);
  });

  return app;
}
