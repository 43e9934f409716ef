import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { guest, json, signUp, type TestUser } from './support/users';

async function tourWith(t: TestApp, owner: TestUser, fields: Record<string, unknown>) {
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  return (await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, ...fields }, owner.auth))).json();
}

const OPEN = { isScheduleEnabled: true, isNotifyEnabled: true, leadgen: { enabled: true } };

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let loft: { id: number; shortId: string };
let barn: { id: number; shortId: string };

const get = async (path: string, who: TestUser = owner) => (await t.app.request(path, { headers: who.auth })).json();
const kindsOf = (page: { items: Array<{ kind: string }> }) => page.items.map((item) => item.kind);

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, 'Other');
  loft = await tourWith(t, owner, { title: 'Loft', ...OPEN });
  barn = await tourWith(t, owner, { title: 'Barn', ...OPEN });
  const theirs = await tourWith(t, other, { title: 'Theirs', ...OPEN });
  await t.app.request(`/api/leads/${loft.id}`, json({ name: 'Lea', email: 'lea@example.com', url: 'https://partner.example/loft' }));
  await t.app.request(`/api/tours/${loft.shortId}/requestShowing`, json({ name: 'Vera', email: 'vera@example.com', phone: '+1 555', comments: 'Say "hi"' }));
  await t.app.request(`/api/leads/${barn.id}`, json({ name: '=cmd|calc', email: 'bo@example.com' }));
  await t.app.request(`/api/tours/${barn.shortId}/joinChat`, { headers: (await guest(t)).auth });
  await t.app.request(`/api/leads/${theirs.id}`, json({ name: 'Not yours', email: 'x@example.com' }));
});

describe('the owner’s inbox across their tours', () => {
  it('lists their entries newest first, with the tour and the visitor’s details, in the paginated shape', async () => {
    const page = await get('/api/inbox');
    expect(page).toMatchObject({ page: 1, perPage: 20, total: 4 });
    expect(kindsOf(page)).toEqual(['chat-join', 'lead', 'showing', 'lead']);
    expect(page.items[2]).toMatchObject({
      kind: 'showing',
      tour: { shortId: loft.shortId, title: 'Loft' },
      text: 'Vera asks for a live showing of "Loft".',
      data: { name: 'Vera', email: 'vera@example.com', phone: '+1 555' },
      read: false,
    });
    expect(JSON.stringify(page)).not.toContain('Not yours');
    expect((await get('/api/inbox', other)).total).toBe(1);
  });

  it('pages through the entries, saying how many there are', async () => {
    const first = await get('/api/inbox?perPage=3');
    const second = await get('/api/inbox?perPage=3&page=2');
    expect([first.total, first.items.length, second.items.length]).toEqual([4, 3, 1]);
    expect(new Set([...first.items, ...second.items].map((item: { id: number }) => item.id)).size).toBe(4);
  });

  it('filters by tour, by kind and by unread', async () => {
    expect(kindsOf(await get(`/api/inbox?tour=${loft.shortId}`))).toEqual(['showing', 'lead']);
    expect(kindsOf(await get('/api/inbox?kind=lead'))).toEqual(['lead', 'lead']);
    expect(kindsOf(await get(`/api/inbox?tour=${barn.shortId}&kind=lead`))).toEqual(['lead']);
    expect((await get('/api/inbox?tour=nosuchtour')).total).toBe(0);
    const [newest] = (await get('/api/inbox')).items;
    await t.app.request('/api/inbox/read', json({ ids: [newest.id] }, owner.auth));
    expect((await get('/api/inbox?unread=1')).total).toBe(3);
  });

  it('counts unread entries by kind and by tour, and marks them read by id or by filter, the owner’s own only', async () => {
    expect(await get('/api/inbox/summary')).toEqual({
      unread: 4,
      unreadByKind: { lead: 2, unlock: 0, showing: 1, 'chat-join': 1, invitation: 0, team: 0 },
      tours: [
        { shortId: barn.shortId, title: 'Barn', unread: 2 },
        { shortId: loft.shortId, title: 'Loft', unread: 2 },
      ],
    });
    const theirs = (await get('/api/inbox', other)).items[0].id;
    const mine = (await get('/api/inbox?kind=showing')).items[0].id;
    const marked = await t.app.request('/api/inbox/read', json({ ids: [mine, theirs] }, owner.auth));
    expect(await marked.json()).toEqual({ marked: 1 });
    expect((await get('/api/inbox/summary', other)).unread, 'someone else’s entry stays unread').toBe(1);

    expect(await (await t.app.request('/api/inbox/read', json({ all: true, kind: 'lead', tour: barn.shortId }, owner.auth))).json()).toEqual({ marked: 1 });
    expect((await get('/api/inbox/summary')).unreadByKind).toMatchObject({ lead: 1, showing: 0, 'chat-join': 1 });
    await t.app.request('/api/inbox/read', json({ all: true }, owner.auth));
    expect((await get('/api/inbox/summary')).unread).toBe(0);
    expect((await get('/api/inbox')).items.every((item: { read: boolean }) => item.read)).toBe(true);
  });

  it('exports the leads and the showing requests of all their tours as CSV with column headers, formulas defused', async () => {
    const leads = await t.app.request('/api/inbox/leads.csv', { headers: owner.auth });
    expect(leads.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(leads.headers.get('Content-Disposition')).toBe('attachment; filename="leads.csv"');
    const leadLines = (await leads.text()).trimEnd().split('\r\n');
    expect(leadLines[0]).toBe('"tour","tourShortId","createdDate","name","email","url"');
    expect(leadLines).toHaveLength(3);
    expect(leadLines[1]).toMatch(new RegExp(`^"Loft","${loft.shortId}","[^"]+","Lea","lea@example.com","https://partner.example/loft"$`));
    expect(leadLines[2]).toContain(`"'=cmd|calc"`);

    const showings = await (await t.app.request('/api/inbox/showings.csv', { headers: owner.auth })).text();
    const lines = showings.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"tour","tourShortId","createdDate","name","email","phone","comments","preferredLocalTime","preferredTimeZone","preferredUtc"');
    expect(lines[1]).toMatch(/"Vera","vera@example.com","'\+1 555","Say ""hi""","","",""$/);
    expect(showings).not.toContain('Not yours');

    const barnOnly = await (await t.app.request(`/api/inbox/leads.csv?tour=${barn.shortId}`, { headers: owner.auth })).text();
    expect(barnOnly.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('starts each CSV with a UTF-8 BOM and guards formulas after leading whitespace, but not plain phone numbers', async () => {
    const showing = (phone: string, comments: string) =>
      t.app.request(`/api/tours/${barn.shortId}/requestShowing`, json({ name: 'Zoë', email: 'z@example.com', phone, comments }));
    expect((await showing('+1 (555) 010-0100', ' =1+1')).status).toBe(201);
    expect((await showing('@SUM(1)', '\n=HYPERLINK("x")')).status).toBe(201);
    expect((await showing('555-0100 12', '\t-2+3')).status).toBe(201);
    const answer = await t.app.request(`/api/inbox/showings.csv?tour=${barn.shortId}`, { headers: owner.auth });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)], 'a UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(Buffer.from(bytes), { bom: true, columns: true });
    // Sent within the same moment, so their order is not what is checked.
    expect(rows.map(({ name, phone, comments }) => [name, phone, comments]).sort()).toEqual([
      ['Zoë', "'@SUM(1)", `'\n=HYPERLINK("x")`],
      ['Zoë', '+1 (555) 010-0100', "' =1+1"],
      ['Zoë', '555-0100 12', "'\t-2+3"],
    ]);
  });

  it.each([
    ['GET', '/api/inbox?kind=spam', undefined],
    ['GET', '/api/inbox?perPage=0', undefined],
    ['GET', '/api/inbox?perPage=101', undefined],
    ['GET', '/api/inbox?page=-1', undefined],
    ['GET', '/api/inbox?unread=yes', undefined],
    ['GET', `/api/inbox/leads.csv?tour=${'x'.repeat(101)}`, undefined],
    ['POST', '/api/inbox/read', {}],
    ['POST', '/api/inbox/read', { ids: [] }],
    ['POST', '/api/inbox/read', { ids: ['1'] }],
    ['POST', '/api/inbox/read', { all: false }],
    ['POST', '/api/inbox/read', { all: true, ids: [1] }],
  ])('refuses %s %s %j in the one error shape', async (method, path, body) => {
    const response = await t.app.request(path, body === undefined ? { method, headers: owner.auth } : json(body, owner.auth));
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatchObject({ code: 'ValidationFailed', message: expect.any(String) });
  });
});

describe('the dashboard’s list of tours', () => {
  it('pages with a total and searches titles in any case, taking % and _ as letters', async () => {
    for (const title of ['Sea view 100%', 'Sea_side', 'Mountain hut']) await tourWith(t, owner, { title });
    const all = await get('/api/tours?perPage=2');
    expect([all.total, all.items.length]).toEqual([5, 2]);
    const titles = async (search: string) =>
      (await get(`/api/tours?search=${encodeURIComponent(search)}`)).items.map((tour: { title: string }) => tour.title).sort();
    expect(await titles('SEA')).toEqual(['Sea view 100%', 'Sea_side']);
    expect(await titles('%')).toEqual(['Sea view 100%']);
    expect(await titles('a_s')).toEqual(['Sea_side']);
    expect(await titles('loft')).toEqual(['Loft']);
    expect((await get('/api/tours?search=zzz')).total).toBe(0);
    expect((await get('/api/tours?search=loft', other)).total, 'only the caller’s tours').toBe(0);
    expect((await t.app.request(`/api/tours?search=${'x'.repeat(201)}`, { headers: owner.auth })).status).toBe(422);
  });
});
