import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { TeamsPage } from '../../../../../admin/features/teams/TeamsPage';
import { setUser } from '../../../../../admin/lib/session';
import type { Page } from '../../../../../api/schema/requests';
import type { Invitation, Team, TeamTour } from '../../../../../api/schema/team';
import type { User } from '../../../../../api/schema/user';
import { mount, waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { ownerCall, signedInOwner, typeInto } from '../../support/real-owner';
import { colleague, sharedTour, teamOf } from '../../support/team-people';

let view: { host: HTMLElement; unmount: () => void } | undefined;

function open(): HTMLElement {
  view = mount(
    <>
      <TeamsPage />
      <ToastContainer />
    </>,
  );
  return view.host;
}

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((candidate) => candidate.textContent?.trim() === label);
const fieldIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('label')]
    .find((candidate) => candidate.querySelector('span')?.textContent === label)
    ?.querySelector<HTMLInputElement & HTMLSelectElement>('input, select');

function choose(select: HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

async function openTeam(host: HTMLElement, team: Team): Promise<HTMLElement> {
  await waitFor(() => !!host.querySelector(`[data-team-id="${team.id}"]`), `the team ${team.name} in the list`);
  buttonIn(host.querySelector(`[data-team-id="${team.id}"]`)!, 'Open')!.click();
  await waitFor(() => !!host.querySelector(`section[aria-label="Team ${team.name}"] [data-member-id]`), `the team ${team.name} open`);
  return host.querySelector<HTMLElement>(`section[aria-label="Team ${team.name}"]`)!;
}

describe('Teams screen against the real API', () => {
  afterEach(() => {
    view?.unmount();
    view = undefined;
  });

  it('creates a team and invites a colleague found by their exact e-mail, with the permission chosen', async () => {
    const owner = await signedInOwner();
    const mark = await colleague('Mark Colleague');
    const host = open();
    await waitFor(() => !!fieldIn(host, 'New team name'), 'the new-team form');
    typeInto(fieldIn(host, 'New team name')!, 'Harbour Realty');
    buttonIn(host, 'Create team')!.click();
    await waitFor(() => !!host.querySelector('section[aria-label="Team Harbour Realty"] [data-member-id]'), 'the new team open');
    const team = host.querySelector<HTMLElement>('section[aria-label="Team Harbour Realty"]')!;
    expect(team.querySelector(`[data-member-id="${owner.id}"]`)!.textContent).to.contain('Owner');

    typeInto(fieldIn(team, 'Find people')!, 'ma');
    typeInto(fieldIn(team, 'Find people')!, mark.email);
    await waitFor(() => !!team.querySelector('[aria-label="People found"]'), 'the colleague found');
    expect(team.querySelector('[aria-label="People found"]')!.textContent).to.equal(`Mark Colleague (${mark.email})Add`);
    buttonIn(team, 'Add')!.click();
    await waitFor(() => fieldIn(team, 'E-mail addresses')!.value === mark.email, 'the address added');
    choose(fieldIn(team, 'Permission')!, 'edit');
    buttonIn(team, 'Send invitations')!.click();
    await waitFor(() => !!team.querySelector('[aria-label="Invited"]'), 'the invitation listed');
    expect(team.querySelector('[aria-label="Invited"]')!.textContent).to.contain(`${mark.email} (Can edit)`);
    const invitations = await ownerCall<Page<Invitation>>(mark, 'GET', '/teams/invitations');
    expect(invitations.items.map(({ teamName, permission }) => ({ teamName, permission }))).to.deep.equal([{ teamName: 'Harbour Realty', permission: 'edit' }]);

    // This test server sends no mail: the inviter is told, and hands the invitation's link over themselves.
    await waitFor(() => team.textContent!.includes('This server sends no e-mail (mail is not set up), so invitations are not mailed.'), 'the notice');
    buttonIn(team.querySelector('[aria-label="Invited"]')!, 'Copy invitation link')!.click();
    await waitFor(() => !!team.querySelector(`input[aria-label="Invitation link for ${mark.email}"]`), 'the link shown');
    const link = new URL(team.querySelector<HTMLInputElement>(`input[aria-label="Invitation link for ${mark.email}"]`)!.value);
    expect(link.origin, 'made whole with the address the app was opened at').to.equal(location.origin);
    expect(link.pathname).to.equal('/teams');
    expect(team.querySelector('[aria-label="Invited"] [role="status"]')!.textContent).to.contain(`send it to ${mark.email} yourself. It joins the team`);
    const joined = await ownerCall<Team>(mark, 'POST', `/users/${mark.id}/acceptInvitedToApp`, { token: link.searchParams.get('invitation') });
    expect(joined).to.include({ id: invitations.items[0].teamId, permission: 'edit' });
  });

  it('lets an invited colleague accept; the filter tells teams owned from teams joined', async () => {
    const owner = await signedInOwner();
    const mark = await colleague('Mark Colleague');
    const team = await ownerCall<Team>(owner, 'POST', '/teams', { name: 'Olivia team' });
    await ownerCall(owner, 'POST', `/teams/${team.id}/sendInvited`, { emails: [mark.email], permission: 'view' });
    await ownerCall(mark, 'POST', '/teams', { name: 'Mark team' });
    setUser(mark);
    const host = open();
    await waitFor(() => !!host.querySelector(`[data-invitation-team="${team.id}"]`), 'the invitation');
    expect(host.querySelector(`[data-invitation-team="${team.id}"]`)!.textContent).to.contain('Olivia Owner invited you to Olivia team (Can view)');
    buttonIn(host.querySelector(`[data-invitation-team="${team.id}"]`)!, 'Accept')!.click();
    await waitFor(() => !!host.querySelector(`[data-team-id="${team.id}"]`), 'the joined team listed');
    expect(host.querySelector('[aria-label="Invitations"]')).to.equal(null);
    const names = () => [...host.querySelectorAll('[data-team-id] h2')].map((heading) => heading.textContent).sort();
    expect(names()).to.deep.equal(['Mark team', 'Olivia team']);
    choose(fieldIn(host, 'Show')!, 'owner');
    await waitFor(() => names().length === 1, 'only the teams Mark owns');
    expect(names()).to.deep.equal(['Mark team']);
    choose(fieldIn(host, 'Show')!, 'invited');
    await waitFor(() => names()[0] === 'Olivia team', 'only the teams Mark was invited to');
    expect(names()).to.deep.equal(['Olivia team']);
  });

  it('changes a member’s permission with its select and removes a member after asking', async () => {
    const owner = await signedInOwner();
    const mark = await colleague('Mark Colleague');
    const team = await teamOf(owner, 'Harbour Realty', [[mark, 'view']]);
    const section = await openTeam(open(), team);
    choose(section.querySelector<HTMLSelectElement>('select[aria-label="Permission of Mark Colleague"]')!, 'admin');
    await waitFor(
      () => section.querySelector<HTMLSelectElement>('select[aria-label="Permission of Mark Colleague"]')!.value === 'admin',
      'the permission shown',
    );
    const stored = await ownerCall<Team>(owner, 'GET', `/teams/${team.id}`);
    expect(stored.members!.find((member) => member.id === mark.id)!.permission).to.equal('admin');

    buttonIn(section.querySelector(`[data-member-id="${mark.id}"]`)!, 'Remove')!.click();
    await answerQuestion(view!.host, 'Remove Mark Colleague from "Harbour Realty"? They lose access to its tours at once.', 'Cancel');
    expect((await ownerCall<Team>(owner, 'GET', `/teams/${team.id}`)).membersCount).to.equal(2);
    buttonIn(section.querySelector(`[data-member-id="${mark.id}"]`)!, 'Remove')!.click();
    await answerQuestion(view!.host, 'Remove Mark Colleague from "Harbour Realty"? They lose access to its tours at once.', 'Yes');
    await waitFor(() => !section.querySelector(`[data-member-id="${mark.id}"]`), 'the member gone');
    expect((await ownerCall<Team>(owner, 'GET', `/teams/${team.id}`)).membersCount).to.equal(1);
  });

  it('shows each member’s permission on one tour and lets the admin set another for it', async () => {
    const owner = await signedInOwner();
    const vic = await colleague('Vic Viewer');
    const team = await teamOf(owner, 'Harbour Realty', [[vic, 'view']]);
    const tour = await sharedTour(owner, team, 'Sea view loft');
    const section = await openTeam(open(), team);
    await waitFor(() => !!section.querySelector(`[data-short-id="${tour.shortId}"] details`), 'the tour’s permissions');
    const card = section.querySelector(`[data-short-id="${tour.shortId}"]`)!;
    card.querySelector('summary')!.click();
    const select = () => card.querySelector<HTMLSelectElement>('select[aria-label="Vic Viewer on this tour"]')!;
    expect(select().value).to.equal('view');
    expect(card.querySelector('table')!.textContent).to.contain('As in the team');
    choose(select(), 'edit');
    await waitFor(() => card.querySelector('table')!.textContent!.includes('Set for this tour (in the team: Can view)'), 'the tour’s own permission');
    expect(select().value).to.equal('edit');
    expect((await ownerCall<{ role: string }>(vic, 'GET', `/tours/${tour.shortId}/access`)).role).to.equal('edit');
    choose(select(), 'view');
    await waitFor(() => card.querySelector('table')!.textContent!.includes('As in the team'), 'the team’s permission again');
    expect((await ownerCall<{ role: string }>(vic, 'GET', `/tours/${tour.shortId}/access`)).role).to.equal('view');
  });

  it('shows the team’s tours eight at a time with their own pages, and asks before taking one out of the team', async () => {
    const owner = await signedInOwner();
    const team = await teamOf(owner, 'Harbour Realty');
    for (let i = 1; i <= 9; i += 1) await sharedTour(owner, team, `Listing ${i}`);
    const section = await openTeam(open(), team);
    const cards = () => [...section.querySelectorAll('section[aria-label="Team tours"] [data-short-id] h2')].map((heading) => heading.textContent);
    await waitFor(() => cards().length === 8, 'the first eight tours');
    expect(section.querySelector('[aria-label="Pages of tours"]')!.textContent).to.contain('Page 1 of 2');
    buttonIn(section.querySelector('[aria-label="Pages of tours"]')!, 'Next')!.click();
    await waitFor(() => cards().length === 1, 'the ninth tour on page 2');
    expect(cards()).to.deep.equal(['Listing 1']);

    buttonIn(section.querySelector('section[aria-label="Team tours"] [data-short-id]')!, 'Remove from team')!.click();
    const question = 'Take "Listing 1" out of "Harbour Realty"? Its members lose access and its team history is deleted.';
    await answerQuestion(view!.host, question, 'Cancel');
    expect((await ownerCall<Page<TeamTour>>(owner, 'GET', `/teams/${team.id}/tours`)).total).to.equal(9);
    buttonIn(section.querySelector('section[aria-label="Team tours"] [data-short-id]')!, 'Remove from team')!.click();
    await answerQuestion(view!.host, question, 'Yes');
    await waitFor(() => cards().length === 8 && !buttonIn(section.querySelector('[aria-label="Pages of tours"]')!, 'Next'), 'eight tours left on one page');
    expect((await ownerCall<Page<TeamTour>>(owner, 'GET', `/teams/${team.id}/tours`)).total).to.equal(8);

    choose(fieldIn(section, 'Sort by')!, 'title');
    await waitFor(() => cards()[0] === 'Listing 2', 'the tours by title');
    typeInto(fieldIn(section, 'Search the team’s tours')!, 'LISTING 7');
    await waitFor(() => cards().length === 1, 'the search');
    expect(cards()).to.deep.equal(['Listing 7']);
  });

  it('pages the list of teams', async () => {
    const owner: User = await signedInOwner();
    for (let i = 1; i <= 11; i += 1) await ownerCall(owner, 'POST', '/teams', { name: `Team ${i}` });
    const host = open();
    await waitFor(() => host.querySelectorAll('[data-team-id]').length === 10, 'the first ten teams');
    buttonIn(host.querySelector('[aria-label="Pages of teams"]')!, 'Next')!.click();
    await waitFor(() => host.querySelectorAll('[data-team-id]').length === 1, 'the eleventh team');
    expect(host.querySelector('[data-team-id] h2')!.textContent).to.equal('Team 1');
  });
});
