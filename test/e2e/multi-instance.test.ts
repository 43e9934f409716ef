import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisAnswers } from '../support/local-redis';
import { smallPanorama } from '../support/pictures';
import { createPostgresDatabase, dropPostgresDatabase, onPostgresServer, postgresAnswers } from '../support/postgres';
import { startTestS3 } from '../support/s3-server';
import { launchChromium } from './support/browser';
import { loadBalancer, type BalancerFront, type LoadBalancer } from './support/load-balancer';
import { startPartnerSite, type PartnerSite } from './support/partner-site';
import { removeDataDir, startServer, type RunningServer } from './support/server';
import {
  connect,
  connectionStatesOf,
  decodedFrames,
  dragPanorama,
  landsWhereHostLooks,
  mySid,
  recordConnectionStates,
  viewOf,
  visitTour,
  yawGap,
} from './support/video-chat';

// Each prints why it is skipped when its service does not answer; under REQUIRE_SERVICES=1 (CI) that fails instead.
const servicesAnswer = (await postgresAnswers()) && (await redisAnswers());
const s3 = servicesAnswer ? await startTestS3() : undefined;

let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;
let balancer: LoadBalancer;
/** The balancer's fronts: each sends its clients to one instance while it answers, and to the other once it does not. */
let onA: BalancerFront;
let onB: BalancerFront;

async function call(front: BalancerFront, method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${front.origin}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe.skipIf(!servicesAnswer)('two instances sharing PostgreSQL, Redis and S3 behind a load balancer', () => {
  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase('multi_instance');
    // Both sign and check sign-ins with one secret, as every instance of one installation must.
    // Every participant connects from loopback: one address, more seats than a real visitor's.
    const env = { DATABASE_URL: databaseUrl, REDIS_URL, ...s3!.env, JWT_SECRET: randomBytes(32).toString('hex'), ROOM_SEATS_PER_ADDRESS: '20' };
    // Started at once: the migrations and the demo seed run once, under a lock.
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    balancer = loadBalancer([a.origin, b.origin]);
    [onA, onB] = await Promise.all([balancer.front(a.origin), balancer.front(b.origin)]);
  });
  afterAll(async () => {
    await balancer?.close();
    for (const instance of [a, b]) {
      await instance?.stop();
      if (instance) removeDataDir(instance.dataDir);
    }
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it('an owner signs up and saves on A; a visitor reads the tour and its panorama on B; of two saves of one revision, one on each, one is refused', async () => {
    const signUp = await call(onA, 'POST', '/auth/signup', undefined, {
      name: 'Olivia',
      email: `olivia-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(201);
    const { token } = (await signUp.json()).user;
    const created = await (await call(onA, 'POST', '/tours', token)).json();
    const form = new FormData();
    form.set('image', new File([new Uint8Array(await smallPanorama())], 'hall.jpg'));
    form.set('tourId', String(created.id));
    const upload = await fetch(`${onA.origin}/api/images/`, { method: 'POST', headers: { Authorization: `JWT ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const picture = await upload.json();
    const saved = await call(onA, 'POST', `/tours/${created.shortId}`, token, {
      revision: created.revision,
      title: 'Harbour loft',
      images: [{ id: 'hall', title: 'Hall', url: picture.url }],
    });
    expect(saved.status).toBe(200);
    expect((await call(onA, 'POST', `/tours/${created.shortId}/unlock/free`, token, {})).status).toBe(200);

    // The sign-in made on A holds on B; B reads what A wrote, and serves the panorama A stored in the bucket.
    expect((await call(onB, 'GET', '/status/user', token)).status).toBe(200);
    const read = await (await call(onB, 'GET', `/tours/${created.shortId}`)).json();
    expect(read).toMatchObject({ title: 'Harbour loft', images: [{ id: 'hall', url: picture.url }] });
    const image = await fetch(new URL(picture.url, onB.origin));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // Two saves of one revision, one on each instance: one wins, the other is told the tour changed.
    const current = await (await call(onA, 'GET', `/tours/${created.shortId}`, token)).json();
    const statuses = await Promise.all(
      [onA, onB].map((front, i) =>
        call(front, 'POST', `/tours/${created.shortId}`, token, { revision: current.revision, title: `Loft ${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it("PostgreSQL ends the instances' connections (a restart, a failover): each says so in its log and answers the next read", async () => {
    // A read on each first leaves a connection idle in each pool (pg keeps one for 10 s) for the server to end.
    for (const front of [onA, onB]) expect((await call(front, 'GET', '/tours/demo')).status).toBe(200);
    await onPostgresServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${new URL(databaseUrl).pathname.slice(1)}'`);
    for (const instance of [a, b]) {
      await expect.poll(() => instance.output()).toMatch(/"level":40,.*"msg":"PostgreSQL connection lost: terminating connection/);
    }
    for (const front of [onA, onB]) expect((await call(front, 'GET', '/tours/demo')).status).toBe(200);
  });

  describe('a video room', () => {
    let browser: Browser;
    let partner: PartnerSite;
    const contexts: BrowserContext[] = [];
    beforeAll(async () => {
      [browser, partner] = await Promise.all([launchChromium(), startPartnerSite()]);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await partner?.close();
    });

    /** A visitor on the partner page whose script, and so whose chat, comes through `front`; connected as `name`. */
    async function joinThrough(front: BalancerFront, name: string): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 1600, height: 800 } });
      contexts.push(context);
      const page = await visitTour(context, partner, front.origin, `/${name}`);
      await page.locator('#tour .vc-lobby').getByPlaceholder('Enter Your Name').fill(name);
      await connect(page);
      return page;
    }

    /** The host turns by dragging, and the follower lands where the host looks. */
    async function followsTurn(host: Page, follower: Page, fraction: number): Promise<void> {
      const before = (await viewOf(host))!.yaw;
      await dragPanorama(host, fraction);
      await expect.poll(async () => yawGap((await viewOf(host))!.yaw, before), { timeout: 10_000 }).toBeGreaterThan(5);
      await landsWhereHostLooks(host, follower);
    }

    async function becomeHost(host: Page, follower: Page): Promise<void> {
      const hostSid = await mySid(host);
      await host.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
      await expect.poll(() => follower.locator(`#tour .vc-tile[data-sid="${hostSid}"] [aria-label="Host"]`).count(), { timeout: 20_000 }).toBe(1);
    }

    it('spans the instances: visitors on A and B see each other and follow the host, and when A dies its visitor carries on through B', async () => {
      const ann = await joinThrough(onA, 'Ann');
      const bob = await joinThrough(onB, 'Bob');
      const [annSid, bobSid] = [(await mySid(ann))!, (await mySid(bob))!];
      await expect.poll(() => decodedFrames(ann, bobSid), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => decodedFrames(bob, annSid), { timeout: 30_000 }).toBeGreaterThan(0);
      await becomeHost(ann, bob);
      await followsTurn(ann, bob, -0.15);

      // Instance A crashes: Ann's chat reconnects through the balancer, which now sends her to B.
      await recordConnectionStates(ann);
      a.process.kill('SIGKILL');
      await a.stop();
      await expect.poll(() => connectionStatesOf(ann), { timeout: 60_000 }).toEqual(['connected', 'reconnecting', 'connected']);
      for (const [page, other] of [
        [ann, bob],
        [bob, ann],
      ] as const) {
        await expect.poll(() => page.locator('#tour .vc-tile').count(), { timeout: 30_000 }).toBe(2);
        await expect.poll(async () => page.locator(`#tour .vc-tile[data-sid="${await mySid(other)}"]`).count(), { timeout: 30_000 }).toBe(1);
      }
      // The room is the same room: Ann guides Bob again (the host she was, or again after the crash handed it back).
      if ((await bob.locator(`#tour .vc-tile[data-sid="${await mySid(ann)}"] [aria-label="Host"]`).count()) === 0) await becomeHost(ann, bob);
      await followsTurn(ann, bob, 0.15);
    });
  });
});
