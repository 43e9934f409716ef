import { describe, expect, it } from 'vitest';
import { signUp } from './support/admin-owner';
import { testRig } from './support/rig';

const rig = testRig();

// No SMTP_URL and no PUBLIC_URL: nothing is mailed, and links are made with the address the app was opened at.

describe('a server without mail', () => {
  it('tells the inviter so, who copies the invitation link; the colleague signs up from it and joins, the address still unconfirmed', async () => {
    const owner = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signUp(owner, rig.server.origin, `olivia-${Date.now()}@agency.example`);
    await owner.goto(`${rig.server.origin}/teams`);
    await owner.getByLabel('New team name').fill('Harbour Realty');
    await owner.getByRole('button', { name: 'Create team' }).click();
    const team = owner.getByRole('region', { name: 'Team Harbour Realty' });
    await team.getByText('This server sends no e-mail (mail is not set up), so invitations are not mailed.').waitFor();
    const colleagueEmail = `colin-${Date.now()}@agency.example`;
    await team.getByLabel('E-mail addresses').fill(colleagueEmail);
    await team.getByLabel('Permission').selectOption('edit');
    await team.getByRole('button', { name: 'Send invitations' }).click();
    const invited = team.getByRole('list', { name: 'Invited' });
    await invited.getByText(`${colleagueEmail} (Can edit)`).waitFor();
    await invited.getByRole('button', { name: 'Copy invitation link' }).click();
    const link = await invited.getByLabel(`Invitation link for ${colleagueEmail}`).inputValue();
    expect(new URL(link).origin).toBe(rig.server.origin);

    const colleague = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await colleague.goto(link);
    const form = colleague.getByRole('form', { name: 'Sign up' });
    expect(await form.getByLabel('Email').inputValue()).toBe(colleagueEmail);
    await form.getByLabel('Name').fill('Colin Colleague');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await colleague.getByText('You joined "Harbour Realty".').waitFor();

    await owner.reload();
    await owner.getByRole('button', { name: 'Open' }).first().click();
    await owner.getByRole('table', { name: 'Members' }).getByText('Colin Colleague').waitFor();
    await colleague.goto(`${rig.server.origin}/account`);
    await colleague.getByText('This server sends no e-mail, so no link can reach you: ask its operator to confirm your address').waitFor();
    await Promise.all([owner.context().close(), colleague.context().close()]);
  });
});
