import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { bodyLimitOf, MAX_BODY_BYTES, refuseDeclaredOversize, uploadLimitFor } from '../uploads/upload';
import { Limiter } from './rate-limit';

/** Uploads a user may start a minute; below it they wait in the image queue, above it they are refused. */
export const UPLOADS_PER_USER_PER_MINUTE = 60;

/** How long a request other than an upload may take to send its body; a slower one is cut off with 408. */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * Cuts the connection of a request whose body is still arriving after BODY_TIMEOUT_MS, as Node's own request timer
 * would (408, then closed): that timer is off so that uploads may stream for as long as they need. The handler's
 * read of the body then fails, and its answer goes nowhere.
 */
function timeBody(c: Context<AppEnv>): void {
  // Only the Node server has a connection to cut; requests made in-process (tests) have none.
  const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
  if (!incoming || !outgoing || incoming.readableEnded) return;
  const timer = setTimeout(() => {
    if (!outgoing.headersSent) incoming.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    incoming.destroy();
  }, BODY_TIMEOUT_MS);
  incoming.once('end', () => clearTimeout(timer));
  incoming.once('close', () => clearTimeout(timer));
}

/**
 * Bounds what any API request may send: 2 MB of body within BODY_TIMEOUT_MS, or an upload route's own limit (checked
 * here by the declared length, and by the upload's reader as it streams); and at most UPLOADS_PER_USER_PER_MINUTE
 * uploads a minute per signed-in user (429 with Retry-After beyond). Runs after currentUser, before any handler reads
 * the body.
 */
export function requestLimits(): MiddlewareHandler<AppEnv> {
  const anyBody = bodyLimitOf(MAX_BODY_BYTES, 'request body');
  const uploads = new Limiter({
    name: 'uploads',
    max: UPLOADS_PER_USER_PER_MINUTE,
    windowMs: 60_000,
    message: `At most ${UPLOADS_PER_USER_PER_MINUTE} uploads a minute. Please wait and try again.`,
  });
  return async (c, next) => {
    // A GET or HEAD request has no body to limit (fetch's Request gives it none); asking for it would only build
    // the full Request object on every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const uploadLimit = uploadLimitFor(c);
    if (!uploadLimit) {
      timeBody(c);
      return anyBody(c, next);
    }
    const user = c.get('user');
    if (user) await uploads.hit(c, String(user.id));
    refuseDeclaredOversize(c, uploadLimit);
    return next();
  };
}
