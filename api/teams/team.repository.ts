import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/database';
import { readPage } from '../db/pagination';
import type { TeamTable } from '../db/tables';
import type { Page, TourListFilter } from '../schema/requests';
import { byTitle, titleHolds } from '../tours/title-search';
import type { Invitation, MyTour, Permission, PendingInvitation, Team, TeamMember, TeamTour } from '../schema/team';
import type { Selectable } from 'kysely';
import { tourTitle } from '../schema/tour-title';
import type { Image, SceneImageFormat } from '../schema/tour';
import { readPageWithImageFormats, sceneFormats, type ImageVariants } from '../media/image-formats';

export type TeamRow = Selectable<TeamTable>;

/** A team and the caller's place in it. */
export interface Membership {
  team: TeamRow;
  permission: Permission;
  isOwner: boolean;
}

export async function findMembership(db: Db, teamId: number, userId: number): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('team')
    .innerJoin('team_member', 'team_member.team_id', 'team.id')
    .selectAll('team')
    .select('team_member.permission')
    .where('team.id', '=', teamId)
    .where('team_member.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { permission, ...team } = row;
  return { team, permission, isOwner: team.owner_id === userId };
}

/** Teams with their owner, the caller's permission and their counts, as the list and the one-team answer show them. */
function selectTeams(db: Db, userId: number) {
  return db
    .selectFrom('team')
    .innerJoin('team_member as me', (join) => join.onRef('me.team_id', '=', 'team.id').on('me.user_id', '=', userId))
    .innerJoin('user as owner', 'owner.id', 'team.owner_id')
    .select([
      'team.id',
      'team.name',
      'team.owner_id',
      'team.created_at',
      'me.permission',
      'owner.name as owner_name',
      'owner.email as owner_email',
      (eb) =>
        eb
          .selectFrom('team_member')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('team_member.team_id', '=', 'team.id')
          .as('members_count'),
      (eb) =>
        eb
          .selectFrom('team_tour')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('team_tour.team_id', '=', 'team.id')
          .as('tours_count'),
    ]);
}

interface TeamListRow {
  id: number;
  name: string;
  owner_id: number;
  created_at: string;
  permission: Permission;
  owner_name: string;
  owner_email: string | null;
  members_count: number | null;
  tours_count: number | null;
}

function teamFromRow(row: TeamListRow): Team {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    owner: { name: row.owner_name, email: row.owner_email ?? '' },
    permission: row.permission,
    membersCount: Number(row.members_count ?? 0),
    toursCount: Number(row.tours_count ?? 0),
    createdDate: row.created_at,
  };
}

/** The caller's teams, newest first: those they own, those they were invited into, or both. */
export function listTeams(
  db: Db,
  userId: number,
  { filter, ...page }: { filter: 'all' | 'owner' | 'invited'; page: number; perPage: number },
): Promise<Page<Team>> {
  let query = selectTeams(db, userId);
  if (filter === 'owner') query = query.where('team.owner_id', '=', userId);
  if (filter === 'invited') query = query.where('team.owner_id', '!=', userId);
  return readPage(query.orderBy('team.id', 'desc'), page, teamFromRow);
}

/** One team with its members and, for its admins, the invitations still open. */
export async function teamWithMembers(db: Db, teamId: number, userId: number, now: Date): Promise<Team> {
  const team = teamFromRow(await selectTeams(db, userId).where('team.id', '=', teamId).executeTakeFirstOrThrow());
  const members = await db
    .selectFrom('team_member')
    .innerJoin('user', 'user.id', 'team_member.user_id')
    .select(['user.id', 'user.name', 'user.email', 'team_member.permission'])
    .where('team_member.team_id', '=', teamId)
    .orderBy('team_member.created_at')
    .orderBy('user.id')
    .execute();
  const overrides = await db
    .selectFrom('team_tour_permission')
    .innerJoin('tour', 'tour.id', 'team_tour_permission.tour_id')
    .select(['team_tour_permission.user_id', 'tour.short_id', 'team_tour_permission.permission'])
    .where('team_tour_permission.team_id', '=', teamId)
    .execute();
  team.members = members.map((member): TeamMember => ({
    id: member.id,
    name: member.name,
    email: member.email ?? '',
    permission: member.permission,
    isOwner: member.id === team.ownerId,
    tourPermissions: overrides.filter((row) => row.user_id === member.id).map((row) => ({ tourId: row.short_id, permission: row.permission })),
  }));
  if (team.permission === 'admin') team.invitations = await pendingInvitationsOf(db, teamId, now);
  return team;
}

function pendingInvitationsOf(db: Db, teamId: number, now: Date): Promise<PendingInvitation[]> {
  return db
    .selectFrom('team_invitation')
    .select(['id', 'email', 'permission', 'expires_at as expiresAt'])
    .where('team_id', '=', teamId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .orderBy('id')
    .execute();
}

/** Makes a team with its owner as its first member, an admin. */
export function createTeam(db: Db, ownerId: number, name: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('team').values({ owner_id: ownerId, name }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('team_member').values({ team_id: id, user_id: ownerId, permission: 'admin' }).execute();
    return id;
  });
}

export async function memberIds(db: Db, teamId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('team_member').select('user_id').where('team_id', '=', teamId).execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Takes members out of a team, with their permissions on its tours and their own tours: what a member shared
 * leaves with them (a tour stays only when its owner handed it to someone who stays).
 */
export function removeMembers(db: Db, teamId: number, userIds: number[]): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const theirs = trx.selectFrom('tour').select('tour.id').where('tour.user_id', 'in', userIds);
    for (const table of ['team_tour_permission', 'team_history', 'team_tour'] as const) {
      await trx.deleteFrom(table).where('team_id', '=', teamId).where('tour_id', 'in', theirs).execute();
    }
    await trx.deleteFrom('team_tour_permission').where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('team_member').where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
  });
}

export function setPermissions(db: Db, teamId: number, members: Array<{ userId: number; permission: Permission }>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    for (const { userId, permission } of members) {
      await trx.updateTable('team_member').set({ permission }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    }
  });
}

/** Hands the team to one of its admins; the former owner stays an admin. */
export async function moveTeamOwnership(db: Db, teamId: number, ownerId: number): Promise<void> {
  await db.updateTable('team').set({ owner_id: ownerId }).where('id', '=', teamId).execute();
}

/**
 * The team's tours, newest shared first or by title, each with the caller's permission on it; with `search`, those
 * whose title holds it, case and accents aside.
 */
export function listTeamTours(
  db: Db,
  teamId: number,
  userId: number,
  { search, sort, ...page }: TourListFilter & { page: number; perPage: number },
): Promise<Page<TeamTour>> {
  let query = db
    .selectFrom('team_tour')
    .innerJoin('tour', 'tour.id', 'team_tour.tour_id')
    .innerJoin('team_member as me', (join) => join.onRef('me.team_id', '=', 'team_tour.team_id').on('me.user_id', '=', userId))
    .leftJoin('team_tour_permission as mine', (join) => join.onRef('mine.tour_id', '=', 'tour.id').on('mine.user_id', '=', userId))
    .leftJoin('user as owner', 'owner.id', 'tour.user_id')
    .select([
      'tour.id',
      'tour.short_id',
      'tour.user_id',
      'tour.privacy',
      'tour.data',
      'owner.name as owner_name',
      'owner.email as owner_email',
      'me.permission as team_permission',
      'mine.permission as tour_permission',
    ])
    .where('team_tour.team_id', '=', teamId);
  if (search) query = query.where(titleHolds(db, search));
  const [folded, exact] = byTitle(db);
  query = sort === 'title' ? query.orderBy(folded).orderBy(exact) : query.orderBy('team_tour.created_at', 'desc');
  return readPageWithImageFormats(db, query.orderBy('tour.id', 'desc'), page, (row, known) => ({
    ...tourCard(row, known),
    privacy: row.privacy,
    ownerId: row.user_id,
    owner: row.owner_name === null ? null : { name: row.owner_name, email: row.owner_email ?? '' },
    permission: row.user_id === userId ? 'admin' : (row.tour_permission ?? row.team_permission),
  }));
}

/** What a list shows of a tour: its names and first picture, with that picture's modern types where it has them. */
function tourCard(
  row: { id: number; short_id: string; data: string },
  known: Map<string, ImageVariants>,
): { id: number; shortId: string; title: string; thumbUrl: string; formats?: SceneImageFormat[] } {
  const data = JSON.parse(row.data) as { title?: string; name?: string; images?: Array<Partial<Pick<Image, 'url' | 'thumbUrl' | 'hotspotUrl' | 'mobileUrl'>>> };
  const { url = '', thumbUrl = '', hotspotUrl = '', mobileUrl = '' } = data.images?.[0] ?? {};
  const formats = sceneFormats({ url, thumbUrl, hotspotUrl, mobileUrl }, known);
  return { id: row.id, shortId: row.short_id, title: tourTitle(data), thumbUrl, ...(formats ? { formats } : {}) };
}

/**
 * The caller's own tours, newest first or by title, with the team each is shared with; with `search`, those whose
 * title holds it, case and accents aside.
 */
export function listMyTours(db: Db, userId: number, { search, sort, ...page }: TourListFilter & { page: number; perPage: number }): Promise<Page<MyTour>> {
  let query = db
    .selectFrom('tour')
    .leftJoin('team_tour', 'team_tour.tour_id', 'tour.id')
    .select(['tour.id', 'tour.short_id', 'tour.data', 'team_tour.team_id'])
    .where('tour.user_id', '=', userId);
  if (search) query = query.where(titleHolds(db, search));
  const [folded, exact] = byTitle(db);
  query = sort === 'title' ? query.orderBy(folded).orderBy(exact) : query.orderBy('tour.updated_at', 'desc');
  return readPageWithImageFormats(db, query.orderBy('tour.id', 'desc'), page, (row, known) => ({ ...tourCard(row, known), teamId: row.team_id }));
}

/** Shares tours into a team; a tour already in this team stays as it is. */
export function shareTours(db: Db, teamId: number, tourIds: number[]): Promise<void> {
  return inTransaction(db, async (trx) => {
    for (const tourId of tourIds) {
      await trx
        .insertInto('team_tour')
        .values({ team_id: teamId, tour_id: tourId })
        .onConflict((oc) => oc.column('tour_id').doNothing())
        .execute();
    }
  });
}

/** Takes a tour out of its team, with the members' permissions on it; its history goes with the team's link to it. */
export function unshareTour(db: Db, teamId: number, tourId: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('team_tour_permission').where('tour_id', '=', tourId).execute();
    await trx.deleteFrom('team_history').where('tour_id', '=', tourId).where('team_id', '=', teamId).execute();
    await trx.deleteFrom('team_tour').where('tour_id', '=', tourId).where('team_id', '=', teamId).execute();
  });
}

/** Sets members' permissions on one tour; the team's own permission for a member clears their override. */
export function setTourPermissions(
  db: Db,
  teamId: number,
  tourId: number,
  members: Array<{ userId: number; permission: Permission; teamPermission: Permission }>,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    for (const { userId, permission, teamPermission } of members) {
      await trx.deleteFrom('team_tour_permission').where('tour_id', '=', tourId).where('user_id', '=', userId).execute();
      if (permission !== teamPermission) {
        await trx.insertInto('team_tour_permission').values({ team_id: teamId, tour_id: tourId, user_id: userId, permission }).execute();
      }
    }
  });
}

/** Each member's permission in the team, by user id. */
export async function memberPermissions(db: Db, teamId: number): Promise<Map<number, Permission>> {
  const rows = await db.selectFrom('team_member').select(['user_id', 'permission']).where('team_id', '=', teamId).execute();
  return new Map(rows.map((row) => [row.user_id, row.permission]));
}

/** The caller's open invitations (to their e-mail), newest first. */
export function listInvitations(db: Db, email: string, now: Date, page: { page: number; perPage: number }): Promise<Page<Invitation>> {
  const query = db
    .selectFrom('team_invitation')
    .innerJoin('team', 'team.id', 'team_invitation.team_id')
    .innerJoin('user as inviter', 'inviter.id', 'team_invitation.invited_by')
    .select([
      'team_invitation.id',
      'team_invitation.team_id',
      'team.name as team_name',
      'inviter.name as inviter_name',
      'inviter.email as inviter_email',
      'team_invitation.permission',
      'team_invitation.expires_at',
      'team_invitation.created_at',
    ])
    .where('team_invitation.email', '=', email)
    .where('team_invitation.status', '=', 'pending')
    .where('team_invitation.expires_at', '>', now.toISOString())
    .orderBy('team_invitation.id', 'desc');
  return readPage(query, page, (row) => ({
    id: row.id,
    teamId: row.team_id,
    teamName: row.team_name,
    invitedBy: { name: row.inviter_name, email: row.inviter_email ?? '' },
    permission: row.permission,
    expiresAt: row.expires_at,
    createdDate: row.created_at,
  }));
}
