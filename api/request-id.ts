import type { Context } from 'hono';

/** An id a balancer or proxy in front of us may pass on: short, and only characters safe in a log line. */
const PASSED_ON_ID = /^[\w\-=]{1,255}$/;

/**
 * The name of a request in its log lines and its `X-Request-Id` answer header: the id the caller sent when it is one
 * a balancer would send, else a new UUID.
 */
export function requestIdOf(c: Context): string {
  const sent = c.req.header('X-Request-Id');
  return sent !== undefined && PASSED_ON_ID.test(sent) ? sent : crypto.randomUUID();
}
