import { afterEach, describe, expect, it } from 'vitest';
import { createMailingTestApp, signUpAndClearMail, type MailingTestApp } from './support/mails';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';

let mailing: MailingTestApp | undefined;
afterEach(async () => {
  await mailing?.close();
  mailing = undefined;
});

async function tourWith(t: TestApp, owner: TestUser, fields: Record<string, unknown>) {
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  return (await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...fields }, owner.auth))).json();
}

describe('leads', () => {
  it('stores a lead only when the tour collects them, and shows it to the owner alone, also as CSV', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const off = await tourWith(t, owner, {});
    const lead = { createdDate: new Date().toISOString(), email: 'vis@example.com', name: '=HYPERLINK("x")', url: 'https://partner.example/listing' };
    expect((await t.app.request(`/api/leads/${off.id}`, json(lead))).status).toBe(403);
    const on = await tourWith(t, owner, { leadgen: { enabled: true, message: 'Call us' } });
    expect((await t.app.request(`/api/leads/${on.id}`, json(lead))).status).toBe(201);
    expect((await t.app.request(`/api/leads/${on.id}`, json({ ...lead, email: 'nope' }))).status).toBe(422);
    expect((await t.app.request('/api/leads/99999', json(lead))).status).toBe(404);

    const list = await (await t.app.request(`/api/tours/${on.shortId}/leads`, { headers: owner.auth })).json();
    expect(list).toMatchObject({ total: 1, items: [{ email: 'vis@example.com', url: 'https://partner.example/listing' }] });
    expect((await t.app.request(`/api/tours/${on.shortId}/leads`, { headers: (await signUp(t, 'Other')).auth })).status).toBe(403);
    expect((await t.app.request(`/api/tours/${on.shortId}/leads`)).status).toBe(401);
    const csv = await t.app.request(`/api/tours/${on.shortId}/leads.csv`, { headers: owner.auth });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('"vis@example.com"');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('showing requests and join notices, mailed through a real SMTP server', () => {
  it('stores a showing request and mails the agent', async () => {
    mailing = await createMailingTestApp();
    const { t, smtp } = mailing;
    const owner = await signUpAndClearMail(mailing);
    const tour = await tourWith(t, owner, { title: 'Loft', agentName: 'Alex', agentEmail: 'alex@agency.example', isScheduleEnabled: true });
    const response = await t.app.request(
      `/api/tours/${tour.shortId}/requestShowing`,
      json({ name: 'Vera', email: 'vera@example.com', phone: '+1 555 0100', comments: 'Tomorrow?' }),
    );
    expect(response.status).toBe(201);
    expect(await response.json(), "the agent's address is not told to the visitor").toEqual({ ok: true, agentName: 'Alex' });
    await expect.poll(() => smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['alex@agency.example']);
    expect(smtp.received[0].raw).toContain('Vera');
    // Mail programs offer their own unsubscribe button from this header.
    expect(smtp.received[0].raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost\/unsubscribe#[^>]+>/m);
    const showings = await (await t.app.request(`/api/tours/${tour.shortId}/showings`, { headers: owner.auth })).json();
    expect(showings.items[0]).toMatchObject({ name: 'Vera', phone: '+1 555 0100', comments: 'Tomorrow?' });
    await mailing.sendDue();
    const outbox = await (await t.app.request('/api/outbox', { headers: owner.auth })).json();
    expect(outbox.items[0].sentAt).toBeTruthy();
  });

  it.each([
    ['an empty name', { name: '', email: 'a@b.co' }, 'name'],
    ['a 101-character name', { name: 'x'.repeat(101), email: 'a@b.co' }, 'name'],
    ['an invalid e-mail', { name: 'Vera', email: 'not-mail' }, 'email'],
    ['a 21-character phone', { name: 'Vera', email: 'a@b.co', phone: '1'.repeat(21) }, 'phone'],
    ['1001 characters of comments', { name: 'Vera', email: 'a@b.co', comments: 'c'.repeat(1001) }, 'comments'],
  ])('refuses a showing form with %s', async (_label, form, field) => {
    const t = await createTestApp();
    const tour = await tourWith(t, await signUp(t), { isScheduleEnabled: true });
    const response = await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json(form));
    expect(response.status).toBe(422);
    expect((await response.json()).error.details.fieldErrors).toHaveProperty(field);
  });

  it('keeps mail in the owner’s outbox when no SMTP server is set', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWith(t, owner, { title: 'Loft', isScheduleEnabled: true });
    await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));
    const outbox = await (await t.app.request('/api/outbox', { headers: owner.auth })).json();
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0]).toMatchObject({ sentAt: null, subject: 'Showing request for "Loft"' });
  });

  it('mails the owner when someone else joins the chat and notifications are on', async () => {
    mailing = await createMailingTestApp();
    const { t, smtp } = mailing;
    const owner = await signUpAndClearMail(mailing);
    const quiet = await tourWith(t, owner, {});
    expect(await (await t.app.request(`/api/tours/${quiet.shortId}/joinChat`)).json()).toEqual({ notified: false });
    const loud = await tourWith(t, owner, { isNotifyEnabled: true, title: 'Loft' });
    expect(await (await t.app.request(`/api/tours/${loud.shortId}/joinChat`, { headers: owner.auth })).json()).toEqual({ notified: false });
    expect(await (await t.app.request(`/api/tours/${loud.shortId}/joinChat`, { headers: (await guest(t)).auth })).json()).toEqual({ notified: true });
    await expect.poll(() => smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([(await (await t.app.request('/api/status/user', { headers: owner.auth })).json()).email]);
    expect(smtp.received[0].raw).toContain('Loft');
  });
});

describe('the notifications behind the owner’s inbox', () => {
  it('records a lead, a showing request and a chat join for the tour’s owner, mail server or not', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const tour = await tourWith(t, owner, { title: '<b>Loft</b>', isScheduleEnabled: true, isNotifyEnabled: true, leadgen: { enabled: true, message: '' } });
    await t.app.request(`/api/leads/${tour.id}`, json({ email: 'lead@example.com', name: 'Lea', url: '' }));
    await t.app.request(`/api/tours/${tour.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com' }));
    await t.app.request(`/api/tours/${tour.shortId}/joinChat`, { headers: (await guest(t)).auth });
    await t.app.request(`/api/tours/${tour.shortId}/joinChat`, { headers: owner.auth });

    const rows = await t.db.selectFrom('notification').selectAll().orderBy('id').execute();
    expect(rows.map(({ user_id, kind, tour_id, read_at }) => ({ user_id, kind, tour_id, read_at }))).toEqual(
      ['lead', 'showing', 'chat-join'].map((kind) => ({ user_id: owner.id, kind, tour_id: tour.id, read_at: null })),
    );
    expect(rows[0].text).toBe('Lea left their contact details on "<b>Loft</b>".');
    expect(JSON.parse(rows[1].data)).toMatchObject({ name: 'Vera', email: 'vera@example.com' });
    expect(rows[2].text).toBe('A visitor joined the video chat of "<b>Loft</b>".');
  });
});
