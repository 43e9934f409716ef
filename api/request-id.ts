import type { MiddlewareHandler } from 'hono';
import { withAnswerHeaders } from './answer-headers';
import type { AppEnv } from './app-env';

/** An id a balancer or proxy in front of us may pass on: short, and only characters safe in a log line. */
const PASSED_ON_ID = /^[\w\-=]{1,255}$/;

/**
 * Names each request for its log lines and its `X-Request-Id` answer header: the id the caller sent when it is one a
 * balancer would send, else a new UUID.
 */
export const requestId: MiddlewareHandler<AppEnv> = (c, next) => {
  const sent = c.req.header('X-Request-Id');
  const id = sent !== undefined && PASSED_ON_ID.test(sent) ? sent : crypto.randomUUID();
  c.set('requestId', id);
  return withAnswerHeaders(c, [['X-Request-Id', id]], next);
};
