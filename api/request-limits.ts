import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { bodyLimitOf, MAX_BODY_BYTES, refuseDeclaredOversize, uploadLimitFor } from './uploads/upload';
import { Limiter } from './rate-limit';

/** Uploads a user may start a minute; below it they wait in the image queue, above it they are refused. */
export const UPLOADS_PER_USER_PER_MINUTE = 60;

/**
 * Bounds what any API request may send: 2 MB of body, or an upload route's own limit (checked here by the declared
 * length, and by the upload's reader as it streams); and at most UPLOADS_PER_USER_PER_MINUTE uploads a minute per
 * signed-in user (429 with Retry-After beyond). Runs after currentUser, before any handler reads the body.
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
    if (!uploadLimit) return anyBody(c, next);
    const user = c.get('user');
    if (user) await uploads.hit(c, String(user.id));
    refuseDeclaredOversize(c, uploadLimit);
    return next();
  };
}
