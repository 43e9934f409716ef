import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { Editor } from '../../../../../admin/features/editor/Editor';
import { setUser } from '../../../../../admin/lib/session';
import type { Page } from '../../../../../api/schema/requests';
import type { HistoryEntry, Team } from '../../../../../api/schema/team';
import { mount, waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { openEditor, type EditorView } from '../../support/editor-view';
import { ownerCall, signedInOwner, storedTour, typeInto } from '../../support/real-owner';
import { colleague, sharedTour, teamOf } from '../../support/team-people';

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((candidate) => candidate.textContent?.trim() === label);

describe("The editor's Team tab against the real API", () => {
  let view: EditorView | { host: HTMLElement; unmount: () => void } | undefined;
  afterEach(() => view?.unmount());

  it('shares the tour with a team, lists its saves newest first and restores an earlier one after asking', async () => {
    const editor = await openEditor();
    view = editor;
    const team = await teamOf(editor.owner, 'Harbour Realty');
    await editor.openTab('team');
    const tab = () => editor.host.querySelector<HTMLElement>('section[aria-label="Team"]')!;
    await waitFor(() => !!tab()?.querySelector('select option[value="' + team.id + '"]'), 'the team to choose');
    const select = tab().querySelector('select')!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, String(team.id));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    buttonIn(tab(), 'Share with this team')!.click();
    await waitFor(() => tab()?.textContent?.includes('Shared with the team Harbour Realty.') ?? false, 'the tour shared');
    expect((await storedTour(editor.owner, editor.tour.shortId)).teamId).to.equal(team.id);

    const title = editor.host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;
    typeInto(title, 'First words');
    await editor.whenSaved();
    await waitFor(() => tab().querySelectorAll('[data-history-id]').length === 2, 'the first save in the history');
    typeInto(title, 'Second words');
    await editor.whenSaved();
    await waitFor(() => tab().querySelectorAll('[data-history-id]').length === 3, 'the second save in the history');
    const entries = [...tab().querySelectorAll('[data-history-id]')].map((entry) => entry.textContent);
    expect(entries[0]).to.contain('title: Second words');
    expect(entries[1]).to.contain('title: First words');
    // The history starts with the tour as it was shared, which can be restored like any entry.
    expect(entries[2]).to.contain('shared with Harbour Realty');

    const first = tab().querySelectorAll('[data-history-id]')[1];
    const revision = /revision (\d+)/.exec(first.textContent!)![1];
    buttonIn(first, 'Restore')!.click();
    await answerQuestion(editor.host, `Restore the tour to revision ${revision}? Its scenes, settings and floor plans go back to how they were then.`, 'Yes');
    await waitFor(() => title.value === 'First words', 'the restored title in the editor');
    expect((await storedTour(editor.owner, editor.tour.shortId)).title).to.equal('First words');
    const history = await ownerCall<Page<HistoryEntry>>(editor.owner, 'GET', `/teams/${team.id}/history`);
    expect(history.items[0]).to.include({ type: 'restore', currentValue: `revision ${revision}` });
    // The restore made a new revision, which the editor now edits on.
    typeInto(title, 'After the restore');
    await editor.whenSaved();
    expect((await storedTour(editor.owner, editor.tour.shortId)).title).to.equal('After the restore');
  });

  it('shows who may do what on the tour, and the owner sets a member’s permission on it; a viewer only sees it', async () => {
    const editor = await openEditor();
    view = editor;
    const vic = await colleague('Vic Viewer');
    const team = await teamOf(editor.owner, 'Harbour Realty', [[vic, 'view']]);
    await ownerCall(editor.owner, 'POST', `/teams/${team.id}/sharedTour`, { tourId: editor.tour.shortId });
    editor.unmount();
    const reopened = mount(<Editor shortId={editor.tour.shortId} />);
    view = reopened;
    const host = reopened.host;
    await waitFor(() => !!host.querySelector('[role="tab"]'), 'the editor');
    [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((tab) => tab.textContent === 'team')!.click();
    const select = () => host.querySelector<HTMLSelectElement>('select[aria-label="Vic Viewer on this tour"]');
    await waitFor(() => !!select(), 'the permissions on the tour');
    expect(select()!.value).to.equal('view');
    expect(select()!.matches(':disabled')).to.equal(false);
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select(), 'admin');
    select()!.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => host.querySelector('.ad-tour-permissions')!.textContent!.includes('Set for this tour (in the team: Can view)'), 'the override shown');
    const stored = await ownerCall<Team>(editor.owner, 'GET', `/teams/${team.id}`);
    expect(stored.members!.find((member) => member.id === vic.id)!.tourPermissions).to.deep.equal([{ tourId: editor.tour.shortId, permission: 'admin' }]);
    reopened.unmount();

    await ownerCall(editor.owner, 'PUT', `/teams/${team.id}/sharedTour`, { tourId: editor.tour.shortId, members: [{ userId: vic.id, permission: 'view' }] });
    setUser(vic);
    const asViewer = mount(<Editor shortId={editor.tour.shortId} />);
    view = asViewer;
    await waitFor(() => !!asViewer.host.querySelector('[role="tab"]'), 'the viewer’s editor');
    [...asViewer.host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((tab) => tab.textContent === 'team')!.click();
    await waitFor(() => !!asViewer.host.querySelector('select[aria-label="Vic Viewer on this tour"]'), 'the permissions, as a viewer');
    expect(asViewer.host.querySelector('select[aria-label="Vic Viewer on this tour"]')!.matches(':disabled')).to.equal(true);
  });

  it("lets a team's editor save without the publishing controls, and says why their next save is refused once removed", async () => {
    const owner = await signedInOwner();
    const member = await colleague('Ed Editor');
    const team = await teamOf(owner, 'Harbour Realty', [[member, 'edit']]);
    const tour = await sharedTour(owner, team, 'Sea view loft');
    setUser(member);
    const mounted = mount(
      <>
        <Editor shortId={tour.shortId} />
        <ToastContainer />
      </>,
    );
    view = mounted;
    const host = mounted.host;
    await waitFor(() => !!host.querySelector('input[aria-label="Tour title"]'), 'the editor');
    expect(host.textContent).to.contain('You edit this tour as a member of its team: its privacy, password, addresses and publishing stay with its owner.');
    expect(host.querySelector('.ad-publish--bar')).to.equal(null);
    [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((tab) => tab.textContent === 'settings')!.click();
    await waitFor(() => !!host.querySelector('section[aria-label="Settings"]'), 'the settings tab');
    const privacy = [...host.querySelectorAll('section[aria-label="Settings"] label')].find((label) => label.querySelector('span')?.textContent === 'Privacy');
    expect(privacy!.querySelector('select')!.disabled, "the tour's privacy is its owner's").to.equal(true);
    const title = host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;
    typeInto(title, 'Sea view loft, renovated');
    await waitFor(() => host.querySelector('.ad-save')?.textContent === 'Saved', 'the member’s save');
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Sea view loft, renovated');

    await ownerCall(owner, 'DELETE', `/teams/${team.id}/removeMembers`, { userIds: [member.id] });
    typeInto(title, 'One more change');
    await waitFor(() => !!host.querySelector('.ad-banner[role="alert"]'), 'the refusal');
    expect(host.querySelector('.ad-banner[role="alert"]')!.textContent).to.equal(
      "You are no longer a member of this tour's team, so you cannot change it any more.",
    );
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Sea view loft, renovated');
  });
});
