import type { Db } from '../db/database';
import { signedInWith } from './current-user';

/**
 * Hands a guest's work to the account that just signed in from the guest's session: the tours the guest owns,
 * their library and inbox, then removes the guest (its sessions go with it). Only a token of a live guest session
 * counts: a forged, expired or signed-out one, or one of a real account, moves nothing. Answers how many tours moved.
 */
export async function moveGuestWork(db: Db, guestToken: string | undefined, accountId: number, secret: string): Promise<number> {
  const signedIn = guestToken ? await signedInWith(db, guestToken, secret) : undefined;
  const guest = signedIn?.user;
  if (!guest || guest.type !== 'guest' || guest.id === accountId) return 0;
  return db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('tour').set({ user_id: accountId }).where('user_id', '=', guest.id).executeTakeFirst();
    await trx.updateTable('asset').set({ user_id: accountId }).where('user_id', '=', guest.id).execute();
    await trx.updateTable('notification').set({ user_id: accountId }).where('user_id', '=', guest.id).execute();
    await trx.deleteFrom('user').where('id', '=', guest.id).execute();
    return Number(moved.numUpdatedRows);
  });
}
