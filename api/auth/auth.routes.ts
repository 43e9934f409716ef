import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { freeToursAfterSignUp, guestFreeTours } from '../billing/free-tours';
import { ApiError, parseOr422, readJson } from '../errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { loginSchema, signupSchema, userUpdateSchema } from '../schema/auth-requests';
import { findUserByEmail, insertUser, userFromRow } from '../users/user.repository';
import { storedMeta } from '../users/user-meta';
import { requireUser } from './current-user';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';
import { Limiter, rateLimit } from '../rate-limit';
import { revokeSession, startSession } from './sessions';

/** Failed sign-ins to one account, from any address, before it is refused for the rest of the window. */
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 10;

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

  app.post('/auth/signup', attempts, async (c) => {
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

  app.post('/auth/login', attempts, async (c) => {
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
      await c.var.db.updateTable('user').set({ password_hash: await hashPassword(input.password) }).where('id', '=', row.id).execute();
    }
    return c.json({ user: userFromRow(row, await startSession(c.var.db, row.id, c.var.config.jwtSecret)) });
  });

  app.post('/auth/logout', async (c) => {
    requireUser(c);
    await revokeSession(c.var.db, c.var.sessionId!);
    return c.body(null, 204);
  });

  app.post('/auth/guest', attempts, async (c) => {
    const row = await insertUser(c.var.db, { email: null, name: 'Guest', password_hash: null, type: 'guest', free_tours_remaining: guestFreeTours(c.var.config) });
    return c.json({ user: userFromRow(row, await startSession(c.var.db, row.id, c.var.config.jwtSecret)) }, 201);
  });

  app.get('/status/user', (c) => {
    const user = requireUser(c);
    return c.json(userFromRow(user, c.var.token!));
  });

  app.post('/users/:id', async (c) => {
    const user = requireUser(c);
    if (c.req.param('id') !== String(user.id)) throw new ApiError(403, 'Forbidden', 'You can only change your own account.');
    const input = parseOr422(userUpdateSchema, await readJson(c));
    const meta = input.meta ? storedMeta(input.meta) : undefined;
    const changes = { ...(input.name ? { name: input.name } : {}), ...(input.picture !== undefined ? { picture: input.picture } : {}), ...(meta ? { meta } : {}) };
    // A body with nothing this account stores (empty, or only fields it ignores) changes nothing.
    if (Object.keys(changes).length === 0) return c.json(userFromRow(user, c.var.token!));
    // The picture as it was when replaced, not as the request first read it: of two changes racing, each removes its own.
    const { row, formerPicture } = await c.var.db.transaction().execute(async (trx) => {
      const former = await trx.selectFrom('user').select('picture').where('id', '=', user.id).executeTakeFirstOrThrow();
      const updated = await trx
        .updateTable('user')
        .set(changes)
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, formerPicture: former.picture };
    });
    // The old picture's file goes unless another row (a tour, the library) shows it.
    await removeUnreferencedFiles(c.var.db, c.var.media, [formerPicture], [row.picture]);
    return c.json(userFromRow(row, c.var.token!));
  });

  return app;
}
