import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from '../../../api/schema/requests';
import { INVITATION_MAILS_PER_DAY, type Invitation, type Team } from '../../../api/schema/team';
import { createTestApp, type TestApp } from '../support/test-app';
import { expectCall, invitationMail, person, teamWith } from '../support/teams';
import { json } from '../support/users';

/** Every row the team routes write, to show that a refusal changed nothing. */
async function teamRows(t: TestApp): Promise<unknown> {
  const rows: Record<string, unknown> = {};
  for (const table of ['team', 'team_member', 'team_invitation', 'team_tour', 'team_tour_permission', 'notification', 'outbox_email']) {
    rows[table] = (await sql`select * from ${sql.table(table)}`.execute(t.db)).rows;
  }
  return rows;
}

describe('invitations', () => {
  it('invites an account by e-mail: a mail with a link, an inbox notice, an invitation in the app; accepting joins and tells the owner', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const team = await teamWith(t, owner, [], 'Harbour Realty');
    const sent = await expectCall<Team>(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email.toUpperCase()], permission: 'edit' });
    expect(sent.invitations).toEqual([expect.objectContaining({ email: mark.email, permission: 'edit' })]);

    const mail = await invitationMail(t, mark.email);
    expect(mail.subject).toBe('Olivia invited you to the team "Harbour Realty"');
    expect(mail.body).toContain('/teams?invitation=');
    const inbox = await t.db.selectFrom('notification').selectAll().where('user_id', '=', mark.id).execute();
    expect(inbox).toEqual([expect.objectContaining({ kind: 'invitation', text: 'Olivia invited you to the team "Harbour Realty" (edit).' })]);

    const invitations = await expectCall<Page<Invitation>>(t, 'GET', '/teams/invitations', mark, 200);
    expect(invitations).toMatchObject({ page: 1, total: 1 });
    expect(invitations.items[0]).toMatchObject({
      teamId: team.id,
      teamName: 'Harbour Realty',
      invitedBy: { name: 'Olivia', email: owner.email },
      permission: 'edit',
    });
    const expires = new Date(invitations.items[0].expiresAt).getTime() - new Date(invitations.items[0].createdDate).getTime();
    expect(expires).toBe(7 * 24 * 60 * 60 * 1000);

    const joined = await expectCall<Team>(t, 'PUT', `/teams/${team.id}/acceptInvited`, mark, 200);
    expect(joined).toMatchObject({ permission: 'edit', membersCount: 2 });
    expect((await expectCall<Page<Invitation>>(t, 'GET', '/teams/invitations', mark, 200)).total).toBe(0);
    const ownerInbox = await t.db.selectFrom('notification').selectAll().where('user_id', '=', owner.id).execute();
    expect(ownerInbox).toEqual([expect.objectContaining({ kind: 'team', text: 'Mark accepted your invitation and joined the team "Harbour Realty".' })]);
    expect((await invitationMailTo(t, owner.email)).subject).toBe('Mark joined "Harbour Realty"');
  });

  it('gives an account whose address is unconfirmed no invitation in the app; the mailed link still joins and confirms the address', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const claimant = await person(t, 'Mark', { confirmed: false });
    const team = await teamWith(t, owner, [], 'Harbour Realty');
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [claimant.email], permission: 'edit' });

    expect(await t.db.selectFrom('notification').selectAll().where('user_id', '=', claimant.id).execute(), 'no inbox notice').toEqual([]);
    expect(await expectCall<Page<Invitation>>(t, 'GET', '/teams/invitations', claimant, 200)).toMatchObject({ items: [], total: 0 });
    expect((await expectCall(t, 'GET', '/outbox', claimant, 200)).total, 'the link is not in the in-app outbox').toBe(0);
    const before = await teamRows(t);
    for (const [method, path] of [
      ['PUT', `/teams/${team.id}/acceptInvited`],
      ['DELETE', `/teams/${team.id}/dismissInvited`],
    ]) {
      expect((await expectCall(t, method, path, claimant, 403)).error).toEqual({
        code: 'AddressNotConfirmed',
        message: 'Confirm your e-mail address first (open the link we mailed you), or accept the invitation from its own e-mail.',
      });
    }
    expect(await teamRows(t)).toEqual(before);

    // Whoever opens the mailed link has read the address's mail: that confirms it.
    const { token } = await invitationMail(t, claimant.email);
    expect(await expectCall<Team>(t, 'POST', `/users/${claimant.id}/acceptInvitedToApp`, claimant, 200, { token })).toMatchObject({ permission: 'edit' });
    const account = await expectCall(t, 'GET', '/account', claimant, 200);
    expect(account.emailConfirmed).toBe(true);
  });

  it('dismisses an invitation: it is gone and nothing is joined', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const team = await teamWith(t, owner);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email] });
    await expectCall(t, 'DELETE', `/teams/${team.id}/dismissInvited`, mark, 200);
    expect((await expectCall<Page<Invitation>>(t, 'GET', '/teams/invitations', mark, 200)).total).toBe(0);
    await expectCall(t, 'PUT', `/teams/${team.id}/acceptInvited`, mark, 404);
    await expectCall(t, 'GET', `/teams/${team.id}`, mark, 404);
  });

  it('refuses inviting twice, inviting oneself or a member, a fourth permission, and a non-admin inviting: nothing changes', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const vic = await person(t, 'Vic');
    const team = await teamWith(t, owner, [[vic, 'edit']]);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: ['new@example.com'] });
    const before = await teamRows(t);
    const refusals: Array<[unknown, number, string]> = [
      [{ emails: ['NEW@example.com'] }, 409, 'AlreadyInvited'],
      [{ emails: [mark.email, 'new@example.com'] }, 409, 'AlreadyInvited'],
      [{ emails: [owner.email] }, 409, 'AlreadyMember'],
      [{ emails: [vic.email] }, 409, 'AlreadyMember'],
      [{ emails: [mark.email], permission: 'owner' }, 422, 'ValidationFailed'],
      [{ emails: ['not an address'] }, 422, 'ValidationFailed'],
      [{ emails: [] }, 422, 'ValidationFailed'],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, status, body);
      expect(answer.error.code, JSON.stringify(body)).toBe(code);
    }
    expect((await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, vic, 403, { emails: [mark.email] })).error.code).toBe('Forbidden');
    expect(await teamRows(t)).toEqual(before);
  });

  it("refuses accepting someone else's or an expired invitation, changing nothing", async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const eve = await person(t, 'Eve');
    const team = await teamWith(t, owner);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email] });
    const { token } = await invitationMail(t, mark.email);
    const before = await teamRows(t);
    expect((await expectCall(t, 'PUT', `/teams/${team.id}/acceptInvited`, eve, 404)).error.code).toBe('InvitationNotFound');
    expect((await expectCall(t, 'POST', `/users/${eve.id}/acceptInvitedToApp`, eve, 404, { token })).error.code).toBe('InvitationNotFound');
    expect((await expectCall(t, 'POST', `/users/${mark.id}/acceptInvitedToApp`, eve, 403, { token })).error.code).toBe('Forbidden');
    expect(await teamRows(t)).toEqual(before);

    await t.db
      .updateTable('team_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await teamRows(t);
    expect((await expectCall(t, 'PUT', `/teams/${team.id}/acceptInvited`, mark, 409)).error).toEqual({
      code: 'InvitationExpired',
      message: 'This invitation has expired. Ask the team for a new one.',
    });
    await expectCall(t, 'POST', `/users/${mark.id}/acceptInvitedToApp`, mark, 409, { token });
    expect(await teamRows(t)).toEqual(expired);
    // An expired invitation is no obstacle to a new one.
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email] });
  });

  it(`sends at most ${INVITATION_MAILS_PER_DAY} invitation mails a day per account, all or none of a batch`, async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const team = await teamWith(t, owner);
    const addresses = (from: number, count: number) => Array.from({ length: count }, (_, i) => `agent${from + i}@example.com`);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: addresses(0, 45) });
    const before = await teamRows(t);
    const response = await t.app.request(`/api/teams/${team.id}/sendInvited`, json({ emails: addresses(45, 6) }, owner.auth));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await response.json()).error.code).toBe('TooManyRequests');
    expect(await teamRows(t)).toEqual(before);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: addresses(45, 5) });
    const other = await teamWith(t, owner, [], 'Second');
    await expectCall(t, 'POST', `/users/${owner.id}/sendInvitationToApp`, owner, 429, { email: 'one-more@example.com', teamId: other.id });
  });

  it(`keeps ten batches of ten sent at once within ${INVITATION_MAILS_PER_DAY} invitations (the quota is taken with the insert)`, async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const team = await teamWith(t, owner);
    const batch = (n: number) => ({ emails: Array.from({ length: 10 }, (_, i) => `agent${n}-${i}@example.com`) });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => t.app.request(`/api/teams/${team.id}/sendInvited`, json(batch(n), owner.auth))));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATION_MAILS_PER_DAY / 10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - INVITATION_MAILS_PER_DAY / 10);
    const sent = await t.db
      .selectFrom('team_invitation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(INVITATION_MAILS_PER_DAY);
  });

  it('invites someone without an account: the mailed link signs them up and into the team', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const team = await teamWith(t, owner, [], 'Harbour Realty');
    await expectCall(t, 'POST', `/users/${owner.id}/sendInvitationToApp`, owner, 201, { email: 'newcomer@example.com', teamId: team.id, permission: 'edit' });
    const mail = await invitationMail(t, 'newcomer@example.com');
    expect(mail.body).toContain('Open this link to make your account and join the team:');
    expect(mail.body).toContain('email=newcomer%40example.com');
    const signup = await t.app.request('/api/auth/signup', json({ name: 'Nora', email: 'Newcomer@example.com', password: 'correct horse battery' }));
    const { user } = await signup.json();
    const nora = { id: user.id, token: user.token, auth: { Authorization: `JWT ${user.token}` } };
    const joined = await expectCall<Team>(t, 'POST', `/users/${nora.id}/acceptInvitedToApp`, nora, 200, { token: mail.token });
    expect(joined).toMatchObject({ id: team.id, permission: 'edit' });
    // The link works once.
    await expectCall(t, 'POST', `/users/${nora.id}/acceptInvitedToApp`, nora, 404, { token: mail.token });
  });

  it('sendInvitationToApp is done in the caller’s own name, for a team they run', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const viewer = await person(t, 'Vic');
    const stranger = await person(t, 'Sam');
    const team = await teamWith(t, owner, [[viewer, 'view']]);
    await expectCall(t, 'POST', `/users/${owner.id}/sendInvitationToApp`, viewer, 403, { email: 'x@example.com', teamId: team.id });
    await expectCall(t, 'POST', `/users/${viewer.id}/sendInvitationToApp`, viewer, 403, { email: 'x@example.com', teamId: team.id });
    await expectCall(t, 'POST', `/users/${stranger.id}/sendInvitationToApp`, stranger, 404, { email: 'x@example.com', teamId: team.id });
    expect(await t.db.selectFrom('team_invitation').selectAll().where('email', '=', 'x@example.com').execute()).toEqual([]);
  });
});

async function invitationMailTo(t: TestApp, email: string) {
  return t.db.selectFrom('outbox_email').selectAll().where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe('members', () => {
  it('sets permissions for members only, never lowering the owner', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const stranger = await person(t, 'Sam');
    const team = await teamWith(t, owner, [[mark, 'view']]);
    const managed = await expectCall<Team>(t, 'PUT', `/teams/${team.id}/manageMembers`, owner, 200, { members: [{ userId: mark.id, permission: 'admin' }] });
    expect(managed.members?.find((member) => member.id === mark.id)?.permission).toBe('admin');
    const before = await teamRows(t);
    await expectCall(t, 'PUT', `/teams/${team.id}/manageMembers`, owner, 422, { members: [{ userId: stranger.id, permission: 'edit' }] });
    await expectCall(t, 'PUT', `/teams/${team.id}/manageMembers`, owner, 422, { members: [{ userId: mark.id, permission: 'superuser' }] });
    await expectCall(t, 'PUT', `/teams/${team.id}/manageMembers`, mark, 409, { members: [{ userId: owner.id, permission: 'view' }] });
    expect(await teamRows(t)).toEqual(before);
  });

  it('removes members but never the owner; leaving and removal end access at once', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark');
    const vic = await person(t, 'Vic');
    const team = await teamWith(t, owner, [
      [mark, 'admin'],
      [vic, 'view'],
    ]);
    const before = await teamRows(t);
    expect((await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, mark, 409, { userIds: [vic.id, owner.id] })).error.message).toBe(
      "The team's owner cannot be removed.",
    );
    await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, vic, 403, { userIds: [mark.id] });
    await expectCall(t, 'DELETE', `/teams/${team.id}/leave`, owner, 409);
    expect(await teamRows(t)).toEqual(before);
    await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, mark, 200, { userIds: [vic.id] });
    await expectCall(t, 'GET', `/teams/${team.id}`, vic, 404);
    await expectCall(t, 'DELETE', `/teams/${team.id}/leave`, mark, 200);
    await expectCall(t, 'GET', `/teams/${team.id}`, mark, 404);
    expect((await expectCall<Team>(t, 'GET', `/teams/${team.id}`, owner, 200)).membersCount).toBe(1);
  });
});
