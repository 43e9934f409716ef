import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * This server's address for the pages Stripe sends the owner back to after paying. Only the owner's own browser
 * follows these (a forged Host sends nobody else anywhere), so without PUBLIC_URL the address the owner reached us
 * at is right. Mailed links never use this: see mailLink.
 */
export function siteUrl(c: Context<AppEnv>): string {
  return c.get('config').publicUrl ?? new URL(c.req.url).origin;
}
