import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { decodedText, type TestSmtp } from '../support/smtp-server';
import { editorSaved, signedInUser, signUp } from './support/admin-owner';
import { startMailingServer, type MailingServer } from './support/mailing-server';
import type { RunningServer } from './support/server';
import { TourBuilder } from './support/tour-builder';

let server: RunningServer;
let browser: Browser;
let mailing: MailingServer;
let smtp: TestSmtp;

/** The texts of the mails to `to`, as a mail program shows them. */
function mailsTo(to: string): string[] {
  return smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => decodedText(mail.raw));
}

beforeAll(async () => {
  mailing = await startMailingServer();
  ({ smtp, server, browser } = mailing);
});

afterAll(() => mailing?.close());

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function answer(page: Page, question: string): Promise<void> {
  await page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Yes' }).click();
}

describe('a team working on one tour', () => {
  it('an owner invites a colleague by e-mail, the colleague signs up from the link and edits the shared tour, the owner restores the earlier revision and removes the colleague, whose next save is refused', async () => {
    const owner = await newPage();
    const ownerEmail = `olivia-${Date.now()}@agency.example`;
    await signUp(owner, server.origin, ownerEmail);
    const builder = new TourBuilder(server.origin, server.dataDir);
    const tour = await builder.tour({ ...(await signedInUser(owner.context())), email: ownerEmail }, [await smallPanorama(512)], { privacy: 'Private' });

    // The team, and the colleague invited by e-mail with edit permission.
    await owner.goto(`${server.origin}/teams`);
    await owner.getByLabel('New team name').fill('Harbour Realty');
    await owner.getByRole('button', { name: 'Create team' }).click();
    const team = owner.getByRole('region', { name: 'Team Harbour Realty' });
    const colleagueEmail = `colin-${Date.now()}@agency.example`;
    await team.getByLabel('E-mail addresses').fill(colleagueEmail);
    await team.getByLabel('Permission').selectOption('edit');
    await team.getByRole('button', { name: 'Send invitations' }).click();
    await team.getByRole('list', { name: 'Invited' }).getByText(`${colleagueEmail} (Can edit)`).waitFor();
    await expect.poll(() => mailsTo(colleagueEmail).length).toBe(1);
    const [invitation] = mailsTo(colleagueEmail);
    expect(invitation).toContain('Olivia Owner invited you to the team "Harbour Realty" (edit).');
    const link = /https?:\/\/\S+\/teams\?invitation=\S+/.exec(invitation)![0];
    expect(new URL(link).origin).toBe(server.origin);

    // The owner shares the tour from its editor and makes the change the team will want back.
    await owner.goto(`${server.origin}/tours/${tour.shortId}/edit`);
    await owner.getByRole('tab', { name: 'team' }).click();
    await owner.getByRole('combobox', { name: 'Team', exact: true }).selectOption({ label: 'Harbour Realty' });
    await owner.getByRole('button', { name: 'Share with this team' }).click();
    await owner.getByText('Shared with the team Harbour Realty.').waitFor();
    const titleAsShared = await owner.getByLabel('Tour title').inputValue();
    await owner.getByLabel('Tour title').fill('Harbour loft');
    await editorSaved(owner);

    // The colleague has no account: the link signs them up and into the team.
    const colleague = await newPage();
    await colleague.goto(link);
    const form = colleague.getByRole('form', { name: 'Sign up' });
    expect(await form.getByLabel('Email').inputValue()).toBe(colleagueEmail);
    await form.getByLabel('Name').fill('Colin Colleague');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await colleague.getByText('You joined "Harbour Realty".').waitFor();
    expect(new URL(colleague.url()).search).toBe('');
    await expect
      .poll(() => mailsTo(ownerEmail).some((text) => text.includes('Colin Colleague accepted your invitation and joined the team "Harbour Realty".')))
      .toBe(true);
    const shared = colleague.getByRole('region', { name: 'Team tours' }).locator(`[data-short-id="${tour.shortId}"]`);
    await shared.getByRole('link', { name: 'Edit' }).click();
    await colleague.getByText('You edit this tour as a member of its team').waitFor();
    await colleague.getByLabel('Tour title').fill('Sunny loft');
    await editorSaved(colleague);

    // The owner sees the colleague's change in the history and restores the revision before it.
    await owner.reload();
    await owner.getByRole('tab', { name: 'team' }).click();
    const history = owner.getByRole('list', { name: 'History' });
    await history.locator('li').first().filter({ hasText: 'Colin Colleague' }).filter({ hasText: 'title: Sunny loft' }).waitFor();
    const before = history.locator('li').filter({ hasText: 'Olivia Owner' }).filter({ hasText: 'title: Harbour loft' });
    const revision = /revision (\d+)/.exec((await before.textContent())!)![1];
    await before.getByRole('button', { name: 'Restore' }).click();
    await answer(owner, `Restore the tour to revision ${revision}? Its scenes, settings and floor plans go back to how they were then.`);
    await expect.poll(() => owner.getByLabel('Tour title').inputValue()).toBe('Harbour loft');
    await history
      .locator('li')
      .first()
      .filter({ hasText: `restore: revision ${revision}` })
      .waitFor();
    // The history begins with the tour as it was shared, before anyone's change: it takes the tour back there too.
    const asShared = history.locator('li').last().filter({ hasText: 'shared with Harbour Realty' });
    const sharedRevision = /revision (\d+)/.exec((await asShared.textContent())!)![1];
    await asShared.getByRole('button', { name: 'Restore' }).click();
    await answer(owner, `Restore the tour to revision ${sharedRevision}? Its scenes, settings and floor plans go back to how they were then.`);
    await expect.poll(() => owner.getByLabel('Tour title').inputValue()).toBe(titleAsShared);

    // Removed from the team, the colleague's open editor is refused at its next save and says why.
    await owner.goto(`${server.origin}/teams`);
    await owner.locator('[data-team-id]').filter({ hasText: 'Harbour Realty' }).getByRole('button', { name: 'Open' }).click();
    await owner
      .getByRole('table', { name: 'Members' })
      .getByRole('row', { name: /Colin Colleague/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    await answer(owner, 'Remove Colin Colleague from "Harbour Realty"? They lose access to its tours at once.');
    await owner.getByText('Colin Colleague was removed.').waitFor();
    await colleague.getByLabel('Tour title').fill('Sunny loft, one more time');
    await colleague.getByRole('alert').filter({ hasText: "You are no longer a member of this tour's team, so you cannot change it any more." }).waitFor();
    const stored = await (
      await fetch(`${server.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${(await signedInUser(owner.context())).token}` } })
    ).json();
    // As the last restore left it: the colleague's refused save changed nothing.
    expect(stored.title).toBe(titleAsShared);
  });
  it('a view member gets a read-only editor, the owner gives them edit on this tour alone from the Teams page, and a stranger finds no tour', async () => {
    const owner = await newPage();
    const ownerEmail = `oona-${Date.now()}@agency.example`;
    await signUp(owner, server.origin, ownerEmail);
    const signedIn = await signedInUser(owner.context());
    const tour = await new TourBuilder(server.origin, server.dataDir).tour({ ...signedIn, email: ownerEmail }, [await smallPanorama(512)], {
      privacy: 'Private',
      title: 'Harbour loft',
    });
    // The team and the invitation are set up as the owner's own calls; the person's steps follow in the browser.
    const asOwner = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${server.origin}/api${path}`, {
        method,
        headers: { Authorization: `JWT ${signedIn.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return response.json();
    };
    const created = await asOwner('POST', '/teams', { name: 'Harbour Realty' });
    const viewerEmail = `vic-${Date.now()}@agency.example`;
    await asOwner('POST', `/teams/${created.id}/sendInvited`, { emails: [viewerEmail], permission: 'view' });
    await asOwner('POST', `/teams/${created.id}/sharedTour`, { tourId: tour.shortId });
    await expect.poll(() => mailsTo(viewerEmail).length).toBe(1);
    const link = /https?:\/\/\S+\/teams\?invitation=\S+/.exec(mailsTo(viewerEmail)[0])![0];

    const viewer = await newPage();
    await viewer.goto(link);
    const form = viewer.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Vic Viewer');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await viewer.getByText('You joined "Harbour Realty".').waitFor();

    // Viewing only: the editor says so, changes nothing, and still offers preview and sharing.
    await viewer.goto(`${server.origin}/tours/${tour.shortId}/edit`);
    await viewer.getByText('You can view this tour as a member of its team, but not change it').waitFor();
    expect(await viewer.getByLabel('Tour title').isDisabled()).toBe(true);
    await viewer.getByRole('tab', { name: 'settings' }).click();
    expect(await viewer.getByLabel('Description').isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(false);
    await viewer.getByRole('button', { name: 'Share', exact: true }).click();
    const share = viewer.getByRole('dialog', { name: 'Share and embed' });
    expect(await share.getByLabel('Direct link').inputValue()).toContain(tour.shortId);

    // The owner lets this member edit this one tour, on the Teams page.
    await owner.goto(`${server.origin}/teams`);
    await owner.locator('[data-team-id]').filter({ hasText: 'Harbour Realty' }).getByRole('button', { name: 'Open' }).click();
    const card = owner.getByRole('region', { name: 'Team tours' }).locator(`[data-short-id="${tour.shortId}"]`);
    await card.getByText('Permissions').click();
    await card.getByLabel('Vic Viewer on this tour').selectOption('edit');
    await card.getByText('Set for this tour (in the team: Can view)').waitFor();

    // Now an editor: the owner's settings are shown as the owner's, the rest is saved.
    await viewer.reload();
    await viewer.getByText('You edit this tour as a member of its team').waitFor();
    await viewer.getByRole('tab', { name: 'settings' }).click();
    expect(await viewer.getByLabel('Privacy').isDisabled()).toBe(true);
    await viewer.getByText('Only the tour’s owner can change this.').waitFor();
    await viewer.getByLabel('Tour title').fill('Harbour loft, by the sea');
    await editorSaved(viewer);

    // Someone outside the team opening the editor's address finds no tour there.
    const stranger = await newPage();
    await signUp(stranger, server.origin, `sam-${Date.now()}@elsewhere.example`);
    await stranger.goto(`${server.origin}/tours/${tour.shortId}/edit`);
    await stranger.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await stranger.getByLabel('Tour title').count()).toBe(0);
    const stored = await (await fetch(`${server.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${signedIn.token}` } })).json();
    expect(stored.title).toBe('Harbour loft, by the sea');
  });
});
