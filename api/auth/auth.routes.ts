import { Hono } from 'hono';
import { join } from 'node:path';
import type { AppEnv } from '../app-env';
import { ApiError, parseOr422, readJson } from '../errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { loginSchema, signupSchema, userUpdateSchema } from '../schema/auth-requests';
import { findUserByEmail, insertUser, userFromRow } from '../users/user.repository';
import { requireUser } from './current-user';
import { hashPassword, verifyPassword } from './password-hash';
import { rateLimit } from '../rate-limit';
import { signUserToken } from './token';

export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const attempts = rateLimit({ max: 20, windowMs: 60_000 });

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
          .set({ email, name: input.name, password_hash: passwordHash, type: '1' })
          .where('id', '=', guest.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await insertUser(c.var.db, { email, name: input.name, password_hash: passwordHash, type: '1' });
    return c.json({ user: userFromRow(row, await signUserToken(row.id, c.var.config.jwtSecret)) }, 201);
  });

  app.post('/auth/login', attempts, async (c) => {
    const input = parseOr422(loginSchema, await readJson(c));
    const row = await findUserByEmail(c.var.db, input.email);
    if (!row || !(await verifyPassword(input.password, row.password_hash))) {
      throw new ApiError(401, 'InvalidCredentials', 'The e-mail or password is not right.');
    }
    return c.json({ user: userFromRow(row, await signUserToken(row.id, c.var.config.jwtSecret)) });
  });

  app.post('/auth/guest', attempts, async (c) => {
    const row = await insertUser(c.var.db, { email: null, name: 'Guest', password_hash: null, type: 'guest' });
    return c.json({ user: userFromRow(row, await signUserToken(row.id, c.var.config.jwtSecret)) }, 201);
  });

  app.get('/status/user', (c) => {
    const user = requireUser(c);
    return c.json(userFromRow(user, c.var.token!));
  });

  app.post('/users/:id', async (c) => {
    const user = requireUser(c);
    if (c.req.param('id') !== String(user.id)) throw new ApiError(403, 'Forbidden', 'You can only change your own account.');
    const input = parseOr422(userUpdateSchema, await readJson(c));
    const meta = input.meta ? JSON.stringify(input.meta) : undefined;
    // The picture as it was when replaced, not as the request first read it: of two changes racing, each removes its own.
    const { row, formerPicture } = await c.var.db.transaction().execute(async (trx) => {
      const former = await trx.selectFrom('user').select('picture').where('id', '=', user.id).executeTakeFirstOrThrow();
      const updated = await trx
        .updateTable('user')
        .set({ ...(input.name ? { name: input.name } : {}), ...(input.picture !== undefined ? { picture: input.picture } : {}), ...(meta ? { meta } : {}) })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, formerPicture: former.picture };
    });
    // The old picture's file goes unless another row (a tour, the library) shows it.
    await removeUnreferencedFiles(c.var.db, join(c.var.config.dataDir, 'media'), [formerPicture], [row.picture]);
    return c.json(userFromRow(row, c.var.token!));
  });

  return app;
}
