import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import type { UserRow } from '../db/tables';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { parseNumericId } from '../http/numeric-id';
import { pageQuerySchema, tourListQuerySchema } from '../schema/requests';
import {
  historyNoteSchema,
  historyQuerySchema,
  manageMembersSchema,
  removeMembersSchema,
  sendInvitedSchema,
  sharedTourSchema,
  sharedToursSchema,
  sharedTourUpdateSchema,
  TEAM_TOURS_PREVIEW,
  teamCreateSchema,
  teamsQuerySchema,
  teamUpdateSchema,
} from '../schema/team';
import { inTransaction } from '../db/database';
import { findTourFor, tourSeenWith } from '../tours/tour-access';
import { findTourByShortId, transferTour } from '../tours/tour.repository';
import { acceptInvitation, copyableInvitationLink, dismissInvitation, findOpenInvitation, inviteByEmail } from './invitations';
import { findHistoryEntry, listHistory, recordTeamChange, restoreEntry, SHARED_ENTRY } from './team-history';
import {
  createTeam,
  findMembership,
  listInvitations,
  listMyTours,
  listTeams,
  listTeamTours,
  memberIds,
  memberPermissions,
  moveTeamOwnership,
  removeMembers,
  setPermissions,
  setTourPermissions,
  shareTours,
  teamWithMembers,
  unshareTour,
  type Membership,
} from './team.repository';

type Need = 'member' | 'admin' | 'owner';

const NEEDS: Record<Exclude<Need, 'member'>, string> = {
  admin: "Only the team's admins can do that.",
  owner: "Only the team's owner can do that.",
};

/**
 * The team in the path and the caller's place in it. A team the caller is not in answers as a missing one, so
 * team ids tell nothing; a member without the need is refused.
 */
async function teamFor(c: Context<AppEnv>, need: Need): Promise<Membership & { user: UserRow }> {
  const user = requireUser(c);
  const teamId = parseNumericId(c.req.param('teamId'));
  const membership = teamId === undefined ? undefined : await findMembership(c.get('db'), teamId, user.id);
  if (!membership) throw new ApiError(404, 'TeamNotFound', 'No team with this id.');
  if ((need === 'admin' && membership.permission !== 'admin') || (need === 'owner' && !membership.isOwner)) {
    throw new ApiError(403, 'Forbidden', NEEDS[need]);
  }
  return { ...membership, user };
}

/** A tour the caller owns, named by short id, to share into a team; anybody else's is refused. */
async function ownTour(c: Context<AppEnv>, shortId: string, user: UserRow): Promise<{ id: number; teamId: number | null }> {
  const record = await findTourByShortId(c.get('db'), shortId);
  if (!record || record.row.user_id !== user.id)
    throw new ApiError(403, 'Forbidden', 'Only the owner of a tour can share it with a team.', { details: { tourId: shortId } });
  return { id: record.row.id, teamId: record.teamId };
}

/** A tour of this team, named by short id. */
async function teamTour(c: Context<AppEnv>, teamId: number, shortId: string) {
  const record = await findTourByShortId(c.get('db'), shortId);
  if (!record || record.teamId !== teamId) throw new ApiError(404, 'TourNotFound', 'This tour is not shared with this team.');
  return record;
}

/** `/teams`: teams, their members and invitations, the tours they share and the history of those tours. */
export function teamsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireUser(c);
    return c.json(await listTeams(c.get('db'), user.id, parseOr422(teamsQuerySchema, c.req.query())));
  });

  app.post('/', async (c) => {
    const user = requireUser(c);
    if (user.type === 'guest') throw new ApiError(403, 'AccountRequired', 'Teams are for accounts: sign up first (your tours stay yours).');
    const { name } = parseOr422(teamCreateSchema, await readJson(c));
    const id = await createTeam(c.get('db'), user.id, name);
    return c.json(await teamWithMembers(c.get('db'), id, user.id, new Date()), 201);
  });

  app.get('/invitations', async (c) => {
    const user = requireUser(c);
    const page = parseOr422(pageQuerySchema, c.req.query());
    // Invitations to an address the account has not shown to be its own stay in that address's mailbox.
    if (!user.email || !user.email_confirmed_at) return c.json({ items: [], ...page, total: 0 });
    return c.json(await listInvitations(c.get('db'), user.email, new Date(), page));
  });

  app.get('/getMyTours', async (c) => {
    const user = requireUser(c);
    return c.json(await listMyTours(c.get('db'), user.id, parseOr422(tourListQuerySchema, c.req.query())));
  });

  app.get('/:teamId', async (c) => {
    const { team, user } = await teamFor(c, 'member');
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()));
  });

  app.put('/:teamId', async (c) => {
    const { team, user, isOwner } = await teamFor(c, 'admin');
    const update = parseOr422(teamUpdateSchema, await readJson(c));
    if (update.ownerId !== undefined && update.ownerId !== team.owner_id) {
      if (!isOwner) throw new ApiError(403, 'Forbidden', NEEDS.owner);
      const next = await findMembership(c.get('db'), team.id, update.ownerId);
      if (next?.permission !== 'admin') throw new ApiError(422, 'ValidationFailed', 'The team can only be handed to one of its admins.');
    }
    if (update.name !== undefined) await c.get('db').updateTable('team').set({ name: update.name }).where('id', '=', team.id).execute();
    if (update.ownerId !== undefined && update.ownerId !== team.owner_id) await moveTeamOwnership(c.get('db'), team.id, update.ownerId);
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()));
  });

  app.delete('/:teamId', async (c) => {
    const { team } = await teamFor(c, 'owner');
    await c.get('db').deleteFrom('team').where('id', '=', team.id).execute();
    return c.json({ ok: true });
  });

  app.post('/:teamId/sendInvited', async (c) => {
    const { team, user } = await teamFor(c, 'admin');
    const { emails, permission } = parseOr422(sendInvitedSchema, await readJson(c));
    await inviteByEmail(c, team, user, emails, permission);
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()), 201);
  });

  /** For installs without mail, or an invitee who wants it by chat: the inviter hands over the link themselves. */
  app.post('/:teamId/invitations/:invitationId/link', async (c) => {
    const { team } = await teamFor(c, 'admin');
    const invitationId = parseNumericId(c.req.param('invitationId'));
    if (invitationId === undefined) throw new ApiError(404, 'InvitationNotFound', 'This team has no open invitation with this id.');
    return c.json({ link: await copyableInvitationLink(c, team.id, invitationId) }, 201);
  });

  app.put('/:teamId/acceptInvited', async (c) => {
    const user = requireUser(c);
    const teamId = parseNumericId(c.req.param('teamId'));
    if (teamId === undefined) throw new ApiError(404, 'InvitationNotFound', 'There is no open invitation for you to this team.');
    await acceptInvitation(c, user, await findOpenInvitation(c.get('db'), user, { teamId }));
    return c.json(await teamWithMembers(c.get('db'), teamId, user.id, new Date()));
  });

  app.delete('/:teamId/dismissInvited', async (c) => {
    const user = requireUser(c);
    const teamId = parseNumericId(c.req.param('teamId'));
    if (teamId === undefined) throw new ApiError(404, 'InvitationNotFound', 'There is no open invitation for you to this team.');
    await dismissInvitation(c.get('db'), (await findOpenInvitation(c.get('db'), user, { teamId })).id);
    return c.json({ ok: true });
  });

  app.put('/:teamId/manageMembers', async (c) => {
    const { team, user } = await teamFor(c, 'admin');
    const { members } = parseOr422(manageMembersSchema, await readJson(c));
    const ids = await memberIds(c.get('db'), team.id);
    const stranger = members.find((member) => !ids.has(member.userId));
    if (stranger) throw new ApiError(422, 'NotTeamMember', 'Only members of the team can be given a permission.', { details: { userId: stranger.userId } });
    if (members.some((member) => member.userId === team.owner_id && member.permission !== 'admin')) {
      throw new ApiError(409, 'Conflict', "The team's owner is always an admin; hand the team to another admin first.");
    }
    await setPermissions(c.get('db'), team.id, members);
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()));
  });

  app.delete('/:teamId/removeMembers', async (c) => {
    const { team, user } = await teamFor(c, 'admin');
    const { userIds } = parseOr422(removeMembersSchema, await readJson(c));
    if (userIds.includes(team.owner_id)) throw new ApiError(409, 'Conflict', "The team's owner cannot be removed.");
    const ids = await memberIds(c.get('db'), team.id);
    const stranger = userIds.find((id) => !ids.has(id));
    if (stranger !== undefined) throw new ApiError(422, 'NotTeamMember', 'Only members of the team can be removed.', { details: { userId: stranger } });
    await removeMembers(c.get('db'), team.id, userIds);
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()));
  });

  app.delete('/:teamId/leave', async (c) => {
    const { team, user, isOwner } = await teamFor(c, 'member');
    if (isOwner) throw new ApiError(409, 'Conflict', 'The owner cannot leave the team: hand it to another admin first, or delete it.');
    await removeMembers(c.get('db'), team.id, [user.id]);
    return c.json({ ok: true });
  });

  app.get('/:teamId/tours', async (c) => {
    const { team, user } = await teamFor(c, 'member');
    const page = parseOr422(tourListQuerySchema.extend({ perPage: pageQuerySchema.shape.perPage.unwrap().default(TEAM_TOURS_PREVIEW) }), c.req.query());
    return c.json(await listTeamTours(c.get('db'), team.id, user.id, page));
  });

  /** Shares the caller's own tours; a tour already in another team is refused and nothing is shared. */
  const share = async (c: Context<AppEnv>, shortIds: string[]) => {
    const { team, user } = await teamFor(c, 'admin');
    const tours: Array<{ id: number; teamId: number | null }> = [];
    for (const shortId of shortIds) tours.push(await ownTour(c, shortId, user));
    const elsewhere = tours.find((tour) => tour.teamId !== null && tour.teamId !== team.id);
    if (elsewhere) throw new ApiError(409, 'Conflict', 'A tour belongs to one team at most: take it out of its team first.');
    await inTransaction(c.get('db'), async (trx) => {
      await shareTours(
        trx,
        team.id,
        tours.map((tour) => tour.id),
      );
      // The history starts with the tour as it was shared, so a restore can undo the team's first change too.
      for (const joining of tours.filter((tour) => tour.teamId === null)) {
        await recordTeamChange(trx, joining.id, user.id, { type: SHARED_ENTRY, currentValue: team.name });
      }
    });
    return c.json(await listTeamTours(c.get('db'), team.id, user.id, { page: 1, perPage: TEAM_TOURS_PREVIEW }), 201);
  };

  app.post('/:teamId/sharedTours', async (c) => share(c, parseOr422(sharedToursSchema, await readJson(c)).tourIds));

  app.post('/:teamId/sharedTour', async (c) => share(c, [parseOr422(sharedTourSchema, await readJson(c)).tourId]));

  app.put('/:teamId/sharedTour', async (c) => {
    const { team, user, permission } = await teamFor(c, 'member');
    const update = parseOr422(sharedTourUpdateSchema, await readJson(c));
    const record = await teamTour(c, team.id, update.tourId);
    const ownsTour = record.row.user_id === user.id;
    if (update.members && permission !== 'admin') throw new ApiError(403, 'Forbidden', NEEDS.admin);
    if (update.ownerId !== undefined && !ownsTour) throw new ApiError(403, 'Forbidden', 'Only the owner of a tour can hand it to someone else.');
    // The members read, the overrides and the hand-over are one change: a member removed meanwhile cannot be given
    // the tour, and a refused hand-over leaves the overrides as they were.
    await inTransaction(c.get('db'), async (trx) => {
      const teamPermission = await memberPermissions(trx, team.id);
      const stranger = [...(update.members ?? []).map((member) => member.userId), ...(update.ownerId !== undefined ? [update.ownerId] : [])].find(
        (id) => !teamPermission.has(id),
      );
      if (stranger !== undefined) throw new ApiError(422, 'NotTeamMember', 'Only members of the team can hold this tour.', { details: { userId: stranger } });
      if (update.members?.some((member) => member.userId === team.owner_id || member.userId === record.row.user_id)) {
        throw new ApiError(409, 'Conflict', "The team's owner and the tour's owner always hold admin on it.");
      }
      if (update.members) {
        const members = update.members.map((member) => ({ ...member, teamPermission: teamPermission.get(member.userId)! }));
        await setTourPermissions(trx, team.id, record.row.id, members);
      }
      if (update.ownerId !== undefined) await transferTour(trx, record.row.id, update.ownerId);
    });
    return c.json(await teamWithMembers(c.get('db'), team.id, user.id, new Date()));
  });

  app.delete('/:teamId/sharedTour', async (c) => {
    const { team, user, permission } = await teamFor(c, 'member');
    const { tourId } = parseOr422(sharedTourSchema, await readJson(c));
    const record = await teamTour(c, team.id, tourId);
    if (permission !== 'admin' && record.row.user_id !== user.id) throw new ApiError(403, 'Forbidden', NEEDS.admin);
    await unshareTour(c.get('db'), team.id, record.row.id);
    return c.json({ ok: true });
  });

  app.get('/:teamId/history', async (c) => {
    const { team } = await teamFor(c, 'member');
    const { tourId, ...page } = parseOr422(historyQuerySchema, c.req.query());
    const tour = tourId === undefined ? undefined : await teamTour(c, team.id, tourId);
    return c.json(await listHistory(c.get('db'), team.id, tour?.row.id, page));
  });

  app.post('/:teamId/history', async (c) => {
    const { team, user } = await teamFor(c, 'member');
    const note = parseOr422(historyNoteSchema, await readJson(c));
    await teamTour(c, team.id, note.tourId);
    const { tour } = await findTourFor(c, note.tourId, 'edit');
    await recordTeamChange(c.get('db'), tour.id, user.id, { type: note.type, currentValue: note.currentValue });
    return c.json(await listHistory(c.get('db'), team.id, tour.id, { page: 1, perPage: 1 }), 201);
  });

  const entryOr404 = async (c: Context<AppEnv>, teamId: number) => {
    const historyId = parseNumericId(c.req.param('historyId'));
    const entry = historyId === undefined ? undefined : await findHistoryEntry(c.get('db'), teamId, historyId);
    if (!entry) throw new ApiError(404, 'NotFound', 'No history entry with this id.');
    return entry;
  };

  app.get('/:teamId/history/:historyId', async (c) => {
    const { team } = await teamFor(c, 'member');
    const { tourRowId: _tourRowId, ...entry } = await entryOr404(c, team.id);
    return c.json(entry);
  });

  app.post('/:teamId/history/:historyId/restore', async (c) => {
    const { team, user } = await teamFor(c, 'member');
    const entry = await entryOr404(c, team.id);
    const { tour } = await findTourFor(c, entry.tourId, 'edit');
    const named = await restoreEntry(c.get('db'), entry.id);
    await recordTeamChange(c.get('db'), tour.id, user.id, { type: 'restore', currentValue: `revision ${entry.revision}` });
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), named.before, named.after);
    const restored = await findTourFor(c, entry.tourId, 'edit');
    return c.json(tourSeenWith(restored.tour, restored.access));
  });

  return app;
}
