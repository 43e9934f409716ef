import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepUnnamedMedia } from '../../../api/media/orphan-sweep';
import type { Page } from '../../../api/schema/requests';
import { HISTORY_KEPT_PER_TOUR, type HistoryEntry } from '../../../api/schema/team';
import type { Tour } from '../../../api/schema/tour';
import { OWNER_ONLY_DATA_FIELDS } from '../../../api/schema/tour-access';
import { smallPanorama } from '../../support/pictures';
import { expectCall, savedTour, sharedTour, teamOfEachPermission } from '../support/teams';

async function setUp() {
  const { t, owner, editor, viewer, team } = await teamOfEachPermission();
  const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
  return { t, owner, editor, viewer, team, tour };
}

describe('team history', () => {
  it('keeps every save of a team tour, the owner’s too, with who, what and the revision, newest first', async () => {
    const { t, owner, editor, viewer, team, tour } = await setUp();
    const byEd = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...tour, title: 'Sea view loft' });
    const plan = await expectCall(t, 'POST', `/floorplans/${tour.id}`, editor, 201, { name: 'Ground', url: '/media/tours/plan.jpg' });
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, owner, 200, {
      ...byEd,
      revision: plan.revision,
      images: [...byEd.images, { id: 'deck', title: 'Deck' }],
    });
    const history = await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history?tourId=${tour.shortId}`, viewer, 200);
    expect(history).toMatchObject({ page: 1, total: 4 });
    expect(history.items.map(({ type, currentValue, revision, user }) => ({ type, currentValue, revision, user: user?.name }))).toEqual([
      { type: 'scenes', currentValue: 'added "Deck"', revision: plan.revision + 1, user: 'Olivia' },
      { type: 'floorplan added', currentValue: 'Ground', revision: plan.revision, user: 'Ed' },
      { type: 'title', currentValue: 'Sea view loft', revision: byEd.revision, user: 'Ed' },
      { type: 'shared', currentValue: team.name, revision: tour.revision, user: 'Olivia' },
    ]);
    const one = await expectCall<HistoryEntry>(t, 'GET', `/teams/${team.id}/history/${history.items[2].id}`, viewer, 200);
    expect(one).toMatchObject({ tourId: tour.shortId, tourTitle: 'Sea view loft', type: 'title' });
    await expectCall(t, 'GET', `/teams/${team.id}/history/999999`, viewer, 404);
  });

  it('keeps no history for a tour outside a team', async () => {
    const { t, owner } = await setUp();
    const alone = await savedTour(t, owner);
    await expectCall(t, 'POST', `/tours/${alone.shortId}`, owner, 200, { ...alone, title: 'Changed' });
    expect(await t.db.selectFrom('team_history').select('id').where('tour_id', '=', alone.id).execute()).toEqual([]);
  });

  it('restores an entry’s revision, floor plans included, as a new revision; a view member may not', async () => {
    const { t, owner, editor, viewer, team, tour } = await setUp();
    const first = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...tour, title: 'First words' });
    const plan = await expectCall(t, 'POST', `/floorplans/${tour.id}`, editor, 201, { name: 'Ground', url: '/media/tours/plan.jpg' });
    const [kept] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200)).items;
    expect(kept.revision).toBe(plan.revision);
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...first, revision: plan.revision, title: 'Vandalised', images: [] });
    await expectCall(t, 'DELETE', `/floorplan/delete/${plan.floorplanId}`, editor, 200);

    await expectCall(t, 'POST', `/teams/${team.id}/history/${kept.id}/restore`, viewer, 403);
    const restored = await expectCall<Tour>(t, 'POST', `/teams/${team.id}/history/${kept.id}/restore`, owner, 200);
    expect(restored).toMatchObject({
      title: 'First words',
      images: [expect.objectContaining({ id: 'hall' })],
      floorplans: [expect.objectContaining({ name: 'Ground' })],
    });
    expect(restored.revision).toBeGreaterThan(plan.revision + 2);
    const [newest] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200)).items;
    expect(newest).toMatchObject({ type: 'restore', currentValue: `revision ${kept.revision}`, revision: restored.revision, user: { name: 'Olivia' } });
    // An editor still holding the old revision is told the tour changed.
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, editor, 409, { ...first, revision: plan.revision + 2 });
    // The dashboard lists and finds the tour by the title the restore put back, as after a save.
    const listed = await expectCall<Page<Tour>>(t, 'GET', '/tours?search=first%20words', owner, 200);
    expect(listed.items.map((item) => item.shortId)).toEqual([tour.shortId]);
    expect((await expectCall<Page<Tour>>(t, 'GET', '/tours?search=vandalised', owner, 200)).total).toBe(0);
  });

  it('answers a team tour’s save, read and restore with the team it is shared with', async () => {
    const { t, editor, team, tour } = await setUp();
    const saved = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...tour, title: 'Shared' });
    expect(saved.teamId).toBe(team.id);
    expect((await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, editor, 200)).teamId).toBe(team.id);
  });

  it('a restore keeps every owner-only setting as it is now', async () => {
    const { t, owner, editor, team, tour } = await setUp();
    await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...tour, title: 'Old' });
    const [entry] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200)).items;
    const now = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, {
      ...(await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, owner, 200)),
      privacy: 'Public',
      agentEmail: 'agent@example.com',
      email: 'leads@example.com',
      whiteLabelUrl: 'https://tours.example.com',
      isNotifyEnabled: !tour.isNotifyEnabled,
    });
    const restored = await expectCall<Tour>(t, 'POST', `/teams/${team.id}/history/${entry.id}/restore`, editor, 200);
    expect(restored).toMatchObject({ title: 'Old', teamMember: true });
    expect(OWNER_ONLY_DATA_FIELDS.map((field) => restored[field])).toEqual(OWNER_ONLY_DATA_FIELDS.map((field) => now[field]));
    expect(
      OWNER_ONLY_DATA_FIELDS.filter((field) => now[field] === tour[field]),
      'each kept field changed',
    ).toEqual([]);
  });

  it(`keeps the newest ${HISTORY_KEPT_PER_TOUR} entries of a tour`, async () => {
    const { t, owner, team, tour } = await setUp();
    let current = tour;
    for (let i = 0; i < HISTORY_KEPT_PER_TOUR + 3; i += 1) {
      current = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, { ...current, title: `Take ${i}` });
    }
    const page = await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history?perPage=50`, owner, 200);
    // The tour as it was shared stays besides them, so the team can always go back to where it started.
    expect(page.total).toBe(HISTORY_KEPT_PER_TOUR + 1);
    expect(page.items[0].currentValue).toBe(`Take ${HISTORY_KEPT_PER_TOUR + 2}`);
    expect(page.items.at(-1)?.currentValue).toBe('Take 3');
    const [shared] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history?perPage=50&page=2`, owner, 200)).items;
    expect(shared.type).toBe('shared');
    const back = await expectCall<Tour>(t, 'POST', `/teams/${team.id}/history/${shared.id}/restore`, owner, 200);
    expect(back.title).toBe(tour.title);
  });

  it('records the tour as it was shared once, not again when it is shared with the same team', async () => {
    const { t, owner, team, tour } = await setUp();
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, owner, 201, { tourId: tour.shortId });
    const page = await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200);
    expect(page.items.map((entry) => entry.type)).toEqual(['shared']);
  });

  it('describes a save by what it changed: scenes, hotspots and settings', async () => {
    const { t, owner, team, tour } = await setUp();
    const link = { image: { id: 'deck' }, coords: { x: 0, y: 0, z: 1 } };
    const withDeck = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, {
      ...tour,
      images: [...tour.images, { id: 'deck', title: 'Deck' }],
    });
    const hall = withDeck.images[0];
    const linked = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, {
      ...withDeck,
      images: [{ ...hall, hotspots: [...hall.hotspots, link, link] }, withDeck.images[1]],
    });
    const renamed = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, {
      ...linked,
      theme: 'modern',
      images: [linked.images[1], { ...linked.images[0], title: 'Entrance' }],
    });
    await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, owner, 200, { ...renamed, images: [{ ...renamed.images[1], hotspots: [] }] });
    const page = await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200);
    expect(page.items.slice(0, 4).map(({ type, currentValue }) => ({ type, currentValue }))).toEqual([
      { type: 'changes', currentValue: 'scenes: removed "Deck"; hotspots: 2 removed in "Entrance"' },
      { type: 'changes', currentValue: 'scenes: renamed "Hall" to "Entrance", reordered; settings: theme' },
      { type: 'hotspots', currentValue: '2 added in "Hall"' },
      { type: 'scenes', currentValue: 'added "Deck"' },
    ]);
  });

  it('adds a note to a tour’s history for those who edit it', async () => {
    const { t, editor, viewer, team, tour } = await setUp();
    await expectCall(t, 'POST', `/teams/${team.id}/history`, viewer, 403, { tourId: tour.shortId, type: 'images' });
    const added = await expectCall<Page<HistoryEntry>>(t, 'POST', `/teams/${team.id}/history`, editor, 201, {
      tourId: tour.shortId,
      type: 'images',
      currentValue: 'uploaded 3 pictures',
    });
    expect(added.items[0]).toMatchObject({ type: 'images', currentValue: 'uploaded 3 pictures', user: { name: 'Ed' } });
    await expectCall(t, 'POST', `/teams/${team.id}/history`, editor, 422, { tourId: tour.shortId, type: '' });
  });

  it('never sweeps a picture that only a kept state names, and a restore brings it back', async () => {
    const { t, owner, editor, team, tour } = await setUp();
    const form = new FormData();
    form.set('image', new File([new Uint8Array(await smallPanorama(400))], 'Deck.jpg'));
    form.set('tourId', String(tour.id));
    const picture = await (await t.app.request('/api/images/', { method: 'POST', headers: editor.auth, body: form })).json();
    const scene = { id: 'deck', title: 'Deck', url: picture.url, thumbUrl: picture.thumbUrl, hotspotUrl: picture.hotspotUrl };
    const withDeck = await expectCall<Tour>(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...tour, images: [...tour.images, scene] });
    const [entry] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history`, owner, 200)).items;
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...withDeck, images: tour.images });
    const file = join(t.config.dataDir, picture.url);
    const old = new Date(Date.now() - 48 * 60 * 60 * 1000);
    utimesSync(file, old, old);
    await sweepUnnamedMedia(t.db, t.media, t.logger);
    expect((await t.app.request(picture.url)).status).toBe(200);
    const restored = await expectCall<Tour>(t, 'POST', `/teams/${team.id}/history/${entry.id}/restore`, owner, 200);
    expect(restored.images.map((image) => image.url)).toContain(picture.url);
  });
});
