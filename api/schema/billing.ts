/** What the payments modal shows before anyone pays: the prices configured in Stripe, or that card payments are off. */
export interface Plans {
  /** False on a server without Stripe settings: free tours and the operator's command still publish tours. */
  cardPayments: boolean;
  /** Said to the owner when card payments are off. */
  message?: string;
  /** Free tours a signed-up owner starts with. */
  freeToursPerUser: number;
  /** Publishing one tour; null when off or not configured. */
  tour: PlanPrice | null;
  proPlus: PlanPrice | null;
}

/** A Stripe price: the amount in the currency's smallest unit (cents), and for a subscription how often ('month', 'year'). */
export interface PlanPrice {
  amount: number;
  currency: string;
  interval: string | null;
}

/** One of the owner's payments, as the account page lists it. */
export interface PaymentEntry {
  id: number;
  createdDate: string;
  kind: 'tour' | 'subscription';
  /** The tour paid for; null for Pro Plus or a tour since deleted. */
  tour: { shortId: string; title: string } | null;
  amount: number;
  currency: string;
  status: 'paid' | 'refunded';
}

export const PAYMENTS_OFF = 'Card payments are not set up on this server.';
