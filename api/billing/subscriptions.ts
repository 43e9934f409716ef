import type Stripe from 'stripe';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { idOf } from './stripe-client';

/** Subscription statuses that give Pro Plus. */
const GRANTING = new Set(['active', 'trialing']);
/**
 * Statuses that leave the owner's type as it is: a failed renewal keeps Pro Plus while Stripe retries, and a first
 * payment still under way has not given it yet.
 */
const KEEPING = new Set(['past_due', 'incomplete']);
/** Statuses in which the owner still holds a subscription to pay or cancel. */
const LIVE = new Set(['active', 'trialing', 'past_due']);

export function hasLiveSubscription(user: Pick<UserRow, 'subscription_status'>): boolean {
  return LIVE.has(user.subscription_status ?? '');
}

export function findUserByCustomer(db: Db, customerId: string | null): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .selectAll()
    .where('stripe_customer_id', '=', customerId ?? '')
    .executeTakeFirst();
}

/**
 * Applies what Stripe says of a Pro Plus subscription to its owner (found by the Stripe customer this server made
 * for them): type 2 while it is active, back to 1 when it ends. Rows are not touched for a customer this server
 * does not know, nor for news older than what it already holds: an ended subscription never comes back, and the
 * end of an old one does not cancel a newer live one.
 */
export async function applySubscription(trx: Db, subscription: Stripe.Subscription, deleted: boolean): Promise<UserRow | undefined> {
  const user = await findUserByCustomer(trx, idOf(subscription.customer));
  if (!user) return undefined;
  const status = deleted ? 'canceled' : subscription.status;
  const sameSubscription = user.stripe_subscription_id === subscription.id;
  if (sameSubscription && user.subscription_status === 'canceled') return undefined;
  if (!sameSubscription && hasLiveSubscription(user) && !LIVE.has(status)) return undefined;
  const type = GRANTING.has(status) ? '2' : KEEPING.has(status) ? user.type : '1';
  await trx.updateTable('user').set({ type, stripe_subscription_id: subscription.id, subscription_status: status }).where('id', '=', user.id).execute();
  return user;
}
