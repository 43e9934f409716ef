import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { requireAccount } from '../auth/current-user';
import type { UserRow } from '../db/tables';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { parseNumericId } from '../http/numeric-id';
import { readPage } from '../db/pagination';
import { acceptToAppSchema, inviteToAppSchema, userSearchSchema } from '../schema/team';
import { acceptInvitation, findOpenInvitation, inviteByEmail } from './invitations';
import { findMembership, teamWithMembers } from './team.repository';

/** `{id}` in these paths is the caller: nobody acts in another's name. */
function callerNamed(c: Context<AppEnv>): UserRow {
  const user = requireAccount(c);
  if (parseNumericId(c.req.param('id')) !== user.id) throw new ApiError(403, 'Forbidden', 'You can only do this for your own account.');
  return user;
}

/** LIKE's own characters in typed text match only themselves. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `/users`: finding people to invite, and invitations for people without an account yet. Search never lists
 * everyone: a stranger is found only by their exact e-mail address, co-members of the caller's teams by the start
 * of their name or address; at most ten, never guests, and only names and addresses.
 */
export function teamUsersRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireAccount(c);
    const { search, teamId, forTeam, ...page } = parseOr422(userSearchSchema, c.req.query());
    if (teamId !== undefined && !(await findMembership(c.get('db'), teamId, user.id))) throw new ApiError(404, 'TeamNotFound', 'No team with this id.');
    const email = z.email().safeParse(search.toLowerCase());
    let query = c.get('db').selectFrom('user').select(['user.name', 'user.email']).where('user.type', '!=', 'guest').where('user.id', '!=', user.id);
    if (email.success) query = query.where('user.email', '=', email.data);
    else {
      const prefix = likePrefix(search);
      query = query
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('team_member as theirs')
              .innerJoin('team_member as mine', 'mine.team_id', 'theirs.team_id')
              .select('theirs.user_id')
              .whereRef('theirs.user_id', '=', 'user.id')
              .where('mine.user_id', '=', user.id),
          ),
        )
        .where((eb) =>
          eb.or([sql<boolean>`lower(${eb.ref('user.name')}) like ${prefix} escape '\\'`, sql<boolean>`${eb.ref('user.email')} like ${prefix} escape '\\'`]),
        );
    }
    if (teamId !== undefined) {
      // forTeam: people to invite, so not those in the team already; without it, people of the team.
      query = query.where((eb) => {
        const inTeam = eb.exists(
          eb.selectFrom('team_member').select('team_member.user_id').whereRef('team_member.user_id', '=', 'user.id').where('team_member.team_id', '=', teamId),
        );
        return forTeam === '1' ? eb.not(inTeam) : inTeam;
      });
    }
    return c.json(await readPage(query.orderBy('user.name').orderBy('user.id'), page, (row) => ({ name: row.name, email: row.email ?? '' })));
  });

  app.post('/:id/sendInvitationToApp', async (c) => {
    const user = callerNamed(c);
    const { email, teamId, permission } = parseOr422(inviteToAppSchema, await readJson(c));
    const membership = await findMembership(c.get('db'), teamId, user.id);
    if (!membership) throw new ApiError(404, 'TeamNotFound', 'No team with this id.');
    if (membership.permission !== 'admin') throw new ApiError(403, 'Forbidden', "Only the team's admins can do that.");
    await inviteByEmail(c, membership.team, user, [email], permission);
    return c.json(await teamWithMembers(c.get('db'), teamId, user.id, new Date()), 201);
  });

  app.post('/:id/acceptInvitedToApp', async (c) => {
    const user = callerNamed(c);
    const { token } = parseOr422(acceptToAppSchema, await readJson(c));
    const invitation = await findOpenInvitation(c.get('db'), user, { token });
    await acceptInvitation(c, user, invitation);
    return c.json(await teamWithMembers(c.get('db'), invitation.team_id, user.id, new Date()));
  });

  return app;
}
