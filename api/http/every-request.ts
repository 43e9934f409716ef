import type { MiddlewareHandler } from 'hono';
import { logAccess } from './access-log';
import { withAnswerHeaders } from './answer-headers';
import type { AppEnv } from '../app-env';
import { requestIdOf } from './request-id';
import { EVERY_ANSWER } from './security-headers';

/** What every handler finds with c.get from the start, the same for every request. */
export type SharedVariables = Pick<AppEnv['Variables'], 'db' | 'config' | 'mailer' | 'media' | 'logger' | 'rateLimitStore'>;

/**
 * The first middleware of every request: what handlers find with c.get, the request's id, the headers every answer
 * carries (errors included), and its access line once the answer is ready. One middleware rather than four: each
 * costs every answer a little, and visitors' tour reads are the many answers that add up.
 */
export function everyRequest(shared: SharedVariables): MiddlewareHandler<AppEnv> {
  const variables = Object.entries(shared) as Array<[keyof SharedVariables, SharedVariables[keyof SharedVariables]]>;
  return async (c, next) => {
    const started = performance.now();
    for (const [name, value] of variables) c.set(name, value);
    const id = requestIdOf(c);
    c.set('requestId', id);
    await withAnswerHeaders(c, [['X-Request-Id', id], ...EVERY_ANSWER], next);
    logAccess(c, started);
  };
}
