import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the few Stripe API endpoints this server uses, on loopback: Stripe's servers cannot be reached from
 * tests, so the real `stripe` library is pointed here (STRIPE_API_URL) and speaks its real protocol to it.
 */
export interface StripeStandIn {
  /** Settings that switch card payments on against this stand-in. */
  env: Record<string, string>;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  /** The price each session charges (its one line item); a test may change it to stand for another product's. */
  linePrices: Map<string, string>;
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  /** Every API call received, in order. */
  calls: { method: string; path: string; params: Record<string, unknown> }[];
  /** Marks a session paid, as a customer finishing Checkout would; returns the session as Stripe then has it. */
  pay(sessionId: string): StandInSession;
  close(): Promise<void>;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
}

export const PRICE_TOUR = 'price_tour_standin';
export const PRICE_PRO_PLUS = 'price_pro_plus_standin';

const PRICES: Record<string, { unit_amount: number; currency: string; recurring: { interval: string } | null }> = {
  [PRICE_TOUR]: { unit_amount: 1900, currency: 'eur', recurring: null },
  [PRICE_PRO_PLUS]: { unit_amount: 2900, currency: 'eur', recurring: { interval: 'month' } },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** `a[b][0][c]=v` form fields, as the library sends them, into nested objects (array indices become keys). */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function missing(res: ServerResponse, what: string): void {
  send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const linePrices = new Map<string, string>();
  const customers: StripeStandIn['customers'] = new Map();
  const calls: StripeStandIn['calls'] = [];
  let base = '';

  function createSession(params: Record<string, unknown>): StandInSession {
    const item = (params.line_items as Record<string, { price: string }>)['0'];
    const price = PRICES[item.price];
    const id = newId('cs_test');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: params.mode as StandInSession['mode'],
      status: 'open',
      payment_status: 'unpaid',
      metadata: (params.metadata ?? {}) as Record<string, string>,
      client_reference_id: (params.client_reference_id as string) ?? null,
      customer: (params.customer as string) ?? null,
      customer_email: (params.customer_email as string) ?? null,
      amount_total: price.unit_amount,
      currency: price.currency,
      payment_intent: null,
      subscription: null,
      success_url: params.success_url as string,
      cancel_url: params.cancel_url as string,
      url: `${base}/pay/${id}`,
    };
    sessions.set(id, session);
    linePrices.set(id, item.price);
    return session;
  }

  function pay(sessionId: string): StandInSession {
    const session = sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    if (session.mode === 'payment') session.payment_intent = newId('pi');
    else session.subscription = newId('sub');
    return { ...session };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url!, base);
    const params = parseForm(body);
    if (url.pathname.startsWith('/v1/')) calls.push({ method: req.method!, path: url.pathname, params });
    const [, , resource, ...rest] = url.pathname.split('/');
    const key = `${req.method} ${resource}/${rest.join('/')}`;
    if (req.method === 'GET' && url.pathname.startsWith('/pay/')) {
      // The customer "pays" on this page and is sent back, as from Stripe's hosted Checkout.
      const session = sessions.get(url.pathname.slice('/pay/'.length));
      if (!session) return missing(res, 'checkout session');
      pay(session.id);
      res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
    } else if (key === 'POST checkout/sessions') send(res, 200, createSession(params));
    else if (req.method === 'GET' && resource === 'checkout' && rest[0] === 'sessions' && rest[2] === 'line_items') {
      const price = linePrices.get(rest[1]);
      if (!price) return missing(res, `checkout.session: '${rest[1]}'`);
      const item = { id: newId('li'), object: 'item', quantity: 1, price: { id: price, object: 'price', ...PRICES[price] } };
      send(res, 200, { object: 'list', data: [item], has_more: false, url: url.pathname });
    } else if (req.method === 'GET' && resource === 'checkout' && rest[0] === 'sessions') {
      const session = sessions.get(rest[1]);
      return session ? send(res, 200, session) : missing(res, `checkout.session: '${rest[1]}'`);
    } else if (key === 'POST customers/') {
      const customer = { id: newId('cus'), object: 'customer', email: params.email as string, metadata: (params.metadata ?? {}) as Record<string, string> };
      customers.set(customer.id, customer);
      send(res, 200, customer);
    } else if (key === 'POST billing_portal/sessions') {
      if (!customers.has(params.customer as string)) return missing(res, `customer: '${params.customer}'`);
      send(res, 200, {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `${base}/portal/${params.customer}`,
      });
    } else if (req.method === 'DELETE' && resource === 'subscriptions') {
      send(res, 200, { id: rest[0], object: 'subscription', status: 'canceled' });
    } else if (req.method === 'GET' && resource === 'prices') {
      const price = PRICES[rest[0]];
      return price ? send(res, 200, { id: rest[0], object: 'price', ...price }) : missing(res, `price: '${rest[0]}'`);
    } else missing(res, `route ${req.method} ${url.pathname}`);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_TOUR: PRICE_TOUR,
      STRIPE_PRICE_PRO_PLUS: PRICE_PRO_PLUS,
      STRIPE_API_URL: base,
    },
    webhookSecret,
    sessions,
    linePrices,
    customers,
    calls,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let eventCounter = 0;

/** An event as Stripe sends it to a webhook. */
export function stripeEvent(type: string, object: object, id = `evt_test_${++eventCounter}_${Date.now()}`): { id: string; type: string } {
  return {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  } as never;
}

/** The webhook request Stripe would send, signed with the library's own test-header helper (or unsigned). */
export function webhookRequest(event: object, secret: string | null): RequestInit {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret) headers['Stripe-Signature'] = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { method: 'POST', headers, body: payload };
}
