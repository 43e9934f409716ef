import type Stripe from 'stripe';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { mailLink } from '../mail/mail-link';
import type { Mail } from '../mail/mailer';
import { idOf } from './stripe-client';
import { applySubscription, findUserByCustomer } from './subscriptions';
import { recordRefund, recordTourPayment } from './tour-payments';

export type EventOutcome = 'handled' | 'ignored' | 'duplicate';

/**
 * Handles one verified Stripe event, once: its id is stored in the same transaction as what it changes, so a
 * replay changes nothing and a failure leaves it for Stripe's next delivery. Events about objects this server did
 * not make (another tour's metadata, an unknown customer) are recorded and ignored. `tourPrice` says whether a
 * completed one-tour Checkout session charged the tour's price (chargesTourPrice); one that did not is ignored.
 * Mails to send once it is committed are returned.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, config: Config, tourPrice = false): Promise<{ outcome: EventOutcome; mails: Mail[] }> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('stripe_event')
      .values({ id: event.id, type: event.type, handled_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return { outcome: 'duplicate' as const, mails: [] };
    const mails: Mail[] = [];
    const handled = await apply(trx, event, mails, config, tourPrice);
    return { outcome: handled ? ('handled' as const) : ('ignored' as const), mails };
  });
}

async function apply(trx: Db, event: Stripe.Event, mails: Mail[], config: Config, tourPrice: boolean): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription') return recordSubscriptionCheckout(trx, session, event.id);
      return (await recordTourPayment(trx, session, event.id, tourPrice)) === 'paid';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return !!(await applySubscription(trx, event.data.object, event.type === 'customer.subscription.deleted'));
    case 'charge.refunded': {
      const refunded = await recordRefund(trx, event.data.object);
      if (!refunded) return false;
      const owner = await trx.selectFrom('user').select(['email', 'name']).where('id', '=', refunded.userId).executeTakeFirst();
      if (owner?.email) {
        mails.push({
          to: owner.email,
          userId: refunded.userId,
          subject: `Your payment for "${refunded.title || refunded.shortId}" was refunded`,
          text: `Hello ${owner.name},\n\nthe payment for your tour "${refunded.title || refunded.shortId}" was refunded, so the tour is locked again: visitors no longer see it. To publish it again, open it in the editor: ${mailLink(config, `/tours/${refunded.shortId}/edit`)}\n`,
        });
      }
      return true;
    }
    case 'invoice.payment_failed': {
      const owner = await findUserByCustomer(trx, idOf(event.data.object.customer));
      if (!owner?.email) return false;
      mails.push({
        to: owner.email,
        userId: owner.id,
        subject: 'Your Pro Plus payment did not go through',
        text: `Hello ${owner.name},\n\nthe payment for your Pro Plus renewal failed. Pro Plus stays on while the payment is tried again; please check your card under "Manage subscription" in the user menu (${mailLink(config, '/dashboard')}). If no payment succeeds, the subscription ends and your tours lock again.\n`,
      });
      return true;
    }
    default:
      return false;
  }
}

/** A finished Pro Plus Checkout: the payment is recorded; the type itself follows the subscription's own events. */
async function recordSubscriptionCheckout(trx: Db, session: Stripe.Checkout.Session, eventId: string): Promise<boolean> {
  const owner = await findUserByCustomer(trx, idOf(session.customer));
  if (!owner || session.metadata?.userId !== String(owner.id) || session.payment_status !== 'paid') return false;
  await trx
    .insertInto('payment')
    .values({
      tour_id: null,
      user_id: owner.id,
      kind: 'subscription',
      amount: session.amount_total ?? 0,
      currency: session.currency ?? '',
      checkout_session_id: session.id,
      payment_intent_id: null,
      subscription_id: idOf(session.subscription),
      event_id: eventId,
      status: 'paid',
    })
    .onConflict((conflict) => conflict.column('checkout_session_id').doNothing())
    .execute();
  return true;
}
