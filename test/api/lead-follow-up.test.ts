import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailingTestApp, signUpAndClearMail, type MailingTestApp } from './support/mails';
import { savedTour } from './support/teams';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

let mailing: MailingTestApp | undefined;
afterEach(async () => {
  await mailing?.close();
  mailing = undefined;
});

const get = async (t: TestApp, path: string, who: TestUser) => (await t.app.request(path, { headers: who.auth })).json();

/** A header of a raw mail, folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const match = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  return match?.[1].replace(/\r?\n[ \t]+/g, ' ').trim();
}

describe('a locked tour’s visitor e-mail is a lead', () => {
  it('reaches the owner’s inbox with its tour and is mailed, answered to the visitor, with its own unsubscribe', async () => {
    mailing = await createMailingTestApp();
    const { t, smtp } = mailing;
    const owner = await signUpAndClearMail(mailing);
    const tour = await savedTour(t, owner, { title: 'Écurie <i>du Lac</i>' });
    expect(tour.type).toBe('locked');

    const unlock = await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, {
      ...json({ email: 'lea@example.com' }),
      headers: { 'Content-Type': 'application/json', Referer: 'https://partner.example/listing' },
    });
    expect(unlock.status).toBe(200);
    expect((await unlock.json()).type).toBe('locked-with-email');

    const inbox = await get(t, '/api/inbox?kind=unlock', owner);
    expect(inbox.items).toEqual([
      expect.objectContaining({
        kind: 'unlock',
        tour: { shortId: tour.shortId, title: 'Écurie <i>du Lac</i>' },
        text: 'lea@example.com left their e-mail to open "Écurie <i>du Lac</i>": the tour is now visible to visitors, with the watermark, until it is published.',
        data: expect.objectContaining({ email: 'lea@example.com', url: 'https://partner.example/listing' }),
        read: false,
      }),
    ]);
    expect((await get(t, '/api/inbox/summary', owner)).unreadByKind).toMatchObject({ unlock: 1, lead: 0 });
    const csv = await (await t.app.request('/api/inbox/leads.csv', { headers: owner.auth })).text();
    expect(parse(csv, { bom: true, columns: true })).toEqual([expect.objectContaining({ tourShortId: tour.shortId, email: 'lea@example.com' })]);

    await expect.poll(() => smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([owner.email]);
    expect(header(mail.raw, 'Reply-To')).toBe('lea@example.com');
    const unsubscribe = /^<http:\/\/localhost\/unsubscribe#(\d+\.unlock\.[^>]+)>$/.exec(header(mail.raw, 'List-Unsubscribe') ?? '');
    expect(unsubscribe, 'an unsubscribe link of its own kind').not.toBeNull();

    // Its unsubscribe link turns this kind of mail off, and no other.
    const token = unsubscribe![1];
    expect(await (await t.app.request('/api/account/unsubscribe', json({ token }))).json()).toEqual({ kind: 'unlock' });
    expect((await get(t, '/api/account', owner)).mailed).toMatchObject({ unlock: false, lead: true });
  });

  it('is kept in the inbox but not mailed once the owner turned its mail off', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const off = await t.app.request('/api/account/notifications', { ...json({ mailed: { unlock: false } }, owner.auth), method: 'PUT' });
    expect((await off.json()).mailed).toMatchObject({ unlock: false, lead: true });
    const tour = await savedTour(t, owner, { title: 'Loft' });
    expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'lea@example.com' }))).status).toBe(200);
    expect((await get(t, '/api/inbox', owner)).items.map((item: { kind: string }) => item.kind)).toEqual(['unlock']);
    const mails = await t.db.selectFrom('outbox_email').select('subject').where('subject', 'like', 'New lead%').execute();
    expect(mails).toEqual([]);
  });
});

describe('leads and showings are answered to the visitor', () => {
  it('gives lead and showing mails the visitor’s address as Reply-To', async () => {
    mailing = await createMailingTestApp();
    const { t, smtp } = mailing;
    const owner = await signUpAndClearMail(mailing);
    const tour = await savedTour(t, owner, { title: 'Loft', agentEmail: 'alex@agency.example', isScheduleEnabled: true, leadgen: { enabled: true } });
    expect((await t.app.request(`/api/leads/${tour.id}`, json({ name: 'Lea', email: 'lea@example.com' }))).status).toBe(201);
    await expect.poll(() => smtp.received).toHaveLength(1);
    expect(header(smtp.received[0].raw, 'Reply-To')).toBe('lea@example.com');
    const showing = { name: 'Vera', email: 'vera@example.com', phone: '+48 600 100 200', comments: 'Line one\nLine two' };
    expect((await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json(showing))).status).toBe(201);
    await expect.poll(() => smtp.received).toHaveLength(2);
    expect(smtp.received[1].to).toEqual(['alex@agency.example']);
    expect(header(smtp.received[1].raw, 'Reply-To')).toBe('vera@example.com');
    // The sender stays the platform's: only replies go to the visitor.
    expect(header(smtp.received[1].raw, 'From')).not.toContain('vera@example.com');
  });
});

describe('a showing request’s preferred date and time', () => {
  it('is kept as the visitor’s local time with their zone, answered with its instant, and exported', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await savedTour(t, owner, { title: 'Loft', isScheduleEnabled: true });
    const ask = (form: Record<string, unknown>) =>
      t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com', ...form }));
    expect((await ask({ preferredDate: '2026-12-01', preferredTime: '14:30', timeZone: 'Europe/Warsaw' })).status).toBe(201);
    expect((await ask({ preferredDate: '2026-07-01', preferredTime: '09:05', timeZone: 'America/New_York' })).status).toBe(201);
    expect((await ask({ preferredDate: '2026-12-24', timeZone: 'Asia/Tokyo' })).status).toBe(201);
    expect((await ask({})).status).toBe(201);

    const showings = await get(t, `/api/tours/${tour.shortId}/showings`, owner);
    expect(showings.items.map((item: { preferred: unknown }) => item.preferred)).toEqual([
      null,
      { local: '2026-12-24', timeZone: 'Asia/Tokyo', instant: null },
      { local: '2026-07-01T09:05', timeZone: 'America/New_York', instant: '2026-07-01T13:05:00.000Z' },
      { local: '2026-12-01T14:30', timeZone: 'Europe/Warsaw', instant: '2026-12-01T13:30:00.000Z' },
    ]);
    const inbox = await get(t, '/api/inbox?kind=showing', owner);
    expect(inbox.items.at(-1).data.preferred).toEqual({ local: '2026-12-01T14:30', timeZone: 'Europe/Warsaw', instant: '2026-12-01T13:30:00.000Z' });

    const rows: Record<string, string>[] = parse(await (await t.app.request('/api/inbox/showings.csv', { headers: owner.auth })).text(), {
      bom: true,
      columns: true,
    });
    expect(rows.map(({ preferredLocalTime, preferredTimeZone, preferredUtc }) => [preferredLocalTime, preferredTimeZone, preferredUtc])).toEqual([
      ['2026-12-01T14:30', 'Europe/Warsaw', '2026-12-01T13:30:00.000Z'],
      ['2026-07-01T09:05', 'America/New_York', '2026-07-01T13:05:00.000Z'],
      ['2026-12-24', 'Asia/Tokyo', ''],
      ['', '', ''],
    ]);
  });

  it.each([
    ['a time without its day', { preferredTime: '14:30', timeZone: 'Europe/Warsaw' }, 'preferredDate'],
    ['a day without a time zone', { preferredDate: '2026-12-01' }, 'timeZone'],
    ['a day that does not exist', { preferredDate: '2026-02-30', timeZone: 'Europe/Warsaw' }, 'preferredDate'],
    ['an unknown time zone', { preferredDate: '2026-12-01', timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a time past midnight', { preferredDate: '2026-12-01', preferredTime: '24:00', timeZone: 'UTC' }, 'preferredTime'],
    ['markup for a zone', { preferredDate: '2026-12-01', timeZone: '<script>' }, 'timeZone'],
  ])('refuses %s in the one error shape, storing nothing', async (_label, form, field) => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await savedTour(t, owner, { isScheduleEnabled: true });
    const response = await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com', ...form }));
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('ValidationFailed');
    expect(error.details.fieldErrors).toHaveProperty(field);
    expect(await t.db.selectFrom('showing_request').selectAll().execute()).toEqual([]);
  });
});
