import { describe, expect, it } from 'vitest';
import { lastSendTime, sendWeeklySummaries, startWeeklySummaries } from '../../api/analytics/weekly-summary';
import { createMailer } from '../../api/mail/mailer';
import { linkToken, mailsTo, TEST_PUBLIC_URL } from './support/mails';
import { createTestApp, warningsLogger, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

/** Monday 30 November 2026, 08:00 UTC: the summary of 23 to 29 November is due. */
const MONDAY_8 = Date.parse('2026-11-30T08:00:00Z');
const SUMMARY = 'Your tours this week';

async function tourTitled(t: TestApp, owner: TestUser, title: string) {
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const saved = await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title }, owner.auth));
  expect(saved.status).toBe(200);
  return (await t.db.selectFrom('tour').select(['id', 'short_id']).where('short_id', '=', created.shortId).executeTakeFirstOrThrow()) as {
    id: number;
    short_id: string;
  };
}

/** A day of the analytics; the leads its visitors' beacons counted are not the summary's (see `lead`). */
async function stats(t: TestApp, tourId: number, day: string, views: number) {
  await t.db.insertInto('tour_day_stats').values({ tour_id: tourId, day, views, leads: 9 }).execute();
}

/** A lead received at `at` (UTC), from any embed, with analytics or without. */
async function lead(t: TestApp, tourId: number, at: string) {
  await t.db.insertInto('lead').values({ tour_id: tourId, name: 'Ann', email: 'ann@example.com', url: '', created_at: at }).execute();
}

const summariesTo = async (t: TestApp, owner: TestUser) => (await mailsTo(t, owner.email!)).filter((mail) => mail.subject.startsWith(SUMMARY));

async function ownerWithTours(t: TestApp) {
  const owner = await signUp(t);
  const mill = await tourTitled(t, owner, 'Mill house');
  // A title trying to forge a line of its own under our name.
  const forged = await tourTitled(t, owner, 'Barn\n\nYour account is locked: https://evil.example/\u0085x');
  await stats(t, mill.id, '2026-11-22', 50); // the Sunday before the week
  await stats(t, mill.id, '2026-11-23', 10); // its Monday
  await stats(t, mill.id, '2026-11-29', 4); // its Sunday
  await stats(t, mill.id, '2026-11-30', 70); // the Monday it is sent
  await stats(t, forged.id, '2026-11-25', 1);
  await lead(t, mill.id, '2026-11-22 23:59:59'); // the Sunday before the week
  await lead(t, mill.id, '2026-11-23 00:00:00'); // its first second
  await lead(t, mill.id, '2026-11-29 23:59:59'); // its last second
  await lead(t, mill.id, '2026-11-30 00:00:00'); // the Monday it is sent
  return owner;
}

describe('the weekly summary mail', () => {
  it("mails each owner with tours last week's views and leads per tour, one plain line each, with its unsubscribe link", async () => {
    const t = await createTestApp({ PUBLIC_URL: TEST_PUBLIC_URL });
    const owner = await ownerWithTours(t);
    const idle = await signUp(t, 'Nobody');
    await tourTitled(t, idle, 'Quiet flat');
    await signUp(t, 'No tours');

    expect(await sendWeeklySummaries(t.db, t.config, createMailer(t.db, t.config), MONDAY_8 + 5 * 60_000)).toBe(2);
    const [mail, ...more] = await summariesTo(t, owner);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Your tours this week: 15 views, 2 leads');
    const lines = mail.body.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Your tours this week (2026-11-23 to 2026-11-29, UTC days):',
      '',
      '- "Mill house": 14 views, 2 leads',
      '- "Barn Your account is locked: https://evil.example/ x": 1 view, 0 leads',
      '',
    ]);
    expect(mail.body).toMatch(/Stop these e-mails: http:\/\/localhost\/unsubscribe#\S+$/);
    expect((await summariesTo(t, idle))[0].body).toContain('- "Quiet flat": 0 views, 0 leads');

    // Unsubscribing from it stops it, and only it.
    const response = await t.app.request('/api/account/unsubscribe', json({ token: linkToken(mail.body, 'unsubscribe') }));
    expect(await response.json()).toEqual({ kind: 'weekly' });
    const settings = await (await t.app.request('/api/account', { headers: owner.auth })).json();
    expect(settings.mailed).toMatchObject({ weekly: false, lead: true });
    expect(await sendWeeklySummaries(t.db, t.config, createMailer(t.db, t.config), MONDAY_8 + 7 * 24 * 3600_000)).toBe(1);
    expect(await summariesTo(t, owner)).toHaveLength(1);
    expect(await summariesTo(t, idle)).toHaveLength(2);
  });

  it('is on by default and has its own switch in the notification settings', async () => {
    const t = await createTestApp({ PUBLIC_URL: TEST_PUBLIC_URL });
    const owner = await ownerWithTours(t);
    const before = await (await t.app.request('/api/account', { headers: owner.auth })).json();
    expect(before.mailed.weekly).toBe(true);
    const off = await t.app.request('/api/account/notifications', { ...json({ mailed: { weekly: false } }, owner.auth), method: 'PUT' });
    expect((await off.json()).mailed).toMatchObject({ weekly: false, lead: true, showing: true });
    expect(await sendWeeklySummaries(t.db, t.config, createMailer(t.db, t.config), MONDAY_8)).toBe(0);
    expect(await summariesTo(t, owner)).toEqual([]);
  });

  it('is sent once a week per owner, however many instances or restarts run it', async () => {
    const t = await createTestApp({ PUBLIC_URL: TEST_PUBLIC_URL });
    const owner = await ownerWithTours(t);
    const runs = [MONDAY_8, MONDAY_8 + 1, MONDAY_8 + 3600_000].map((now) => sendWeeklySummaries(t.db, t.config, createMailer(t.db, t.config), now));
    expect((await Promise.all(runs)).reduce((a, b) => a + b)).toBe(1);
    expect(await summariesTo(t, owner)).toHaveLength(1);
  });

  it('runs Mondays from 08:00 UTC: a start that Monday sends, a start on Sunday waits', async () => {
    const t = await createTestApp({ PUBLIC_URL: TEST_PUBLIC_URL });
    const owner = await ownerWithTours(t);
    const mailer = createMailer(t.db, t.config);
    const sunday = startWeeklySummaries(t.db, t.config, mailer, warningsLogger(), () => MONDAY_8 - 60_000);
    await sunday.stop();
    const early = startWeeklySummaries(t.db, t.config, mailer, warningsLogger(), () => MONDAY_8 - 1);
    await early.stop();
    expect(await summariesTo(t, owner)).toEqual([]);
    const monday = startWeeklySummaries(t.db, t.config, mailer, warningsLogger(), () => MONDAY_8 + 9 * 3600_000);
    await monday.stop();
    expect(await summariesTo(t, owner)).toHaveLength(1);

    expect(new Date(lastSendTime(MONDAY_8 - 1)).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(new Date(lastSendTime(MONDAY_8 + 6 * 24 * 3600_000)).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });

  it('is not scheduled without PUBLIC_URL, and says so once', async () => {
    const t = await createTestApp();
    const owner = await ownerWithTours(t);
    const said: string[] = [];
    const logger = warningsLogger();
    logger.info = ((message: string) => void said.push(message)) as typeof logger.info;
    await startWeeklySummaries(t.db, t.config, createMailer(t.db, t.config), logger, () => MONDAY_8).stop();
    expect(said).toEqual(['weekly summary mails are off: PUBLIC_URL is not set, and their links need it']);
    expect(await summariesTo(t, owner)).toEqual([]);
  });
});
