import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, type Db } from '../../api/db/database';
import { migrationProvider } from '../../api/db/migrations';
import type { Page } from '../../api/schema/requests';
import type { MyTour, TeamTour } from '../../api/schema/team';
import { createPostgresDatabase, dropPostgresDatabase } from '../support/postgres';
import { expectCall, person, savedTour, teamWith } from './support/teams';
import { TEST_ENGINE } from './support/test-database';
import { createTestApp } from './support/test-app';

const TITLES = ['Écurie du Lac', 'ecurie 2', 'Łukasz Żółć', 'Straße 5', 'Øresund', 'Cœur', 'Mountain hut'];

const titlesOf = (page: Page<{ title: string }>) => page.items.map((tour) => tour.title);

describe(`search and sort by title, case and accents folded (${TEST_ENGINE})`, () => {
  it('finds titles on the dashboard as typed with or without accents, and sorts by the folded title', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    for (const title of TITLES) await savedTour(t, owner, { title });
    const search = async (words: string) => titlesOf(await expectCall(t, 'GET', `/tours?sort=title&search=${encodeURIComponent(words)}`, owner, 200)).sort();
    expect(await search('Écurie')).toEqual(['Écurie du Lac', 'ecurie 2'].sort());
    expect(await search('ÉCURIE DU')).toEqual(['Écurie du Lac']);
    expect(await search('ecurie')).toEqual(['Écurie du Lac', 'ecurie 2'].sort());
    expect(await search('Łukasz Żółć')).toEqual(['Łukasz Żółć']);
    expect(await search('lukasz zolc')).toEqual(['Łukasz Żółć']);
    expect(await search('ŁUKASZ')).toEqual(['Łukasz Żółć']);
    expect(await search('strasse')).toEqual(['Straße 5']);
    expect(await search('oresund')).toEqual(['Øresund']);
    expect(await search('coeur')).toEqual(['Cœur']);
    expect(await search('ß')).toEqual(['Straße 5']);
    expect(await search('MOUNTAÏN')).toEqual(['Mountain hut']);
    expect(await search('ecurie 3')).toEqual([]);

    const sorted = titlesOf(await expectCall(t, 'GET', '/tours?sort=title&perPage=100', owner, 200));
    expect(sorted).toEqual(['Cœur', 'ecurie 2', 'Écurie du Lac', 'Łukasz Żółć', 'Mountain hut', 'Øresund', 'Straße 5']);
    const recent = titlesOf(await expectCall(t, 'GET', '/tours?perPage=100', owner, 200));
    expect(recent, 'newest first unless asked').toEqual([...TITLES].reverse());
    expect((await expectCall(t, 'GET', '/tours?sort=price', owner, 422)).error.code).toBe('ValidationFailed');
  });

  it('finds and sorts the same way in a team’s tours and in the tours an owner can share', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const viewer = await person(t, 'Vic');
    const team = await teamWith(t, owner, [[viewer, 'view']]);
    const tours = [];
    for (const title of TITLES) tours.push(await savedTour(t, owner, { title }));
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTours`, owner, 201, { tourIds: tours.map((tour) => tour.shortId) });

    const teamTours = await expectCall<Page<TeamTour>>(t, 'GET', `/teams/${team.id}/tours?search=ECURIE&sort=title`, viewer, 200);
    expect(titlesOf(teamTours)).toEqual(['ecurie 2', 'Écurie du Lac']);
    expect(titlesOf(await expectCall(t, 'GET', `/teams/${team.id}/tours?search=zolc`, viewer, 200))).toEqual(['Łukasz Żółć']);
    const mine = await expectCall<Page<MyTour>>(t, 'GET', '/teams/getMyTours?sort=title&perPage=3', owner, 200);
    expect([mine.total, titlesOf(mine)]).toEqual([7, ['Cœur', 'ecurie 2', 'Écurie du Lac']]);
    expect(titlesOf(await expectCall(t, 'GET', '/teams/getMyTours?search=strasse', owner, 200))).toEqual(['Straße 5']);
    expect(titlesOf(await expectCall(t, 'GET', '/teams/getMyTours?search=lukasz', viewer, 200)), 'only the caller’s own').toEqual([]);
  });

  it('folds the titles of tours written before the search column, as the migration found them', async () => {
    const url = TEST_ENGINE === 'postgres' ? await createPostgresDatabase('tour_fold') : undefined;
    const db: Db = url ? openPostgres(url) : openDatabase(':memory:');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const names = Object.keys(await migrationProvider.getMigrations());
      const folding = names.indexOf('2026-11-27T03-00-owners-follow-up');
      expect((await migrator.migrateTo(names[folding - 1])).error).toBeUndefined();
      for (const [index, title] of ['Écurie du Lac', 'Łukasz Żółć', 'Œuvre Þór Đakovo'].entries()) {
        await sql`insert into tour (short_id, type, privacy, data, list_title, updated_at) values (${`old${index}`}, 'locked', 'Public', '{}', ${title}, '2026-11-26')`.execute(
          db,
        );
      }
      expect((await migrator.migrateTo(names[folding])).error).toBeUndefined();
      const rows = await sql<{ search_title: string }>`select search_title from tour order by id`.execute(db);
      expect(rows.rows.map((row) => row.search_title)).toEqual(['ecurie du lac', 'lukasz zolc', 'oeuvre thor dakovo']);
    } finally {
      await db.destroy();
      if (url) await dropPostgresDatabase(url);
    }
  });
});
