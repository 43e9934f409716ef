import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { userUpdateSchema } from '../schema/auth-requests';
import { userFromRow } from './user.repository';
import { storedMeta } from './user-meta';

/** `/status/user`: who the caller's token signs in. */
export function userStatusRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/user', (c) => {
    const user = requireUser(c);
    return c.json(userFromRow(user, c.get('token')!));
  });
}

/** `/users/:id`: the signed-in user changes their own name, picture and settings. */
export function usersRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/:id', async (c) => {
    const user = requireUser(c);
    if (c.req.param('id') !== String(user.id)) throw new ApiError(403, 'Forbidden', 'You can only change your own account.');
    const input = parseOr422(userUpdateSchema, await readJson(c));
    const meta = input.meta ? storedMeta(input.meta) : undefined;
    const changes = {
      ...(input.name ? { name: input.name } : {}),
      ...(input.picture !== undefined ? { picture: input.picture } : {}),
      ...(meta ? { meta } : {}),
    };
    // A body with nothing this account stores (empty, or only fields it ignores) changes nothing.
    if (Object.keys(changes).length === 0) return c.json(userFromRow(user, c.get('token')!));
    // The picture as it was when replaced, not as the request first read it: of two changes racing, each removes its own.
    const { row, formerPicture } = await c
      .get('db')
      .transaction()
      .execute(async (trx) => {
        const former = await trx.selectFrom('user').select('picture').where('id', '=', user.id).executeTakeFirstOrThrow();
        const updated = await trx.updateTable('user').set(changes).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
        return { row: updated, formerPicture: former.picture };
      });
    // The old picture's file goes unless another row (a tour, the library) shows it.
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), [formerPicture], [row.picture]);
    return c.json(userFromRow(row, c.get('token')!));
  });
}
