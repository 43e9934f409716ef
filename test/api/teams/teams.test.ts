import { describe, expect, it } from 'vitest';
import type { Page } from '../../../api/schema/requests';
import type { Team } from '../../../api/schema/team';
import { createTestApp } from '../support/test-app';
import { expectCall, person, savedTour, teamOfEachPermission, teamWith } from '../support/teams';
import { guest } from '../support/users';

describe('teams', () => {
  it('creates a team with its owner as its admin, and lists it paginated', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const team = await expectCall<Team>(t, 'POST', '/teams', owner, 201, { name: '  Harbour Realty ' });
    expect(team).toMatchObject({ name: 'Harbour Realty', ownerId: owner.id, permission: 'admin', membersCount: 1, toursCount: 0 });
    expect(team.members).toEqual([{ id: owner.id, name: 'Olivia', email: owner.email, permission: 'admin', isOwner: true, tourPermissions: [] }]);
    for (const name of ['Two', 'Three']) await expectCall(t, 'POST', '/teams', owner, 201, { name });
    const page = await expectCall<Page<Team>>(t, 'GET', '/teams?page=2&perPage=2', owner, 200);
    expect(page).toMatchObject({ page: 2, perPage: 2, total: 3 });
    expect(page.items.map((item) => item.name)).toEqual(['Harbour Realty']);
    const every = await expectCall<Page<Team>>(t, 'GET', '/teams?withoutPagination=1&page=3', owner, 200);
    expect(every).toMatchObject({ page: 1, perPage: 500, total: 3 });
    expect(every.items).toHaveLength(3);
  });

  it("filters by the caller's place: 'all' by default, 'owner' and 'invited'", async () => {
    const t = await createTestApp();
    const olivia = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    await teamWith(t, olivia, [[mark, 'view']], 'Olivia team');
    await teamWith(t, mark, [], 'Mark team');
    const names = async (query: string) => (await expectCall<Page<Team>>(t, 'GET', `/teams${query}`, mark, 200)).items.map((team) => team.name).sort();
    expect(await names('')).toEqual(['Mark team', 'Olivia team']);
    expect(await names('?filter=all')).toEqual(['Mark team', 'Olivia team']);
    expect(await names('?filter=owner')).toEqual(['Mark team']);
    expect(await names('?filter=invited')).toEqual(['Olivia team']);
    await expectCall(t, 'GET', '/teams?filter=everyone', mark, 422);
  });

  it('refuses a guest and a bad name, changing nothing', async () => {
    const t = await createTestApp();
    const visitor = await guest(t);
    await expectCall(t, 'POST', '/teams', visitor, 403, { name: 'Mine' });
    const owner = await person(t, 'Olivia');
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }]) await expectCall(t, 'POST', '/teams', owner, 422, body);
    expect(await t.db.selectFrom('team').selectAll().execute()).toEqual([]);
  });

  it('renames for admins; only the owner deletes; a view member may do neither', async () => {
    const { t, owner, admin, viewer, team } = await teamOfEachPermission();
    expect((await expectCall<Team>(t, 'PUT', `/teams/${team.id}`, admin, 200, { name: 'Renamed' })).name).toBe('Renamed');
    const refused = await expectCall(t, 'PUT', `/teams/${team.id}`, viewer, 403, { name: 'Mine' });
    expect(refused).toEqual({ error: { code: 'Forbidden', message: "Only the team's admins can do that." } });
    await expectCall(t, 'DELETE', `/teams/${team.id}`, admin, 403);
    await expectCall(t, 'DELETE', `/teams/${team.id}`, viewer, 403);
    await expectCall(t, 'GET', `/teams/${team.id}`, viewer, 200);
    await expectCall(t, 'DELETE', `/teams/${team.id}`, owner, 200);
    await expectCall(t, 'GET', `/teams/${team.id}`, owner, 404);
    expect(await t.db.selectFrom('team_member').selectAll().execute()).toEqual([]);
  });

  it("deleting a team returns its tours to their owners, out of everyone else's reach", async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const viewer = await person(t, 'Vic');
    const team = await teamWith(t, owner, [[viewer, 'view']]);
    const tour = await savedTour(t, owner, { privacy: 'Private' });
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, owner, 201, { tourId: tour.shortId });
    await expectCall(t, 'GET', `/tours/${tour.shortId}`, viewer, 200);
    await expectCall(t, 'DELETE', `/teams/${team.id}`, owner, 200);
    await expectCall(t, 'GET', `/tours/${tour.shortId}`, viewer, 403);
    expect((await expectCall(t, 'GET', `/tours/${tour.shortId}`, owner, 200)).teamId).toBeNull();
  });

  it('the owner hands the team to an admin only, and stays an admin', async () => {
    const { t, owner, admin, editor, team } = await teamOfEachPermission();
    await expectCall(t, 'PUT', `/teams/${team.id}`, owner, 422, { ownerId: editor.id });
    await expectCall(t, 'PUT', `/teams/${team.id}`, admin, 403, { ownerId: admin.id });
    const moved = await expectCall<Team>(t, 'PUT', `/teams/${team.id}`, owner, 200, { ownerId: admin.id });
    expect(moved).toMatchObject({ ownerId: admin.id, permission: 'admin' });
    expect(moved.members?.find((member) => member.id === owner.id)).toMatchObject({ permission: 'admin', isOwner: false });
    await expectCall(t, 'DELETE', `/teams/${team.id}`, owner, 403);
    await expectCall(t, 'DELETE', `/teams/${team.id}/leave`, owner, 200);
  });

  it("a team goes with its owner's account; a member's account takes only its membership", async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const member = await person(t, 'Mark');
    const team = await teamWith(t, owner, [[member, 'edit']]);
    const other = await teamWith(t, member, [], 'Mark team');
    await t.db.deleteFrom('user').where('id', '=', owner.id).execute();
    expect(await t.db.selectFrom('team').select('id').execute()).toEqual([{ id: other.id }]);
    await t.db.deleteFrom('user').where('id', '=', member.id).execute();
    expect(await t.db.selectFrom('team').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('team_invitation').select('id').execute()).toEqual([]);
    expect(team.id).not.toBe(other.id);
  });

  it('lists the caller’s own tours with the team each is shared with', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const team = await teamWith(t, owner);
    const shared = await savedTour(t, owner);
    const kept = await savedTour(t, owner, { title: 'Kept' });
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTours`, owner, 201, { tourIds: [shared.shortId] });
    const mine = await expectCall(t, 'GET', '/teams/getMyTours?perPage=10', owner, 200);
    expect(mine).toMatchObject({ page: 1, perPage: 10, total: 2 });
    expect(mine.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ shortId: shared.shortId, teamId: team.id, title: 'Harbour loft' }),
        expect.objectContaining({ shortId: kept.shortId, teamId: null, title: 'Kept' }),
      ]),
    );
  });
});
