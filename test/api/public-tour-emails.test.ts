import { describe, expect, it } from 'vitest';
import { person, savedTour, teamWith, type Person } from './support/teams';
import { createTestApp, type TestApp } from './support/test-app';
import { json } from './support/users';

const AGENT = 'agent-private@agency.example';
const SHOWN = 'shown-contact@agency.example';

/** A tour of `owner` whose e-mail is the account's (a new tour's default), with an agent e-mail and a typed contact. */
async function tourWithEmails(t: TestApp, owner: Person, changes: Record<string, unknown>) {
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  expect(created.email, "a new tour's e-mail is the account's").toBe(owner.email);
  return savedTour(t, owner, { email: owner.email, agentEmail: AGENT, contacts: { person: 'Pat', email: SHOWN, number: '' }, ...changes });
}

describe("visitors never read a tour's account e-mails", () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a public, published tour', { privacy: 'Public' }, true],
    ['a locked tour', { privacy: 'Public' }, false],
    ['a password tour’s cover', { privacy: 'Password', password: 'open sesame' }, true],
  ])('%s: its API answer and page carry neither, its typed contact stays; owner and team read them', async (_kind, changes, publish) => {
    const t = await createTestApp();
    const owner = await person(t, 'Owner');
    const member = await person(t, 'Member');
    const tour = await tourWithEmails(t, owner, changes);
    if (publish) expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })).status).toBe(200);
    const team = await teamWith(t, owner, [[member, 'view']]);
    expect((await t.app.request(`/api/teams/${team.id}/sharedTour`, json({ tourId: tour.shortId }, owner.auth))).status).toBe(201);

    // The owner reads first, so a kept answer of the owner's view cannot leak into the visitors'.
    const ownersRead = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
    expect(ownersRead).toMatchObject({ email: owner.email, agentEmail: AGENT });
    const membersRead = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: member.auth })).json();
    expect(membersRead).toMatchObject({ email: owner.email, agentEmail: AGENT });

    const visitorsRead = await t.app.request(`/api/tours/${tour.shortId}`);
    const page = await t.app.request(`/tours/${tour.shortId}`);
    const password = await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'open sesame' }));
    for (const answer of [visitorsRead, page, password]) {
      const text = await answer.text();
      expect(text).toContain(tour.shortId);
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(AGENT);
    }
    if (changes.privacy === 'Public' && publish) {
      const shown = await (await t.app.request(`/api/tours/${tour.shortId}`)).json();
      expect(shown.contacts.email, 'the contact the owner typed to be shown stays').toBe(SHOWN);
      const oembed = await t.app.request(`/oembed?url=${encodeURIComponent(`http://localhost/tours/${tour.shortId}`)}`);
      expect(oembed.status).toBe(200);
      expect(await oembed.text()).not.toContain(owner.email);
    }
  });
});
