import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { AccountLinkPurpose } from '../db/tables';
import { ApiError } from '../http/errors';

/** A reset link is a key to the account: short-lived. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60_000;
/** Confirming an address only proves the mail arrived: a week leaves time to get to it. */
export const CONFIRM_EMAIL_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Reset mails one account gets an hour, so nobody can flood an inbox through the form. */
export const MAX_RESET_MAILS_PER_HOUR = 5;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a one-time link token for the account and keeps its hash; the token itself goes only into the mail. */
export async function issueLink(db: Db, userId: number, purpose: AccountLinkPurpose, email: string, lifetimeMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('account_link')
    .values({
      id: hashOf(token),
      user_id: userId,
      purpose,
      email,
      expires_at: new Date(now + lifetimeMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/** How many links of this purpose the account was sent since `since`. */
export async function linksSentSince(db: Db, userId: number, purpose: AccountLinkPurpose, since: Date): Promise<number> {
  const { count } = await db
    .selectFrom('account_link')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(count);
}

const invalid = (message: string) => new ApiError(400, 'InvalidLink', message);

/**
 * Uses a link once: answers the account and address it names, or refuses a forged, expired or used one with a
 * sentence saying which. The use is a conditional update, so of two uses racing only one wins.
 */
export async function useLink(db: Db, token: string, purpose: AccountLinkPurpose): Promise<{ userId: number; email: string }> {
  const id = hashOf(token);
  const now = new Date().toISOString();
  const link = await db.selectFrom('account_link').selectAll().where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst();
  if (!link) throw invalid('This link is not valid. Copy the whole link from the e-mail, or ask for a new one.');
  if (link.used_at) throw invalid('This link was already used. Ask for a new one if you need it again.');
  if (link.expires_at <= now) throw invalid('This link has expired. Ask for a new one.');
  const used = await db.updateTable('account_link').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid('This link was already used. Ask for a new one if you need it again.');
  return { userId: link.user_id, email: link.email };
}

/** Makes every unused link of this purpose worthless (a reset done, an address changed). */
export async function dropLinks(db: Db, userId: number, purpose: AccountLinkPurpose): Promise<void> {
  await db.deleteFrom('account_link').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}
