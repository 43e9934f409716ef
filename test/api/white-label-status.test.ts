import { getRequestListener } from '@hono/node-server';
import { createServer, type RequestListener, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWhiteLabel, whiteLabelPageUrl } from '../../api/pages/white-label-status';
import { TOUR_PAGE_HEADER } from '../../api/schema/white-label';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

const servers: Server[] = [];
/** The local servers below stand for owners' domains on loopback, which only an intranet set-up lets the check reach. */
const LOCAL_DOMAINS = { WHITE_LABEL_PRIVATE_NETWORKS: '1' };

/** A local HTTP server playing the owner's domain; no test reaches the internet. */
async function customerDomain(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function newTour(t: TestApp, owner: TestUser, whiteLabelUrl: string) {
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const saved = await t.app.request(`/api/tours/${created.shortId}`, json({ ...created, whiteLabelUrl }, owner.auth));
  expect(saved.status).toBe(200);
  return created.shortId as string;
}

async function check(t: TestApp, shortId: string, owner: TestUser) {
  const response = await t.app.request(`/api/tours/${shortId}/white-label-status`, { headers: owner.auth });
  return { status: response.status, body: await response.json() };
}

async function storedStatus(t: TestApp, shortId: string): Promise<string> {
  return (await (await t.app.request(`/api/tours/${shortId}`)).json()).whiteLabelStatusCode;
}

describe('GET /api/tours/{shortId}/white-label-status (white-label hints)', () => {
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)))));
  });

  it('answers OK when the domain serves this tour’s page and the owner is Pro Plus, and keeps it as whiteLabelStatusCode', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    await t.db.updateTable('user').set({ type: '2' }).where('id', '=', owner.id).execute();
    // The owner's domain points at this very server (as a CNAME would): it answers with our tour page.
    const domain = await customerDomain(getRequestListener(t.app.fetch));
    const shortId = await newTour(t, owner, domain);
    const { status, body } = await check(t, shortId, owner);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', checkedUrl: `${domain}/tours/${shortId}` });
    expect(await storedStatus(t, shortId)).toBe('OK');
  });

  it('forgets the status when the owner saves another address', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const domain = await customerDomain(getRequestListener(t.app.fetch));
    const shortId = await newTour(t, owner, domain);
    await check(t, shortId, owner);
    const current = await (await t.app.request(`/api/tours/${shortId}`, { headers: owner.auth })).json();
    expect(current.whiteLabelStatusCode).toBe('UPGRADE');
    expect((await t.app.request(`/api/tours/${shortId}`, json({ ...current, title: 'Same address' }, owner.auth))).status).toBe(200);
    expect(await storedStatus(t, shortId)).toBe('UPGRADE');
    const again = await (await t.app.request(`/api/tours/${shortId}`, { headers: owner.auth })).json();
    expect((await t.app.request(`/api/tours/${shortId}`, json({ ...again, whiteLabelUrl: 'tours.elsewhere.example' }, owner.auth))).status).toBe(200);
    expect(await storedStatus(t, shortId)).toBe('');
  });

  it('answers UPGRADE when the domain is configured correctly but the owner is not Pro Plus', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const domain = await customerDomain(getRequestListener(t.app.fetch));
    const shortId = await newTour(t, owner, domain);
    expect((await check(t, shortId, owner)).body.status).toBe('UPGRADE');
    expect(await storedStatus(t, shortId)).toBe('UPGRADE');
  });

  it('answers NOTFOUND when the domain returns 404', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const domain = await customerDomain((_req, res) => res.writeHead(404).end('Not here'));
    const shortId = await newTour(t, owner, domain);
    expect((await check(t, shortId, owner)).body.status).toBe('NOTFOUND');
  });

  it('answers BADHOST when the domain answers with someone else’s page', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const domain = await customerDomain((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>My agency</h1>'));
    const shortId = await newTour(t, owner, domain);
    expect((await check(t, shortId, owner)).body.status).toBe('BADHOST');
    // Another tour's page on our platform is somewhere else too.
    const elsewhere = await customerDomain((_req, res) => res.writeHead(200, { [TOUR_PAGE_HEADER]: 'other' }).end());
    const second = await newTour(t, owner, elsewhere);
    expect((await check(t, second, owner)).body.status).toBe('BADHOST');
  });

  it('follows redirects within the owner’s host, and calls a redirect to another host BADHOST', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const platform = getRequestListener(t.app.fetch);
    const sameHost = await customerDomain((req, res) =>
      req.url?.includes('?') ? platform(req, res) : res.writeHead(301, { Location: `${req.url}?moved` }).end(),
    );
    const shortId = await newTour(t, owner, sameHost);
    expect((await check(t, shortId, owner)).body.status).toBe('UPGRADE');

    // Our page, but reached by leaving the owner's address: visitors would not stay on their domain.
    const ours = await customerDomain(platform);
    const away = await customerDomain((req, res) => res.writeHead(302, { Location: `${ours.replace('127.0.0.1', 'localhost')}${req.url}` }).end());
    const second = await newTour(t, owner, away);
    expect((await check(t, second, owner)).body.status).toBe('BADHOST');
  });

  it('answers UNKNOWN when nothing answers at the domain', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const closed = await customerDomain(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const shortId = await newTour(t, owner, closed);
    expect((await check(t, shortId, owner)).body.status).toBe('UNKNOWN');
  });

  it('answers UNKNOWN when the domain does not answer in time', async () => {
    const silent = await customerDomain(() => undefined);
    const check = await checkWhiteLabel(whiteLabelPageUrl(silent, 'abc')!, 'abc', { ownerIsProPlus: true, timeoutMs: 200, privateNetworks: true });
    expect(check.status).toBe('UNKNOWN');
  });

  it('refuses, as BADHOST and without sending anything there, an address leading to this server’s own networks', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    await t.db.updateTable('user').set({ type: '2' }).where('id', '=', owner.id).execute();
    let reached = 0;
    const domain = await customerDomain((req, res) => ((reached += 1), getRequestListener(t.app.fetch)(req, res)));
    for (const address of [domain, domain.replace('127.0.0.1', 'localhost'), 'http://10.1.2.3', 'http://[::1]:8080', 'http://169.254.169.254']) {
      const shortId = await newTour(t, owner, address);
      expect((await check(t, shortId, owner)).body.status, address).toBe('BADHOST');
    }
    expect(reached).toBe(0);
  });

  it('is for the owner only, and needs a saved URL', async () => {
    const t = await createTestApp(LOCAL_DOMAINS);
    const owner = await signUp(t);
    const stranger = await signUp(t, 'Stranger');
    const shortId = await newTour(t, owner, '');
    expect((await t.app.request(`/api/tours/${shortId}/white-label-status`)).status).toBe(401);
    expect((await check(t, shortId, stranger)).status).toBe(403);
    const empty = await check(t, shortId, owner);
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toContain('white-label URL');
  });

  it('reads addresses with or without a scheme, and refuses other schemes', () => {
    expect(whiteLabelPageUrl('tours.agency.example', 'ab c')?.href).toBe('https://tours.agency.example/tours/ab%20c');
    expect(whiteLabelPageUrl('http://tours.agency.example/any/path', 'x')?.href).toBe('http://tours.agency.example/tours/x');
    expect(whiteLabelPageUrl('ftp://tours.agency.example', 'x')).toBeUndefined();
    expect(whiteLabelPageUrl('   ', 'x')).toBeUndefined();
  });
});
