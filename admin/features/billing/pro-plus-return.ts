import { useEffect } from 'react';
import { toast } from 'react-toastify/unstyled';
import { PRO_PLUS } from '../../../api/schema/user';
import { refreshUser } from '../../lib/current-user';
import { checkoutSessionInAddress, forgetCheckoutSession } from './billing-api';

/** How often, and how many times, the dashboard asks whether Stripe has confirmed a new Pro Plus subscription. */
const CHECK_EVERY_MS = 2000;
const CHECKS = 30;

/**
 * Back from the Pro Plus Checkout on the dashboard. Stripe's webhook, not the return, makes the owner Pro Plus,
 * usually seconds later: the owner is asked to wait, and the header and the cards follow once the server says so.
 */
export function useProPlusReturn(): void {
  useEffect(() => {
    if (!checkoutSessionInAddress()) return;
    forgetCheckoutSession();
    toast.info('Thank you! Pro Plus starts as soon as Stripe confirms your payment.');
    let stopped = false;
    void (async () => {
      for (let check = 0; check < CHECKS && !stopped; check++) {
        const user = await refreshUser().catch(() => null);
        if (user?.type === PRO_PLUS) {
          toast.success('Pro Plus is on: every one of your tours is published.');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
      }
    })();
    return () => {
      stopped = true;
    };
  }, []);
}
