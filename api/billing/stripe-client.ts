import Stripe from 'stripe';
import type { StripeConfig } from '../config/config';
import { ApiError } from '../http/errors';
import { PAYMENTS_OFF } from '../schema/billing';

/** Stripe and its settings, when card payments are on. */
export interface Payments {
  stripe: Stripe;
  settings: StripeConfig;
}

export function createPayments(settings: StripeConfig | undefined): Payments | undefined {
  if (!settings) return undefined;
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const address = api && {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
  };
  return { stripe: new Stripe(settings.secretKey, { ...address, maxNetworkRetries: 2, timeout: 20_000 }), settings };
}

export function requirePayments(payments: Payments | undefined): Payments {
  if (!payments) throw new ApiError(503, 'PaymentsNotConfigured', PAYMENTS_OFF);
  return payments;
}

/** A configured price, or a clear 503 naming the missing setting. */
export function requirePrice(price: string | undefined, setting: string, what: string): string {
  if (!price) throw new ApiError(503, 'PaymentsNotConfigured', `${what} is not set up on this server (${setting} is missing).`);
  return price;
}

/**
 * Calls Stripe; its failures become one clear 502 (the details go to the log, not to the owner). A missing object
 * is the caller's to explain, so `notFound` names it.
 */
export async function askStripe<T>(call: () => Promise<T>, notFound?: ApiError): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (notFound && err.statusCode === 404) throw notFound;
    // Logged as the 502's cause (Stripe's type, status and message), never shown to the owner.
    throw new ApiError(502, 'PaymentProviderError', 'The card payment service did not answer as expected. Please try again in a moment.', {
      cause: err,
    });
  }
}

/** The id of an object Stripe sends either as its id or expanded. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}
