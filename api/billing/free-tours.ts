import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import { UNPUBLISHED_TYPES } from '../schema/tour';
import { setTourType } from '../tours/tour.repository';

/** A guest may publish one tour for free before signing up. */
const GUEST_FREE_TOURS = 1;

export function guestFreeTours(config: Config): number {
  return Math.min(GUEST_FREE_TOURS, config.freeToursPerUser);
}

/** The count a guest keeps on signing up: the sign-up allotment less the free tours already used as a guest. */
export function freeToursAfterSignUp(config: Config): RawBuilder<number> {
  return sql<number>`free_tours_remaining + ${config.freeToursPerUser - guestFreeTours(config)}`;
}

export const NO_FREE_TOURS_LEFT = 'You have used all your free tours. Pay for this tour or upgrade to Pro Plus to publish it.';

/**
 * Publishes an unpublished tour as `free`, spending one of the owner's free tours. Both writes are conditional and
 * in one transaction, so two requests racing for the last free tour (on one instance or several) cannot both win.
 */
export async function useFreeTour(db: Db, tourId: number, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const published = await setTourType(trx, { id: tourId }, 'free', UNPUBLISHED_TYPES);
    if (!published) throw new ApiError(409, 'Conflict', 'This tour is already published.');
    const spent = await trx
      .updateTable('user')
      .set({ free_tours_remaining: sql`free_tours_remaining - 1` })
      .where('id', '=', userId)
      .where('free_tours_remaining', '>', 0)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) throw new ApiError(409, 'NoFreeToursLeft', NO_FREE_TOURS_LEFT);
  });
}
