import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import { findUserByEmail } from '../users/user.repository';
import { dropLinks } from './account-links';

export const EMAIL_TAKEN = 'An account with this e-mail already exists.';

/** Refuses an address another account uses. */
export async function requireFreeEmail(db: Db, email: string, userId: number): Promise<void> {
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== userId) throw new ApiError(409, 'EmailTaken', EMAIL_TAKEN);
}

/**
 * Applies an opened confirmation link: the account's own address is now confirmed, or the account changes to the
 * new address the link was sent to (links mailed before, to either address, stop working).
 */
export async function confirmEmail(db: Db, { userId, email }: { userId: number; email: string }): Promise<{ email: string }> {
  return db.transaction().execute(async (trx) => {
    await requireFreeEmail(trx, email, userId);
    const before = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    await trx.updateTable('user').set({ email, email_confirmed_at: new Date().toISOString() }).where('id', '=', userId).execute();
    if (before.email !== email) {
      await dropLinks(trx, userId, 'password-reset');
      await dropLinks(trx, userId, 'confirm-email');
    }
    return { email };
  });
}
