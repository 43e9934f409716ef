import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import { VisitRollups } from '../../api/analytics/visit-rollups';
import { sendWeeklySummaries } from '../../api/analytics/weekly-summary';
import { loadConfig, localMediaDir } from '../../api/config/config';
import { commitStampOf, migrateToLatest, openPostgres, type Db } from '../../api/db/database';
import { migrationProvider } from '../../api/db/migrations';
import { startMailSender } from '../../api/mail/mail-sender';
import { createMailer } from '../../api/mail/mailer';
import { LocalMediaStorage } from '../../api/media/local-media-storage';
import { localRedis } from '../support/local-redis';
import { startSmtp } from '../support/smtp-server';
import { createPostgresDatabase, dropPostgresDatabase, onPostgresServer } from '../support/postgres';
import { TEST_JWT_SECRET } from '../support/test-secret';
import { TEST_PUBLIC_URL } from './support/mails';
import { TEMP_ROOT_VARIABLE } from './support/temp-root-variable';
import { warningsLogger, type TestApp } from './support/test-app';
import { TEST_ENGINE } from './support/test-database';
import { json, signUp } from './support/users';

/** Rounds of each race: one may happen to run one after the other, so each is run several times. */
const ROUNDS = 8;

const redis = TEST_ENGINE === 'postgres' ? await localRedis() : undefined;

// Two instances are two pools on one database, as two servers behind a load balancer would be.
describe.runIf(TEST_ENGINE === 'postgres')('two instances on one PostgreSQL database', () => {
  let url: string;
  const pools: Db[] = [];
  const lost = vi.fn<(message: string) => void>();
  const instance = () => {
    const db = openPostgres(url, {}, lost);
    pools.push(db);
    return db;
  };

  beforeAll(async () => {
    url = await createPostgresDatabase('tour_instances');
  });
  afterAll(async () => {
    await Promise.all(pools.map((db) => db.destroy()));
    await dropPostgresDatabase(url);
  });

  it('carries on when the server ends its connections (a restart, a failover): the next query opens another', async () => {
    const db = instance();
    await migrateToLatest(db);
    const database = new URL(url).pathname.slice(1);
    const [ended] = await onPostgresServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}'`);
    expect(ended.rowCount).toBeGreaterThan(0);
    // Every ended connection told, so none is left idle in the pool for the next query to be handed.
    await expect.poll(() => lost.mock.calls.length).toBeGreaterThanOrEqual(ended.rowCount!);
    expect(String(lost.mock.calls[0][0])).toMatch(/^PostgreSQL connection lost: terminating connection/);
    expect(
      await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('users'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ users: 0 });
  });

  it('start together: both migrations succeed and the schema is made once', async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
    const applied = await a
      .selectFrom('kysely_migration' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const triggers = await a
      .selectFrom('information_schema.triggers' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(applied.n).toBe(Object.keys(await migrationProvider.getMigrations()).length);
    // The write counts' 4, and the commit notices': insert, update and delete on 3 tables, and an owner's plan.
    expect(triggers.n).toBe(4 + 3 * 3 + 1);
  });

  it('tells a listening instance of commits to tours by any instance, and of nothing else', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const listening = openPostgres(url, {}, lost, { listenForCommits: true });
      pools.push(listening);
      const other = instance();
      await migrateToLatest(other);
      const stamp = commitStampOf(listening)!;
      await expect.poll(() => stamp()).toBeDefined();
      const before = stamp();
      await other.insertInto('tour').values({ short_id: 'noticed', type: 'locked', privacy: 'Public', data: '{}', updated_at: '' }).execute();
      await expect.poll(() => stamp()).not.toBe(before);
      const after = stamp();
      // A write to what no tour answer shows, and reads, tell nothing.
      await other.updateTable('user').set({ name: 'Renamed' }).execute();
      await other.selectFrom('tour').selectAll().execute();
      expect(stamp()).toBe(after);
      // The listener's connection ended (a restart): nothing is kept meanwhile, and listening again starts anew.
      await onPostgresServer(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen tours_committed'`);
      await expect.poll(() => stamp()).toBeUndefined();
      await expect.poll(() => stamp(), { timeout: 10_000 }).toBeDefined();
      expect(stamp()).not.toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('with the schema in place', () => {
    let apps: [TestApp, TestApp];

    beforeAll(async () => {
      const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-instances-'));
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: url });
      const media = new LocalMediaStorage(localMediaDir(dataDir));
      const logger = warningsLogger();
      const on = (db: Db): TestApp => {
        const analytics = new VisitRollups(db);
        return { app: createApp({ db, config, media, rootDir: resolve('.'), logger, analytics }), db, config, media, logger, analytics };
      };
      apps = [on(instance()), on(instance())];
      await migrateToLatest(apps[0].db);
    });

    it('two saves of one revision, one on each instance: exactly one 200 and one 409', async () => {
      const [a, b] = apps;
      const owner = await signUp(a);
      for (let round = 0; round < ROUNDS; round++) {
        const tour = await (await a.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
        const responses = await Promise.all(
          [a, b].map((t, i) => t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, title: `from ${i}` }, owner.auth))),
        );
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
        const winner = await responses.find((response) => response.status === 200)!.json();
        const loser = await responses.find((response) => response.status === 409)!.json();
        expect(loser.error).toMatchObject({ code: 'StaleRevision', details: { revision: tour.revision + 1 } });
        const stored = await (await b.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
        expect(stored).toMatchObject({ title: winner.title, revision: tour.revision + 1 });
      }
    });

    it('a visitor on one listening instance sees a save made on the other', async () => {
      const config = apps[0].config;
      const listening = (): TestApp => {
        const db = openPostgres(url, {}, lost, { listenForCommits: true });
        pools.push(db);
        const analytics = new VisitRollups(db);
        return {
          app: createApp({ db, config, media: apps[0].media, rootDir: resolve('.'), logger: apps[0].logger, analytics }),
          analytics,
          db,
          config,
          media: apps[0].media,
          logger: apps[0].logger,
        };
      };
      const [a, b] = [listening(), listening()];
      const owner = await signUp(a);
      const tour = await (await a.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
      const saved = await (await a.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, title: 'First' }, owner.auth))).json();
      expect((await a.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })).status).toBe(200);
      const visitorTitle = async () => (await (await b.app.request(`/api/tours/${tour.shortId}`)).json()).title;
      await expect.poll(visitorTitle).toBe('First');
      await a.app.request(`/api/tours/${tour.shortId}`, json({ revision: saved.revision, title: 'Second' }, owner.auth));
      // The owner reads their save at once on either instance; a visitor on the other within about a second.
      expect((await (await b.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json()).title).toBe('Second');
      await expect.poll(visitorTitle).toBe('Second');
    });

    it('two free-tour unlocks of one tour, one on each instance: one publishes and spends one free tour', async () => {
      const [a, b] = apps;
      const owner = await signUp(a);
      const before = (await (await a.app.request('/api/status/user', { headers: owner.auth })).json()).freeToursRemaining;
      for (let round = 0; round < Math.min(ROUNDS, before); round++) {
        const tour = await (await a.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
        const responses = await Promise.all(
          [a, b].map((t) => t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })),
        );
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      }
      const after = (await (await b.app.request('/api/status/user', { headers: owner.auth })).json()).freeToursRemaining;
      expect(after).toBe(before - Math.min(ROUNDS, before));
    });

    it('visits counted on both instances, each flushing its own increments at once: the rollups hold their sum', async () => {
      const [a, b] = apps;
      const owner = await signUp(a);
      const created = await (await a.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
      const images = [{ id: 'hall', title: 'Hall' }];
      await a.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title: 'Shared', images }, owner.auth));
      let visit = 0;
      const beacon = (t: TestApp) =>
        t.app.request(`/api/tours/${created.shortId}/visits`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
          body: JSON.stringify({
            visitId: `instances-${++visit}-visit`,
            host: 'partner.example',
            kind: 'element',
            device: 'phone',
            events: [
              { type: 'scene', at: 0, sceneId: 'hall', ms: 1000 },
              { type: 'lead', at: 500 },
            ],
          }),
        });
      for (let round = 0; round < ROUNDS; round++) {
        for (const t of [a, b]) expect((await beacon(t)).status).toBe(204);
        // Both instances write the same rows in the same moment: each adds, neither overwrites.
        await Promise.all([a.analytics.flush(), b.analytics.flush()]);
      }
      const read = await (await b.app.request(`/api/tours/${created.shortId}/analytics`, { headers: owner.auth })).json();
      expect(read.totals).toMatchObject({ views: 2 * ROUNDS, leads: 2 * ROUNDS });
      expect(read.scenes).toEqual([expect.objectContaining({ sceneId: 'hall', views: 2 * ROUNDS })]);
      expect(read.devices).toEqual({ phone: 2 * ROUNDS, tablet: 0, desktop: 0 });
    });

    it.skipIf(!redis)('a visit whose reports reach both instances sharing Redis: its length and its scene stay count once', async () => {
      const sharing = (): TestApp => {
        const db = instance();
        const analytics = new VisitRollups(db);
        const { config, media, logger } = apps[0];
        return { app: createApp({ db, config, media, rootDir: resolve('.'), logger, analytics, redis }), db, config, media, logger, analytics };
      };
      const [a, b] = [sharing(), sharing()];
      const owner = await signUp(a);
      const tours = [];
      for (const title of ['Split', 'Whole']) {
        const created = await (await a.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
        await a.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title, images: [{ id: 'hall', title: 'Hall' }] }, owner.auth));
        tours.push(created.shortId as string);
      }
      const report = (t: TestApp, shortId: string, visitId: string, ms: number) =>
        t.app.request(`/api/tours/${shortId}/visits`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
          body: JSON.stringify({
            visitId,
            host: 'partner.example',
            kind: 'element',
            device: 'desktop',
            events: [
              { type: 'scene', at: 1000, sceneId: 'hall', ms: ms + 5000 },
              { type: 'end', at: ms, ms },
            ],
          }),
        });
      // One visit hidden after 5 s (reported to one instance), hidden for good after 90 s (to the other)...
      const split = randomUUID();
      expect((await report(a, tours[0], split, 5_000)).status).toBe(204);
      expect((await report(b, tours[0], split, 90_000)).status).toBe(204);
      // ...reads as a visit that reported once.
      expect((await report(a, tours[1], randomUUID(), 90_000)).status).toBe(204);
      await Promise.all([a.analytics.flush(), b.analytics.flush()]);
      const [splitRead, wholeRead] = await Promise.all(
        tours.map(async (shortId) => (await a.app.request(`/api/tours/${shortId}/analytics`, { headers: owner.auth })).json()),
      );
      expect(splitRead.totals.views).toBe(1);
      expect(splitRead.totals.medianSeconds).toBe(wholeRead.totals.medianSeconds);
      expect(splitRead.totals.medianSeconds).toBeGreaterThan(60);
      expect(splitRead.scenes).toEqual(wholeRead.scenes);
      expect(splitRead.scenes[0].views).toBe(1);
    });

    it('the weekly summary run by both instances at once: each owner is mailed once', async () => {
      const config = loadConfig({ DATA_DIR: apps[0].config.dataDir, JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: url, PUBLIC_URL: TEST_PUBLIC_URL });
      const owners = await Promise.all(Array.from({ length: ROUNDS }, () => signUp(apps[0])));
      for (const owner of owners) await apps[0].app.request('/api/tours', { method: 'POST', headers: owner.auth });
      const monday = Date.parse('2027-01-04T08:00:00Z');
      const sent = await Promise.all(apps.map((t) => sendWeeklySummaries(t.db, config, createMailer(t.db, config), monday)));
      const mailed = await apps[0].db
        .selectFrom('outbox_email')
        .select('to_address')
        .where('subject', 'like', 'Your tours this week%')
        .where(
          'to_address',
          'in',
          owners.map((owner) => owner.email!),
        )
        .execute();
      expect(mailed.map((row) => row.to_address).sort()).toEqual(owners.map((owner) => owner.email!).sort());
      expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(ROUNDS);
    });

    it('mails queued by one instance, two instances sending: each mail is sent once (a real SMTP server on loopback)', async () => {
      const smtp = await startSmtp();
      const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-instances-'));
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: url, SMTP_URL: smtp.url, PUBLIC_URL: TEST_PUBLIC_URL });
      const db = instance();
      // Queued before any sender runs, so both senders race for every mail.
      const addresses = Array.from({ length: 3 * ROUNDS }, (_, i) => `reader${i}@example.com`);
      const mailer = createMailer(db, config);
      for (const to of addresses) await mailer.send({ to, userId: null, subject: 'Queued', text: 'Sent once.' });
      const logger = pino({ level: 'warn' });
      const senders = [startMailSender(instance(), config, logger)!, startMailSender(instance(), config, logger)!];
      await Promise.all(senders.map((sender) => sender.sendDue()));
      await Promise.all(senders.map((sender) => sender.stop()));
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(addresses.sort());
      expect(await db.selectFrom('mail_queue').selectAll().execute()).toEqual([]);
      await smtp.close();
    });
  });
});
