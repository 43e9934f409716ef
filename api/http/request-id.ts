import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';

/** An id a balancer or proxy in front of us may pass on: short, and only characters safe in a log line. */
const PASSED_ON_ID = /^[\w\-=]{1,255}$/;

/**
 * Starts the ids this process gives: random, so that ids stay apart across instances and restarts; a count then
 * tells its requests apart, at a fraction of the cost of a UUID per request.
 */
const PROCESS_PREFIX = randomBytes(9).toString('base64url');
let given = 0;

/**
 * The name of a request in its log lines and its `X-Request-Id` answer header: the id the caller sent when it is one
 * a balancer would send, else a new one of this process's.
 */
export function requestIdOf(c: Context): string {
  const sent = c.req.header('X-Request-Id');
  return sent !== undefined && PASSED_ON_ID.test(sent) ? sent : `${PROCESS_PREFIX}-${(++given).toString(36)}`;
}
