import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { brandDefaultsSchema, type BrandDefaults } from '../schema/account';
import { tourInputSchema } from '../schema/tour';
import { recordTeamChange } from '../teams/team-history';
import { tourDataOf, writeTourData } from '../tours/tour.repository';

/** The brand the owner's new tours start with; an account that never set one has the tour defaults. */
export function brandOf(user: Pick<UserRow, 'brand'>): BrandDefaults {
  return brandDefaultsSchema.parse(JSON.parse(user.brand));
}

export async function saveBrand(db: Db, userId: number, brand: BrandDefaults): Promise<void> {
  await db
    .updateTable('user')
    .set({ brand: JSON.stringify(brand) })
    .where('id', '=', userId)
    .execute();
}

/**
 * Gives every tour the owner owns the account's brand, in one transaction: each tour is a new revision (an editor
 * open on it gets the usual 409 and reloads), and a team tour's history says so. Answers how many tours changed.
 */
export function applyBrandToAllTours(db: Db, userId: number, brand: BrandDefaults): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tours = await tourDataOf(trx, userId);
    for (const tour of tours) {
      const input = { ...tourInputSchema.parse(JSON.parse(tour.data)), ...brand };
      // Read in this transaction, the revision cannot have moved: the write always lands.
      await writeTourData(trx, tour.id, input, tour.revision);
      await recordTeamChange(trx, tour.id, userId, { type: 'brand', currentValue: 'the account brand applied' });
    }
    return tours.length;
  });
}
