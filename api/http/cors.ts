import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { withAnswerHeaders, type HeaderList } from './answer-headers';

const ANY_ORIGIN: HeaderList = [['Access-Control-Allow-Origin', '*']];

/**
 * The API answers pages on any origin: `Access-Control-Allow-Origin: *` on every answer, and hono's cors() for
 * preflights. hono's cors() sets its header on a placeholder answer before the handler runs, which makes hono copy
 * every real answer into a new Response, its body through a stream.
 */
export function corsAnyOrigin(): MiddlewareHandler {
  const preflight = cors({ origin: '*', maxAge: 600 });
  return (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : withAnswerHeaders(c, ANY_ORIGIN, next));
}
