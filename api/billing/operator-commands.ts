import type { Db } from '../db/database';
import { findUserByEmail } from '../users/user.repository';
import { hasLiveSubscription } from './subscriptions';
import type { TourType } from '../schema/tour';
import { setTourType } from '../tours/tour.repository';

export const OPERATOR_USAGE = `Usage:
  npm run admin -- plan <email> pro-plus|basic     make an account Pro Plus, or basic again
  npm run admin -- tour <shortId> paid|free|locked  set a tour's type
  npm run admin -- confirm <email>                 confirm an account's address (servers without mail)
  npm run admin -- tiles                           cut the tiles of every wide panorama that has none`;

const PLAN_TYPES: Record<string, string> = { 'pro-plus': '2', basic: '1' };
/** The types an operator may give a tour (locked-with-email comes only from a visitor's e-mail). */
const TOUR_TYPES: readonly string[] = ['paid', 'free', 'locked'] satisfies TourType[];

function isOperatorTourType(value: string): value is TourType {
  return TOUR_TYPES.includes(value);
}

/** Exit code 0 done, 1 refused (nothing changed), 2 not understood. */
export interface CommandResult {
  code: 0 | 1 | 2;
  message: string;
}

/**
 * The operator's way to grant plans and publish tours, for servers without card payments and for what Stripe
 * cannot fix (a goodwill upgrade, a tour paid for another way).
 */
export async function runOperatorCommand(db: Db, args: string[]): Promise<CommandResult> {
  const [command, target, value] = args;
  if (command === 'confirm' && args.length === 2) return confirmAddress(db, target);
  if (args.length !== 3) return { code: 2, message: OPERATOR_USAGE };
  if (command === 'plan' && value in PLAN_TYPES) {
    const user = await findUserByEmail(db, target);
    if (!user) return { code: 1, message: `No account with the e-mail ${target}.` };
    if (value === 'basic' && hasLiveSubscription(user)) {
      return {
        code: 1,
        message: `${user.email} has a live Pro Plus subscription (${user.stripe_subscription_id}, ${user.subscription_status}); it would make them Pro Plus again. Cancel it in Stripe first: they become basic when it ends.`,
      };
    }
    await db.updateTable('user').set({ type: PLAN_TYPES[value] }).where('id', '=', user.id).execute();
    return { code: 0, message: `${user.email} is now ${value === 'basic' ? 'basic' : 'Pro Plus'}.` };
  }
  if (command === 'tour' && isOperatorTourType(value)) {
    const updated = await setTourType(db, { shortId: target }, value);
    if (!updated) return { code: 1, message: `No tour with the short id ${target}.` };
    return { code: 0, message: `Tour ${target} is now ${value}.` };
  }
  return { code: 2, message: OPERATOR_USAGE };
}

/**
 * Marks an account's address confirmed, as the mailed link would: without SMTP_URL no link reaches anyone, and
 * team invitations show in the app only to confirmed addresses. The operator vouches for the address.
 */
async function confirmAddress(db: Db, email: string): Promise<CommandResult> {
  const user = await findUserByEmail(db, email);
  if (!user?.email) return { code: 1, message: `No account with the e-mail ${email}.` };
  if (user.email_confirmed_at) return { code: 0, message: `${user.email} was confirmed already.` };
  await db.updateTable('user').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', user.id).execute();
  return { code: 0, message: `${user.email} is now confirmed.` };
}
