import { describe, expect, it } from 'vitest';
import type { Page } from '../../../api/schema/requests';
import type { Team, TeamTour } from '../../../api/schema/team';
import type { Tour } from '../../../api/schema/tour';
import type { TestApp } from '../support/test-app';
import { expectCall, savedTour, sharedTour, teamOfEachPermission, teamWith, type Person } from '../support/teams';
import { json } from '../support/users';

function save(t: TestApp, user: Person, tour: Tour, changes: Record<string, unknown>, status: number) {
  return expectCall(t, 'POST', `/tours/${tour.shortId}`, user, status, { ...tour, ...changes });
}

describe('sharing tours with a team', () => {
  it('shares only the caller’s own tours, into one team at most; admins share, the owner can always take a tour back', async () => {
    const { t, owner, editor, admin, team } = await teamOfEachPermission();
    const mine = await savedTour(t, owner);
    const edsOwn = await savedTour(t, editor);
    const adasOwn = await savedTour(t, admin);
    const refused = await expectCall(t, 'POST', `/teams/${team.id}/sharedTours`, admin, 403, { tourIds: [adasOwn.shortId, mine.shortId] });
    expect(refused.error).toMatchObject({ code: 'Forbidden', message: 'Only the owner of a tour can share it with a team.' });
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, editor, 403, { tourId: edsOwn.shortId });
    expect(await t.db.selectFrom('team_tour').selectAll().execute(), 'nothing shared by the refused calls').toEqual([]);
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, admin, 201, { tourId: adasOwn.shortId });
    const other = await teamWith(t, owner, [], 'Other team');
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, owner, 201, { tourId: mine.shortId });
    expect((await expectCall(t, 'POST', `/teams/${other.id}/sharedTour`, owner, 409, { tourId: mine.shortId })).error.code).toBe('Conflict');
    expect((await expectCall<Tour>(t, 'GET', `/tours/${mine.shortId}`, owner, 200)).teamId).toBe(team.id);
    await expectCall(t, 'DELETE', `/teams/${team.id}/sharedTour`, editor, 403, { tourId: mine.shortId });
    await expectCall(t, 'DELETE', `/teams/${team.id}/sharedTour`, admin, 200, { tourId: mine.shortId });
    await expectCall(t, 'DELETE', `/teams/${team.id}/sharedTour`, admin, 404, { tourId: mine.shortId });
    expect((await expectCall<Tour>(t, 'GET', `/tours/${mine.shortId}`, owner, 200)).teamId).toBeNull();
  });

  it('lists the team’s tours 8 to a page by default, each with the caller’s permission', async () => {
    const { t, owner, viewer, team } = await teamOfEachPermission();
    const tours = [];
    for (let i = 0; i < 9; i += 1) tours.push(await savedTour(t, owner, { title: `Tour ${i}` }));
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTours`, owner, 201, { tourIds: tours.map((tour) => tour.shortId) });
    const first = await expectCall<Page<TeamTour>>(t, 'GET', `/teams/${team.id}/tours`, viewer, 200);
    expect(first).toMatchObject({ page: 1, perPage: 8, total: 9 });
    expect(first.items[0]).toMatchObject({ permission: 'view', owner: { name: 'Olivia' }, thumbUrl: '' });
    const second = await expectCall<Page<TeamTour>>(t, 'GET', `/teams/${team.id}/tours?page=2`, viewer, 200);
    expect(second.items).toHaveLength(1);
    expect((await expectCall<Page<TeamTour>>(t, 'GET', `/teams/${team.id}/tours`, owner, 200)).items[0].permission).toBe('admin');
  });
});

describe('permissions on a team tour', () => {
  it('view: sees a private and a password tour whole, without the password, marked to skip the lock; cannot save', async () => {
    const { t, owner, viewer, outsider, team } = await teamOfEachPermission();
    const hidden = await sharedTour(t, owner, team, { privacy: 'Private' });
    const locked = await sharedTour(t, owner, team, { privacy: 'Password', password: 'open sesame' });
    for (const tour of [hidden, locked]) {
      const seen = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, viewer, 200);
      expect(seen).toMatchObject({ teamMember: true, type: 'locked', images: [expect.objectContaining({ id: 'hall' })] });
      expect(seen.locked).toBeUndefined();
    }
    expect((await expectCall<Tour>(t, 'GET', `/tours/${hidden.shortId}`, owner, 200)).teamMember).toBeUndefined();
    await expectCall(t, 'GET', `/tours/${hidden.shortId}`, outsider, 403);
    expect((await expectCall<Tour>(t, 'GET', `/tours/${locked.shortId}`, outsider, 200)).locked).toBe(true);
    await save(t, viewer, hidden, { title: 'Mine now' }, 403);
    const room = await t.app.request('/api/mesh/video-token', json({ identity: 'Vic::1', room: String(hidden.id) }, viewer.auth));
    expect(room.status).toBe(200);
  });

  it('edit: saves content, floor plans and uploads, but not privacy, password, white-label address, e-mails or notices; never deletes, publishes or pays', async () => {
    const { t, owner, editor, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private', email: 'owner@example.com', agentEmail: 'agent@example.com' });
    const saved = await save(t, editor, tour, { title: 'New title', description: 'Sunny' }, 200);
    expect(saved).toMatchObject({ title: 'New title', userId: owner.id });
    const plan = await expectCall(t, 'POST', `/floorplans/${tour.id}`, editor, 201, { name: 'Ground', url: '/media/tours/plan.jpg' });
    expect(plan.revision).toBe(saved.revision + 1);
    const current = { ...saved, revision: plan.revision };
    for (const [changes, field] of [
      [{ privacy: 'Public' }, 'privacy'],
      [{ whiteLabelUrl: 'https://tours.example' }, 'whiteLabelUrl'],
      [{ email: 'me@example.com' }, 'email'],
      [{ agentEmail: 'me@example.com' }, 'agentEmail'],
      [{ isNotifyEnabled: true }, 'isNotifyEnabled'],
      [{ password: 'new one' }, 'password'],
    ] as const) {
      const refused = await save(t, editor, current, changes, 403);
      expect(refused.error.details.fields, field).toEqual([field]);
    }
    await expectCall(t, 'DELETE', `/tours/${tour.shortId}`, editor, 403);
    await expectCall(t, 'POST', `/tours/${tour.shortId}/unlock/free`, editor, 403);
    await expectCall(t, 'POST', `/tours/${tour.shortId}/checkout`, editor, 403);
    await expectCall(t, 'GET', `/tours/${tour.shortId}/clone`, editor, 403);
    await expectCall(t, 'GET', `/tours/${tour.shortId}/leads`, editor, 403);
    expect(await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, owner, 200)).toMatchObject({
      privacy: 'Private',
      title: 'New title',
      email: 'owner@example.com',
    });
  });

  it('admin: edits and runs the sharing; a per-tour permission overrides the team’s and can be set back', async () => {
    const { t, owner, viewer, editor, admin, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    await save(t, admin, tour, { title: 'By Ada' }, 200);
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, editor, 403, { tourId: tour.shortId, members: [{ userId: viewer.id, permission: 'edit' }] });
    const set = await expectCall<Team>(t, 'PUT', `/teams/${team.id}/sharedTour`, admin, 200, {
      tourId: tour.shortId,
      members: [
        { userId: viewer.id, permission: 'edit' },
        { userId: editor.id, permission: 'view' },
      ],
    });
    expect(set.members?.find((member) => member.id === viewer.id)?.tourPermissions).toEqual([{ tourId: tour.shortId, permission: 'edit' }]);
    const current = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, owner, 200);
    const byVic = await save(t, viewer, current, { title: 'By Vic' }, 200);
    await save(t, editor, byVic, { title: 'By Ed' }, 403);
    // Back to the team's permission: the override goes.
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, admin, 200, { tourId: tour.shortId, members: [{ userId: editor.id, permission: 'edit' }] });
    await save(t, editor, byVic, { title: 'By Ed' }, 200);
    const path = `/teams/${team.id}/sharedTour`;
    await expectCall(t, 'PUT', path, admin, 409, { tourId: tour.shortId, members: [{ userId: owner.id, permission: 'view' }] });
    await expectCall(t, 'PUT', path, admin, 422, { tourId: tour.shortId, members: [{ userId: viewer.id, permission: 'everything' }] });
    await expectCall(t, 'PUT', path, admin, 422, { tourId: tour.shortId });
  });

  it('removal and leaving end access at once: the next save is refused and says why', async () => {
    const { t, owner, editor, viewer, outsider, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    const opened = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, editor, 200);
    await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, owner, 200, { userIds: [editor.id] });
    const refused = await save(t, editor, opened, { title: 'Too late' }, 403);
    expect(refused.error).toEqual({ code: 'TeamAccessEnded', message: "You are no longer a member of this tour's team, so you cannot change it any more." });
    await expectCall(t, 'GET', `/tours/${tour.shortId}`, editor, 403);
    await expectCall(t, 'DELETE', `/teams/${team.id}/leave`, viewer, 200);
    await expectCall(t, 'GET', `/tours/${tour.shortId}`, viewer, 403);
    // Someone who never was in the team hears only that the tour is its owner's.
    expect((await save(t, outsider, opened, { title: 'Mine' }, 403)).error.code).toBe('Forbidden');
  });

  it("a member's own tours leave the team with them", async () => {
    const { t, owner, editor, admin, team } = await teamOfEachPermission();
    const theirs = await savedTour(t, admin, { privacy: 'Private' });
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, admin, 201, { tourId: theirs.shortId });
    await expectCall(t, 'GET', `/tours/${theirs.shortId}`, editor, 200);
    await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, owner, 200, { userIds: [admin.id] });
    await expectCall(t, 'GET', `/tours/${theirs.shortId}`, editor, 403);
    expect((await expectCall<Tour>(t, 'GET', `/tours/${theirs.shortId}`, admin, 200)).teamId).toBeNull();
  });

  it('the tour’s owner hands it to a team member, who then owns it', async () => {
    const { t, owner, editor, outsider, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, owner, 422, { tourId: tour.shortId, ownerId: outsider.id });
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, editor, 403, { tourId: tour.shortId, ownerId: editor.id });
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, owner, 200, { tourId: tour.shortId, ownerId: editor.id });
    const moved = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, editor, 200);
    expect(moved).toMatchObject({ userId: editor.id });
    expect(moved.teamMember).toBeUndefined();
    await save(t, editor, moved, { privacy: 'Public' }, 200);
    // The former owner keeps what the team grants them: admin, as the team's owner.
    await expectCall(t, 'DELETE', `/tours/${tour.shortId}`, owner, 403);
    await expectCall(t, 'DELETE', `/tours/${tour.shortId}`, editor, 200);
  });

  it('overrides and a hand-over in one request are one change: all of it, or nothing when a part is refused', async () => {
    const { t, owner, viewer, editor, outsider, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    const path = `/teams/${team.id}/sharedTour`;
    await expectCall(t, 'PUT', path, owner, 422, { tourId: tour.shortId, members: [{ userId: viewer.id, permission: 'edit' }], ownerId: outsider.id });
    const untouched = await expectCall<Team>(t, 'GET', `/teams/${team.id}`, owner, 200);
    expect(untouched.members?.find((member) => member.id === viewer.id)?.tourPermissions).toEqual([]);
    await expectCall(t, 'PUT', path, owner, 200, { tourId: tour.shortId, members: [{ userId: viewer.id, permission: 'edit' }], ownerId: editor.id });
    const both = await expectCall<Team>(t, 'GET', `/teams/${team.id}`, editor, 200);
    expect(both.members?.find((member) => member.id === viewer.id)?.tourPermissions).toEqual([{ tourId: tour.shortId, permission: 'edit' }]);
    expect((await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, editor, 200)).userId).toBe(editor.id);
  });
});
