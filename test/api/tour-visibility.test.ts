import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
let tour: { id: number; shortId: string };
const SCENE_URL = '/media/tours/0123abcd.jpg';

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const scene = { id: 'hall', title: 'Hall', url: SCENE_URL };
  tour = await (await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title: 'Loft', images: [scene] }, owner.auth))).json();
  await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground', url: '/media/tours/plan.jpg' }, owner.auth));
});

const setType = (type: string) => t.db.updateTable('tour').set({ type }).where('id', '=', tour.id).execute();
const setOwnerType = (type: string) => t.db.updateTable('user').set({ type }).where('id', '=', owner.id).execute();
const asVisitor = async () => (await t.app.request(`/api/tours/${tour.shortId}`)).json();
const asOwner = async () => (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
const embedded = async () => {
  const page = await (await t.app.request(`/tours/${tour.shortId}`)).text();
  return JSON.parse(/<script type="application\/json" id="tour-data">(.*?)<\/script>/s.exec(page)![1]);
};

describe('a locked tour', () => {
  it('shows visitors its title and thumbnail only, in the API and on the tour page; its owner gets everything', async () => {
    for (const seen of [await asVisitor(), await embedded()]) {
      expect(seen).toMatchObject({ title: 'Loft', type: 'locked', images: [], floorplans: [], socialImage: `/api/tours/${tour.shortId}/meta/center.jpg` });
      // Not the password cover's flag: the viewer asks for an e-mail, not a password.
      expect(seen.locked).toBeUndefined();
      expect(JSON.stringify(seen)).not.toContain(SCENE_URL);
    }
    expect(await asOwner()).toMatchObject({ type: 'locked', images: [{ url: SCENE_URL }], floorplans: [{ name: 'Ground' }] });
  });

  it('is shown whole, with its type, once a visitor gave an e-mail (locked-with-email) or it is published', async () => {
    const unlocked = await (await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'v@example.com' }))).json();
    expect(unlocked).toMatchObject({ type: 'locked-with-email', images: [{ url: SCENE_URL }] });
    expect(await asVisitor()).toMatchObject({ type: 'locked-with-email', images: [{ url: SCENE_URL }] });
    expect(await asOwner()).toMatchObject({ type: 'locked-with-email' });
    for (const type of ['free', 'paid']) {
      await setType(type);
      expect(await asVisitor()).toMatchObject({ type, images: [{ url: SCENE_URL }] });
    }
  });

  it('stays locked behind its password: the right password shows the cover, not the scenes', async () => {
    await t.app.request(
      `/api/tours/${tour.shortId}`,
      json(
        { revision: (await asOwner()).revision, title: 'Loft', privacy: 'Password', password: 'let me in', images: [{ id: 'hall', url: SCENE_URL }] },
        owner.auth,
      ),
    );
    expect(await asVisitor()).toMatchObject({ locked: true, type: 'locked', images: [] });
    const opened = await (await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'let me in' }))).json();
    expect(opened).toMatchObject({ type: 'locked', images: [], title: 'Loft' });
    await setType('free');
    expect(await (await t.app.request('/api/status/tours/password', json({ shortId: tour.shortId, password: 'let me in' }))).json()).toMatchObject({
      images: [{ url: SCENE_URL }],
    });
  });
});

describe("a Pro Plus owner's tours", () => {
  it('are never shown locked or watermarked to visitors, read from the owner at request time', async () => {
    await setOwnerType('2');
    for (const type of ['locked', 'locked-with-email', 'free']) {
      await setType(type);
      for (const seen of [await asVisitor(), await embedded()]) expect(seen).toMatchObject({ type: 'paid', owner: { type: 2 }, images: [{ url: SCENE_URL }] });
      // The owner sees the stored type: the row is not rewritten.
      expect((await asOwner()).type).toBe(type);
    }
    await setType('locked');
    await setOwnerType('1');
    expect(await asVisitor()).toMatchObject({ type: 'locked', images: [] });
  });
});
