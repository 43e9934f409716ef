import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * The API answers pages on any origin: `Access-Control-Allow-Origin: *` on every answer, and hono's cors() for
 * preflights. hono's cors() sets its header on a placeholder answer before the handler runs, which makes hono copy
 * every real answer into a new Response, its body through a stream; set on the answer afterwards, it costs a header.
 */
export function corsAnyOrigin(): MiddlewareHandler {
  const preflight = cors({ origin: '*', maxAge: 600 });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}
