import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/tables';
import { ApiError } from '../errors';
import { findUserById } from '../users/user.repository';
import { verifyUserToken } from './token';

/**
 * Reads `Authorization: JWT <token>`. No header: an anonymous request. A header with a bad, expired or
 * orphaned token: 401, so the client knows its sign-in is gone rather than silently seeing less.
 */
export const currentUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('Authorization');
  if (header) {
    const match = /^(?:JWT|Bearer) (.+)$/.exec(header);
    const userId = match ? await verifyUserToken(match[1], c.var.config.jwtSecret) : undefined;
    const user = userId === undefined ? undefined : await findUserById(c.var.db, userId);
    if (!user) throw new ApiError(401, 'Unauthorized', 'Your sign-in has expired. Please sign in again.');
    c.set('user', user);
    c.set('token', match![1]);
  }
  await next();
};

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.var.user;
  if (!user) throw new ApiError(401, 'Unauthorized', 'Please sign in.');
  return user;
}
