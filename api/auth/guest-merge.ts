import type { Db } from '../db/database';
import { signedInWith } from './current-user';
import { moveTours } from '../tours/tour.repository';

/**
 * Hands a guest's work to the account that just signed in from the guest's session: the tours the guest owns,
 * their library and inbox, then removes the guest (its sessions go with it). Only a token of a live guest session
 * counts: a forged, expired or signed-out one, or one of a real account, moves nothing. The guest's tours published
 * free are spent from the account's free tours (never below zero; they stay published), or a new guest each time
 * would publish free tours without end. Answers how many tours moved.
 */
export async function moveGuestWork(db: Db, guestToken: string | undefined, accountId: number, secret: string): Promise<number> {
  const signedIn = guestToken ? await signedInWith(db, guestToken, secret) : undefined;
  const guest = signedIn?.user;
  if (!guest || guest.type !== 'guest' || guest.id === accountId) return 0;
  return db.transaction().execute(async (trx) => {
    const moved = await moveTours(trx, guest.id, accountId);
    const freeTours = moved.filter((type) => type === 'free').length;
    if (freeTours > 0) {
      await trx
        .updateTable('user')
        .set((eb) => ({
          free_tours_remaining: eb
            .case()
            .when('free_tours_remaining', '>', freeTours)
            .then(eb('free_tours_remaining', '-', freeTours))
            .else(0)
            .end(),
        }))
        .where('id', '=', accountId)
        .execute();
    }
    await trx.updateTable('asset').set({ user_id: accountId }).where('user_id', '=', guest.id).execute();
    await trx.updateTable('notification').set({ user_id: accountId }).where('user_id', '=', guest.id).execute();
    await trx.deleteFrom('user').where('id', '=', guest.id).execute();
    return moved.length;
  });
}
