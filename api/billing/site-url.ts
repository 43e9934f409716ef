import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** This server's address as the owner reached it, for the pages Stripe sends them back to. */
export function siteUrl(c: Context<AppEnv>): string {
  return c.get('config').publicUrl ?? new URL(c.req.url).origin;
}
