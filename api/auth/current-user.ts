import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { ApiError } from '../http/errors';
import { findUserById } from '../users/user.repository';
import { isSessionActive } from './sessions';
import { verifyUserToken } from './token';

/**
 * Reads `Authorization: JWT <token>`. No header: an anonymous request. A header with a bad, expired, orphaned or
 * signed-out token: 401, so the client knows its sign-in is gone rather than silently seeing less.
 */
export const currentUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('Authorization');
  if (header) {
    const match = /^(?:JWT|Bearer) (.+)$/.exec(header);
    const signedIn = match ? await signedInWith(c.get('db'), match[1], c.get('config').jwtSecret) : undefined;
    if (!signedIn) throw new ApiError(401, 'Unauthorized', 'Your sign-in has expired. Please sign in again.');
    c.set('user', signedIn.user);
    c.set('token', match![1]);
    c.set('sessionId', signedIn.sessionId);
  }
  await next();
};

/** The user and session of a sign-in token, or undefined when it is forged, expired, signed out or names nobody. */
export async function signedInWith(db: Db, token: string, secret: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const claims = await verifyUserToken(token, secret);
  if (!claims || !(await isSessionActive(db, claims.userId, claims.sessionId))) return undefined;
  const user = await findUserById(db, claims.userId);
  return user && { user, sessionId: claims.sessionId };
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'Unauthorized', 'Please sign in.');
  return user;
}

export const ACCOUNT_REQUIRED = 'Paying by card needs an account with an e-mail address: sign up first (your tours stay yours).';

/** Card payments and Pro Plus are for accounts: a guest has no e-mail for receipts, refunds or a failed renewal. */
export function requireAccount(c: Context<AppEnv>): UserRow {
  const user = requireUser(c);
  if (user.type === 'guest' || !user.email) throw new ApiError(403, 'AccountRequired', ACCOUNT_REQUIRED);
  return user;
}
