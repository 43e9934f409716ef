import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/** One line per request, written when its answer is ready (errors included: onError has answered by then). */
export const accessLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  c.get('logger').info(
    {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
};
