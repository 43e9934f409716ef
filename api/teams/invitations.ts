import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { ExpressionBuilder } from 'kysely';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import type { Database, UserRow } from '../db/tables';
import { ApiError } from '../http/errors';
import { mailLink } from '../mail/mail-link';
import { notify } from '../notifications/notify';
import { tellOwner } from '../notifications/tell-owner';
import { tooManyRequests } from '../http/rate-limit';
import { INVITATION_MAILS_PER_DAY, INVITATION_TTL_DAYS, type Permission } from '../schema/team';
import type { TeamRow } from './team.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The address of an invitation: it opens the teams screen, which signs the invitee up first if need be. Without
 * PUBLIC_URL it is a path, to which the admin adds the address it was opened at.
 */
function invitationLink(c: Context<AppEnv>, token: string, email: string): string {
  return mailLink(c.get('config'), `/teams?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`);
}

/**
 * A link to an open invitation of the team for the inviter to hand over themselves, where no mail can be sent. A
 * new one each time, which retires the last: only the newest copied link works. The mailed link keeps working.
 */
export async function copyableInvitationLink(c: Context<AppEnv>, teamId: number, invitationId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const invitation = await c
    .get('db')
    .updateTable('team_invitation')
    .set({ link_token_hash: tokenHash(token) })
    .where('id', '=', invitationId)
    .where('team_id', '=', teamId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', new Date().toISOString())
    .returning('email')
    .executeTakeFirst();
  if (!invitation) throw new ApiError(404, 'InvitationNotFound', 'This team has no open invitation with this id.');
  return invitationLink(c, token, invitation.email);
}

/**
 * Invites addresses into a team: all of them or, when one is refused (the caller's own, a member's, one invited
 * already, over the day's mail limit), none. Each gets a mail with a link that works with or without an account;
 * those with an account also find the invitation in the app and in their inbox.
 */
export async function inviteByEmail(c: Context<AppEnv>, team: TeamRow, inviter: UserRow, emails: string[], permission: Permission): Promise<void> {
  const db = c.get('db');
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (inviter.email && addresses.includes(inviter.email)) throw new ApiError(409, 'AlreadyMember', 'You cannot invite yourself: you are in this team already.');
  const now = new Date();
  const invited = await db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('team_member')
      .innerJoin('user', 'user.id', 'team_member.user_id')
      .select('user.email')
      .where('team_member.team_id', '=', team.id)
      .where('user.email', 'in', addresses)
      .execute();
    if (members.length > 0)
      throw new ApiError(409, 'AlreadyMember', `${members[0].email} is in this team already.`, { details: { emails: members.map((m) => m.email) } });
    const pending = await trx
      .selectFrom('team_invitation')
      .select('email')
      .where('team_id', '=', team.id)
      .where('email', 'in', addresses)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now.toISOString())
      .execute();
    if (pending.length > 0)
      throw new ApiError(409, 'AlreadyInvited', `${pending[0].email} was invited already.`, { details: { emails: pending.map((p) => p.email) } });
    await takeDailyQuota(trx, inviter.id, addresses.length, now);
    const rows: Array<{ id: number; email: string; token: string }> = [];
    for (const email of addresses) {
      const token = randomBytes(24).toString('base64url');
      const { id } = await trx
        .insertInto('team_invitation')
        .values({
          team_id: team.id,
          email,
          permission,
          token_hash: tokenHash(token),
          invited_by: inviter.id,
          expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id, email, token });
    }
    return rows;
  });
  for (const { id, email, token } of invited) {
    const invitee = await db.selectFrom('user').select(['id', 'email_confirmed_at']).where('email', '=', email).executeTakeFirst();
    const text = `${inviter.name} invited you to the team "${team.name}" (${permission}).`;
    // An account whose address is not confirmed may not be the address's owner: it only gets the mailed link.
    if (invitee?.email_confirmed_at) await notify(db, { userId: invitee.id, kind: 'invitation', text, data: { teamId: team.id, invitationId: id } });
    await c.get('mailer').send({
      to: email,
      // The link is a key to the team: the in-app outbox shows it only to an account proven to own the address.
      userId: invitee?.email_confirmed_at ? invitee.id : null,
      subject: `${inviter.name} invited you to the team "${team.name}"`,
      text: [
        text,
        '',
        invitee ? 'Open this link to accept it:' : 'Open this link to make your account and join the team:',
        invitationLink(c, token, email),
        '',
        `The invitation is open for ${INVITATION_TTL_DAYS} days.`,
      ].join('\n'),
    });
  }
}

/**
 * Takes `adding` from the inviter's quota for the UTC day, or refuses them all. One conditional update of the
 * inviter's row, in the transaction that inserts the invitations: parallel requests wait for each other's row lock
 * on PostgreSQL (and SQLite runs one write at a time), so together they never pass the quota.
 */
async function takeDailyQuota(db: Db, inviterId: number, adding: number, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const countAfter = (eb: ExpressionBuilder<Database, 'user'>) =>
    eb
      .case()
      .when('invitation_day', '=', today)
      .then(eb('invitations_that_day', '+', adding))
      .else(adding)
      .end();
  const taken = await db
    .updateTable('user')
    .set((eb) => ({ invitation_day: today, invitations_that_day: countAfter(eb) }))
    .where('id', '=', inviterId)
    .where((eb) => eb(countAfter(eb), '<=', INVITATION_MAILS_PER_DAY))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) {
    const tomorrow = Date.parse(`${today}T00:00:00Z`) + DAY_MS;
    throw tooManyRequests(tomorrow, `You can send at most ${INVITATION_MAILS_PER_DAY} invitations a day. Please try again later.`);
  }
}

interface OpenInvitation {
  id: number;
  team_id: number;
  permission: Permission;
  /** Found by the mailed link's token, which only the address's owner can have read (not a copied link's). */
  provesAddress: boolean;
}

const ADDRESS_NOT_CONFIRMED = new ApiError(
  403,
  'AddressNotConfirmed',
  'Confirm your e-mail address first (open the link we mailed you), or accept the invitation from its own e-mail.',
);

/**
 * The caller's invitation: by team (to their e-mail, once they have confirmed it is theirs) or by the token of a
 * link, mailed or copied by the inviter, which must have been sent to the caller's own address. Someone else's is
 * not found; an expired one is refused.
 */
export async function findOpenInvitation(db: Db, user: UserRow, by: { teamId: number } | { token: string }): Promise<OpenInvitation> {
  const byLink = 'token' in by;
  if (!byLink && user.email && !user.email_confirmed_at) throw ADDRESS_NOT_CONFIRMED;
  let query = db
    .selectFrom('team_invitation')
    .select(['id', 'team_id', 'permission', 'expires_at', 'email', 'token_hash'])
    .where('status', '=', 'pending')
    .orderBy('id', 'desc');
  const hash = byLink ? tokenHash(by.token) : '';
  query = byLink
    ? query.where((eb) => eb.or([eb('token_hash', '=', hash), eb('link_token_hash', '=', hash)]))
    : query.where('team_id', '=', by.teamId).where('email', '=', user.email ?? '');
  const row = await query.executeTakeFirst();
  if (!row || row.email !== user.email) throw new ApiError(404, 'InvitationNotFound', 'There is no open invitation for you to this team.');
  if (row.expires_at <= new Date().toISOString()) {
    throw new ApiError(409, 'InvitationExpired', 'This invitation has expired. Ask the team for a new one.');
  }
  return { id: row.id, team_id: row.team_id, permission: row.permission, provesAddress: byLink && row.token_hash === hash };
}

/** Joins the invitee to the team and tells the team's owner, in the inbox and (as their mail settings say) by mail. */
export async function acceptInvitation(c: Context<AppEnv>, user: UserRow, invitation: OpenInvitation): Promise<void> {
  const db = c.get('db');
  const team = await db.transaction().execute(async (trx) => {
    await trx.updateTable('team_invitation').set({ status: 'accepted' }).where('id', '=', invitation.id).execute();
    if (invitation.provesAddress) {
      await trx
        .updateTable('user')
        .set({ email_confirmed_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .where('email_confirmed_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('team_member')
      .values({ team_id: invitation.team_id, user_id: user.id, permission: invitation.permission })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
      .execute();
    return trx
      .selectFrom('team')
      .innerJoin('user', 'user.id', 'team.owner_id')
      .select(['team.id', 'team.name', 'team.owner_id', 'user.email'])
      .where('team.id', '=', invitation.team_id)
      .executeTakeFirstOrThrow();
  });
  const text = `${user.name} accepted your invitation and joined the team "${team.name}".`;
  await tellOwner(c, {
    userId: team.owner_id,
    kind: 'team',
    text,
    data: { teamId: team.id, userId: user.id },
    mail: { subject: `${user.name} joined "${team.name}"`, text },
  });
}

export async function dismissInvitation(db: Db, invitationId: number): Promise<void> {
  await db.updateTable('team_invitation').set({ status: 'dismissed' }).where('id', '=', invitationId).execute();
}
