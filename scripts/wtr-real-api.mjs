// Browser tests of the owners' app talk to the real API: /api/* and /media/* are answered in this process by
// the real Hono app on a fresh in-memory SQLite database and a temporary data folder (the same set-up as the
// API tests), loaded through tsx because the app is TypeScript. Started on the first such request only.
import { getRequestListener } from '@hono/node-server';
import { rmSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

let server;

function realApi() {
  server ??= tsImport('../test/api/support/test-app.ts', import.meta.url).then(async ({ createTestApp }) => {
    // The white-label check's "owner domains" in these tests are this machine's loopback servers. Behind one
    // trusted proxy (this middleware), each test file is its own visitor for the per-address limits.
    // Wide panoramas are cut into tiles in the background, as on a server.
    const { app, config, db, analytics } = await createTestApp({ WHITE_LABEL_PRIVATE_NETWORKS: '1', TRUST_PROXY: '1' }, { tiles: true });
    process.once('exit', () => rmSync(config.dataDir, { recursive: true, force: true }));
    return { handle: getRequestListener(app.fetch), db, analytics };
  });
  return server;
}

/**
 * `GET /test-mailbox?to=ADDRESS`: the mails the app wrote for an address, oldest first, as a person would read
 * them in their mailbox (links that carry keys never reach the in-app outbox). Only this test runner serves it.
 */
async function mailbox(context) {
  const { db } = await realApi();
  const rows = await db
    .selectFrom('outbox_email')
    .select(['subject', 'body'])
    .where('to_address', '=', context.query.to ?? '')
    .orderBy('id')
    .execute();
  context.type = 'application/json';
  context.body = JSON.stringify(rows);
}

/** `POST /test-analytics-flush`: writes the visits summed so far into the rollups, as the server's timer does each second. */
async function flushAnalytics(context) {
  await (await realApi()).analytics.flush();
  context.status = 204;
}

/**
 * Sets a request header in the raw headers Hono's Node adapter reads. The test browser names itself headless,
 * which the visit counter rightly ignores; a test that stands for a real visitor sends `X-Test-User-Agent`.
 */
function setRawHeader(req, name, value) {
  const raw = req.rawHeaders;
  const at = raw.findIndex((header, i) => i % 2 === 0 && header.toLowerCase() === name.toLowerCase());
  if (at >= 0) raw[at + 1] = value;
  else raw.push(name, value);
  req.headers[name.toLowerCase()] = value;
}

/** Koa middleware for web-test-runner: hands /api and /media requests to the real app, each test file as one visitor. */
export async function realApiMiddleware(context, next) {
  if (context.path === '/test-mailbox') return mailbox(context);
  if (context.path === '/test-analytics-flush') return flushAnalytics(context);
  if (!/^\/(api|media)\//.test(context.path)) return next();
  const { handle } = await realApi();
  // The suite's files together sign up more owners a minute than one visitor may; a real visitor is one page.
  // Test helpers that stand for a visitor of their own (each new owner) name it; otherwise the page's session
  // id names it, unless the admin's router has pushed an address without it.
  const page = new URL(context.get('Referer') || 'http://runner/', 'http://runner/');
  const visitor = context.get('X-Test-Visitor') || page.searchParams.get('wtr-session-id') || 'runner';
  // Hono's Node adapter builds the request's headers from rawHeaders, not from the parsed headers object.
  setRawHeader(context.req, 'X-Forwarded-For', visitor);
  const agent = context.get('X-Test-User-Agent');
  if (agent) setRawHeader(context.req, 'User-Agent', agent);
  // The app writes the Node response itself; Koa must not answer too.
  context.respond = false;
  await handle(context.req, context.res);
}
