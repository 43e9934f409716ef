import { describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../../api/billing/operator-commands';
import type { Page } from '../../../api/schema/requests';
import type { Invitation, Team } from '../../../api/schema/team';
import { createMailingTestApp } from '../support/mails';
import { expectCall, person, teamWith } from '../support/teams';
import { createTestApp } from '../support/test-app';

const linkToken = (link: string) => new URL(link, 'http://app.example').searchParams.get('invitation')!;

describe('installs without mail', () => {
  it('lets an admin copy an invitation link that joins the team without confirming the address; only the newest copy works', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const viewer = await person(t, 'Vic');
    const mark = await person(t, 'Mark', { confirmed: false });
    const team = await teamWith(t, owner, [[viewer, 'view']], 'Harbour Realty');
    const sent = await expectCall<Team>(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email], permission: 'edit' });
    const invitationId = sent.invitations![0].id;
    const linkPath = `/teams/${team.id}/invitations/${invitationId}/link`;

    // Without PUBLIC_URL the link is a path: the admin adds the address it was opened at.
    const first = (await expectCall<{ link: string }>(t, 'POST', linkPath, owner, 201)).link;
    expect(first).toMatch(/^\/teams\?invitation=[\w-]{20,}&email=/);
    expect(new URL(first, 'http://app.example').searchParams.get('email')).toBe(mark.email);
    const second = (await expectCall<{ link: string }>(t, 'POST', linkPath, owner, 201)).link;
    expect(second).not.toBe(first);

    // Only the team's admins copy links, and only of the team's own open invitations.
    expect((await expectCall(t, 'POST', linkPath, viewer, 403)).error.code).toBe('Forbidden');
    expect((await expectCall(t, 'POST', linkPath, mark, 404)).error.code).toBe('TeamNotFound');
    const other = await teamWith(t, viewer, [], 'Elsewhere');
    await expectCall(t, 'POST', `/teams/${other.id}/invitations/${invitationId}/link`, viewer, 404);
    await expectCall(t, 'POST', `/teams/${team.id}/invitations/abc/link`, owner, 404);

    await expectCall(t, 'POST', `/users/${mark.id}/acceptInvitedToApp`, mark, 404, { token: linkToken(first) });
    await expectCall(t, 'POST', `/users/${viewer.id}/acceptInvitedToApp`, viewer, 404, { token: linkToken(second) });
    const joined = await expectCall<Team>(t, 'POST', `/users/${mark.id}/acceptInvitedToApp`, mark, 200, { token: linkToken(second) });
    expect(joined).toMatchObject({ id: team.id, permission: 'edit' });
    expect((await expectCall(t, 'GET', '/account', mark, 200)).emailConfirmed, 'a copied link proves nothing about the address').toBe(false);
    await expectCall(t, 'POST', `/users/${mark.id}/acceptInvitedToApp`, mark, 404, { token: linkToken(second) });
    await expectCall(t, 'POST', linkPath, owner, 404);
  });

  it('confirms an address from the operator command, after which invitations show in the app', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const mark = await person(t, 'Mark', { confirmed: false });
    const team = await teamWith(t, owner, [], 'Harbour Realty');
    expect(await runOperatorCommand(t.db, ['confirm', 'nobody@example.com'])).toEqual({ code: 1, message: 'No account with the e-mail nobody@example.com.' });
    expect(await runOperatorCommand(t.db, ['confirm'])).toMatchObject({ code: 2, message: expect.stringContaining('confirm <email>') });

    expect(await runOperatorCommand(t.db, ['confirm', mark.email.toUpperCase()])).toEqual({ code: 0, message: `${mark.email} is now confirmed.` });
    expect(await runOperatorCommand(t.db, ['confirm', mark.email])).toEqual({ code: 0, message: `${mark.email} was confirmed already.` });
    expect((await expectCall(t, 'GET', '/account', mark, 200)).emailConfirmed).toBe(true);
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [mark.email], permission: 'view' });
    expect((await expectCall<Page<Invitation>>(t, 'GET', '/teams/invitations', mark, 200)).items).toEqual([expect.objectContaining({ teamId: team.id })]);
    await expectCall(t, 'PUT', `/teams/${team.id}/acceptInvited`, mark, 200);
  });

  it('tells the account whether this server sends mail', async () => {
    const t = await createTestApp();
    expect((await expectCall(t, 'GET', '/account', await person(t, 'Olivia'), 200)).mailSetUp).toBe(false);
    const mailing = await createMailingTestApp();
    try {
      expect((await expectCall(mailing.t, 'GET', '/account', await person(mailing.t, 'Olivia'), 200)).mailSetUp).toBe(true);
    } finally {
      await mailing.close();
    }
  });
});
