import type { HttpBindings } from '@hono/node-server';
import type { Context, Next } from 'hono';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * Runs the rest of the chain and gives its answer, whatever it is (errors included), `headers` too.
 *
 * On Node's server they are set on Node's own response before the answer exists, and Node joins them with the
 * answer's headers when it writes them (the answer's win). Set on the answer afterwards instead, they would make
 * @hono/node-server give up the plain header object of a `new Response(body, {headers})` for a Headers object, and
 * building, filling and copying those cost a visitor's tour read more than its handler does. Where there is no Node
 * response (`app.request` in tests), they are set on the answer.
 */
export async function withAnswerHeaders(c: Context, headers: HeaderList, next: Next): Promise<void> {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  await next();
  for (const [name, value] of headers) c.res.headers.set(name, value);
}
