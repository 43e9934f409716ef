import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { signUserToken, tokenExpiry } from './token';

/** Opens a session for the user and answers its token. The user's expired sessions are cleared on the way. */
export async function startSession(db: Db, userId: number, secret: string): Promise<string> {
  const sessionId = randomUUID();
  const expiresAt = tokenExpiry();
  await db.deleteFrom('session').where('user_id', '=', userId).where('expires_at', '<=', new Date().toISOString()).execute();
  await db.insertInto('session').values({ id: sessionId, user_id: userId, expires_at: expiresAt.toISOString() }).execute();
  return signUserToken({ userId, sessionId }, expiresAt, secret);
}

export async function isSessionActive(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('session')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return !!row;
}

/** Ends one session (sign-out): its token is refused from now on. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

/**
 * Ends every session of the user (password change or reset, "sign out everywhere"), except `keep`: the session
 * that made the change stays signed in.
 */
export async function revokeAllSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('session').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}
