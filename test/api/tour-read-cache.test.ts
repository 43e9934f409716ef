import { beforeEach, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../api/billing/operator-commands';
import { databaseFile } from '../../api/config/config';
import { openDatabase } from '../../api/db/database';
import { keyQuery, readTourCached } from '../../api/tours/tour-read-cache';
import { findTourByShortId } from '../../api/tours/tour.repository';
import { createTestApp, type TestApp } from './support/test-app';
import { TEST_ENGINE } from './support/test-database';
import { json, signUp, type TestUser } from './support/users';

// GET /api/tours/{shortId} answers from a cache kept per state of the tour. Every test reads the tour before and
// after a change, so a kept answer is there to leak to the wrong caller or to stay after the write. On a SQLite file
// (the server's own) the cache asks the database only after a commit, in memory on every read: both are run.

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let tour: { id: number; shortId: string; revision: number };
const SCENES = [
  { id: 'hall', title: 'Hall', url: '/media/tours/hall.jpg' },
  { id: 'attic', title: 'Attic', url: '/media/tours/attic.jpg' },
];

const STORES = TEST_ENGINE === 'sqlite' ? [false, true] : [false];

describe.each(STORES)('on a SQLite file: %s', (sqliteFile) => {
  beforeEach(async () => {
    t = await createTestApp({}, { sqliteFile });
    owner = await signUp(t);
    stranger = await signUp(t, 'Stranger');
    const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    tour = await (await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, title: 'Loft', images: SCENES }, owner.auth))).json();
  });

  const read = (headers: Record<string, string> = {}) => t.app.request(`/api/tours/${tour.shortId}`, { headers });
  const asVisitor = async () => (await read()).json();
  const asOwner = async () => (await read(owner.auth)).json();
  const save = async (changes: Record<string, unknown>) => {
    const response = await t.app.request(
      `/api/tours/${tour.shortId}`,
      json({ revision: tour.revision, title: 'Loft', images: SCENES, ...changes }, owner.auth),
    );
    expect(response.status).toBe(200);
    tour = await response.json();
  };
  const publish = async () => expect(await runOperatorCommand(t.db, ['tour', tour.shortId, 'paid'])).toMatchObject({ code: 0 });

  describe('the read cache never answers one caller with what another may see', () => {
    it('locked: the owner gets the scenes, visitors and other users the title only, read in turns', async () => {
      for (let turn = 0; turn < 2; turn++) {
        expect(await asOwner()).toMatchObject({ title: 'Loft', images: [{ id: 'hall' }, { id: 'attic' }] });
        expect(await asVisitor()).toMatchObject({ title: 'Loft', images: [] });
        expect(await (await read(stranger.auth)).json()).toMatchObject({ images: [] });
      }
    });

    it('private: the owner reads it, a visitor and another user get 403 after and before', async () => {
      await publish();
      await save({ privacy: 'Private' });
      for (let turn = 0; turn < 2; turn++) {
        expect(await asOwner()).toMatchObject({ privacy: 'Private', images: [{ id: 'hall' }, { id: 'attic' }] });
        const visitor = await read();
        expect(visitor.status).toBe(403);
        expect(visitor.headers.get('Cache-Control'), 'a refusal no cache may keep').toBe('private, no-store');
        expect(await visitor.text()).not.toContain('hall.jpg');
        expect((await read(stranger.auth)).status).toBe(403);
      }
    });

    it('password: the owner gets the tour, visitors the cover, and the owner again the whole tour', async () => {
      await publish();
      await save({ privacy: 'Password', password: 'open sesame' });
      for (let turn = 0; turn < 2; turn++) {
        expect(await asOwner()).toMatchObject({ images: [{ id: 'hall' }, { id: 'attic' }] });
        const cover = await asVisitor();
        expect(cover).toMatchObject({ locked: true, images: [], socialImage: '' });
        expect(JSON.stringify(cover)).not.toContain('hall.jpg');
      }
    });

    it('answers JSON with the cache headers of the tour it answers', async () => {
      await publish();
      const response = await read();
      expect(response.headers.get('Content-Type')).toBe('application/json');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      await save({ privacy: 'Private' });
      expect((await read(owner.auth)).headers.get('Cache-Control')).toBe('private, no-store');
    });
  });

  describe('the read cache shows every write at once', () => {
    beforeEach(async () => {
      await publish();
      expect(await asVisitor()).toMatchObject({ type: 'paid', title: 'Loft' });
    });

    it('a save, and a stale save is still refused with 409', async () => {
      await save({ title: 'Barn' });
      expect(await asVisitor()).toMatchObject({ title: 'Barn', revision: tour.revision });
      const stale = await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision - 1, title: 'Late', images: SCENES }, owner.auth));
      expect(stale.status).toBe(409);
      expect(await asVisitor()).toMatchObject({ title: 'Barn' });
    });

    it('floor plans added, changed and deleted', async () => {
      const plan = await (await t.app.request(`/api/floorplans/${tour.id}`, json({ name: 'Ground', url: '/media/tours/plan.jpg' }, owner.auth))).json();
      expect(await asVisitor()).toMatchObject({ floorplans: [{ name: 'Ground' }] });
      await t.app.request(`/api/floorplan/update/${plan.floorplanId}`, json({ name: 'First floor' }, owner.auth));
      expect(await asVisitor()).toMatchObject({ floorplans: [{ name: 'First floor' }] });
      await t.app.request(`/api/floorplan/delete/${plan.floorplanId}`, { method: 'DELETE', headers: owner.auth });
      expect(await asVisitor()).toMatchObject({ floorplans: [] });
    });

    it("the operator's type commands, and the owner's plan", async () => {
      expect(await runOperatorCommand(t.db, ['tour', tour.shortId, 'locked'])).toMatchObject({ code: 0 });
      expect(await asVisitor()).toMatchObject({ type: 'locked', images: [] });
      await t.db.updateTable('user').set({ type: '2' }).where('id', '=', owner.id).execute();
      expect(await asVisitor()).toMatchObject({ type: 'paid', images: [{ id: 'hall' }, { id: 'attic' }] });
      await t.db.updateTable('user').set({ type: '1' }).where('id', '=', owner.id).execute();
      expect(await asVisitor()).toMatchObject({ type: 'locked', images: [] });
    });

    it('an unlock by e-mail', async () => {
      expect(await runOperatorCommand(t.db, ['tour', tour.shortId, 'locked'])).toMatchObject({ code: 0 });
      expect(await asVisitor()).toMatchObject({ images: [] });
      expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/email`, json({ email: 'v@example.com' }))).status).toBe(200);
      expect(await asVisitor()).toMatchObject({ type: 'locked-with-email', images: [{ id: 'hall' }, { id: 'attic' }] });
    });

    it('a write to the row that no route of the tours makes and that leaves the revision alone', async () => {
      await t.db.updateTable('tour').set({ privacy: 'Private' }).where('id', '=', tour.id).execute();
      expect((await read()).status).toBe(403);
    });

    it('a delete, and a new tour given the same short id', async () => {
      expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
      expect((await read()).status).toBe(404);
      const other = await (await t.app.request('/api/tours', { method: 'POST', headers: stranger.auth })).json();
      await t.db.updateTable('tour').set({ short_id: tour.shortId }).where('id', '=', other.id).execute();
      expect(await (await read(stranger.auth)).json()).toMatchObject({ id: other.id, title: '', images: [] });
    });

    it.skipIf(!sqliteFile)('a write committed by another connection, as the operator commands make from their own process', async () => {
      await asVisitor();
      const other = openDatabase(databaseFile(t.config.dataDir));
      // Another process's commit reaches the server between two turns of its event loop, never within one.
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
      try {
        expect(await runOperatorCommand(other, ['tour', tour.shortId, 'locked'])).toMatchObject({ code: 0 });
        await nextTurn();
        expect(await asVisitor()).toMatchObject({ type: 'locked', images: [] });
        await other.updateTable('tour').set({ privacy: 'Private' }).where('id', '=', tour.id).execute();
        await nextTurn();
        expect((await read()).status).toBe(403);
      } finally {
        await other.destroy();
      }
    });
  });

  it('reads a tour from the database once for many reads of it at the same time', async () => {
    await publish();
    const first = await readTourCached(t.db, tour.shortId);
    const together = await Promise.all(Array.from({ length: 8 }, () => readTourCached(t.db, tour.shortId)));
    for (const read of together) expect(read?.found).toBe(first?.found);
  });

  it('keys a tour by the same state in its key query and in the read it keeps', async () => {
    const agree = async () => expect((await findTourByShortId(t.db, tour.shortId))!.stateKey).toBe(await keyQuery(t.db, tour.shortId));
    await agree();
    await publish();
    await agree();
    const team = await (await t.app.request('/api/teams', json({ name: 'Agents' }, owner.auth))).json();
    expect((await t.app.request(`/api/teams/${team.id}/sharedTour`, json({ tourId: tour.shortId }, owner.auth))).status).toBe(201);
    await agree();
    expect(await runOperatorCommand(t.db, ['plan', owner.email!, 'pro-plus'])).toMatchObject({ code: 0 });
    await agree();
  });

  it('keeps the tours of two databases apart, even under one short id', async () => {
    const first = t;
    await publish();
    expect(await asVisitor()).toMatchObject({ title: 'Loft' });
    t = await createTestApp({}, { sqliteFile });
    owner = await signUp(t);
    const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    await t.db.updateTable('tour').set({ short_id: tour.shortId }).where('id', '=', created.id).execute();
    expect(await asOwner()).toMatchObject({ title: '', images: [] });
    t = first;
    expect(await asVisitor()).toMatchObject({ title: 'Loft' });
  });
});
