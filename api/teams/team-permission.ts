import type { Db } from '../db/database';
import type { Permission } from '../schema/team';

/**
 * What a team grants a user on one of its tours: the member's permission on that tour if one was set, else their
 * permission in the team. Read from the rows on every request, so leaving or being removed ends access at once.
 */
export async function teamPermissionOnTour(db: Db, tourId: number, userId: number): Promise<Permission | undefined> {
  const row = await db
    .selectFrom('team_tour')
    .innerJoin('team_member', (join) => join.onRef('team_member.team_id', '=', 'team_tour.team_id').on('team_member.user_id', '=', userId))
    .leftJoin('team_tour_permission', (join) =>
      join.onRef('team_tour_permission.tour_id', '=', 'team_tour.tour_id').onRef('team_tour_permission.user_id', '=', 'team_member.user_id'),
    )
    .select(['team_member.permission as teamPermission', 'team_tour_permission.permission as tourPermission'])
    .where('team_tour.tour_id', '=', tourId)
    .executeTakeFirst();
  return row && (row.tourPermission ?? row.teamPermission);
}

export async function isTeamMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('team_member').select('user_id').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user once joined the team through an invitation (and so may be told that their access ended). */
export async function joinedTeamOnce(db: Db, teamId: number, email: string | null): Promise<boolean> {
  if (!email) return false;
  const row = await db
    .selectFrom('team_invitation')
    .select('id')
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}
