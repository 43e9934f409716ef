import type Stripe from 'stripe';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { ApiError } from '../http/errors';
import { askStripe, requirePayments, type Payments } from '../billing/stripe-client';
import { hasLiveSubscription } from '../billing/subscriptions';
import type { AccountDeletionList } from '../schema/account';
import { AMBIENCE_ASSET_TYPE } from '../schema/media';
import { deleteToursOf } from '../tours/tour.repository';

/** Teams the account owns, which go with it (their rows cascade with their owner): listed so the owner sees them first. */
function ownedTeams(db: Db, userId: number): Promise<AccountDeletionList['teams']> {
  return db.selectFrom('team').select(['id', 'name']).where('owner_id', '=', userId).orderBy('id').execute();
}

/** What deleting the account removes and what stays, as the owner is shown it before confirming. */
export async function listAccountDeletion(db: Db, user: UserRow): Promise<AccountDeletionList> {
  const [tours, assets, payments, teams] = await Promise.all([
    db.selectFrom('tour').select(['short_id', 'list_title']).where('user_id', '=', user.id).orderBy('id').execute(),
    db
      .selectFrom('asset')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('asset_type', '=', AMBIENCE_ASSET_TYPE).then(1).else(0).end()).as('sounds'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    ownedTeams(db, user.id),
  ]);
  return {
    tours: tours.map((tour) => ({ shortId: tour.short_id, title: tour.list_title })),
    libraryPictures: Number(assets.all) - Number(assets.sounds ?? 0),
    librarySounds: Number(assets.sounds ?? 0),
    teams,
    cancelsSubscription: hasLiveSubscription(user),
    paymentsKept: Number(payments.count),
  };
}

const SUBSCRIPTION_GONE = new ApiError(404, 'NotFound', 'The subscription is already gone.');

/** Cancels the account's live Pro Plus subscription at once, so nothing is charged after the account is gone. */
export async function cancelSubscription(payments: Payments | undefined, user: UserRow): Promise<void> {
  if (!hasLiveSubscription(user) || !user.stripe_subscription_id) return;
  const { stripe } = requirePayments(payments);
  const id = user.stripe_subscription_id;
  try {
    await askStripe<Stripe.Subscription>(() => stripe.subscriptions.cancel(id), SUBSCRIPTION_GONE);
  } catch (err) {
    if (err !== SUBSCRIPTION_GONE) throw err;
  }
}

/**
 * Removes the account with its tours (their floor plans, leads, showing requests and inbox entries go with them),
 * library, sessions and settings, in one transaction. Payment records stay, no longer linked to anyone. Answers the
 * removed tours' ids (their live rooms end) and what the rows named (files no other row names may go).
 */
export function deleteAccount(db: Db, userId: number): Promise<{ tourIds: number[]; named: string[] }> {
  return db.transaction().execute(async (trx) => {
    const plans = await trx
      .selectFrom('floorplan')
      .innerJoin('tour', 'tour.id', 'floorplan.tour_id')
      .select(['floorplan.url', 'floorplan.thumb_url'])
      .where('tour.user_id', '=', userId)
      .execute();
    const assets = await trx.selectFrom('asset').select(['url', 'thumb_url']).where('user_id', '=', userId).execute();
    const tours = await deleteToursOf(trx, userId);
    const user = await trx.deleteFrom('user').where('id', '=', userId).returning('picture').executeTakeFirstOrThrow();
    const named = [...tours.map((tour) => tour.data), ...[...plans, ...assets].flatMap((row) => [row.url, row.thumb_url]), user.picture];
    return { tourIds: tours.map((tour) => tour.id), named };
  });
}
