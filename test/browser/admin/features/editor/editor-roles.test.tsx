import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { Editor } from '../../../../../admin/features/editor/Editor';
import { setUser } from '../../../../../admin/lib/session';
import type { Tour } from '../../../../../api/schema/tour';
import type { User } from '../../../../../api/schema/user';
import { mount, waitFor } from '../../mount';
import { ownerCall, panoramaFile, signedInOwner, storedTour, typeInto } from '../../support/real-owner';
import { colleague, sharedTour, teamOf } from '../../support/team-people';

const OWNERS_NOTE = 'Only the tour’s owner can change this.';

/** The editor opened by `user` on `tour`, once it shows either its tabs or a page without them. */
async function editorAs(user: User, tour: Tour) {
  setUser(user);
  const view = mount(
    <>
      <Editor shortId={tour.shortId} />
      <ToastContainer />
    </>,
  );
  const { host } = view;
  await waitFor(() => !!host.querySelector('[role="tab"], h1'), 'the editor or a page in its place');
  const openTab = async (name: string) => {
    [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((tab) => tab.textContent === name)!.click();
    await waitFor(() => host.querySelector('[role="tab"][aria-selected="true"]')?.textContent === name, `the ${name} tab`);
  };
  /** The field under the label whose own text is `label`, within the open tab. */
  const field = (label: string) =>
    [...host.querySelectorAll('.ad-editor label')]
      .find((candidate) => candidate.querySelector('span')?.textContent === label)!
      .querySelector<HTMLElement>('input, select, textarea')!;
  const title = () => host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;
  return { ...view, openTab, field, title };
}

/** A tour of a new owner, shared with a team in which `member` holds `permission`. */
async function teamTour(permission: 'view' | 'edit', privacy: Tour['privacy'] = 'Private') {
  const owner = await signedInOwner();
  const member = await colleague(permission === 'view' ? 'Vic Viewer' : 'Ed Editor');
  const team = await teamOf(owner, 'Harbour Realty', [[member, permission]]);
  const shared = await sharedTour(owner, team, 'Sea view loft');
  const tour = await ownerCall<Tour>(owner, 'POST', `/tours/${shared.shortId}`, { ...shared, privacy, agentEmail: 'olivia@example.com' });
  return { owner, member, tour };
}

describe('The editor in each role, against the real API', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => unmount?.());

  it('is read-only for a view member, says so, and still previews and shares', async () => {
    const { owner, member, tour } = await teamTour('view');
    const editor = await editorAs(member, tour);
    unmount = editor.unmount;
    const notice = editor.host.querySelector('.ad-member-notice')!;
    expect(notice.textContent).to.contain(
      'You can view this tour as a member of its team, but not change it: your permission on it is view. You can preview it and share its link.',
    );
    expect(editor.host.querySelector('.ad-publish--bar')).to.equal(null);
    expect(editor.title().disabled).to.equal(true);
    typeInto(editor.title(), 'Changed by a viewer');
    expect(editor.title().value, 'the field keeps the tour’s title').to.equal('Sea view loft');
    const scenes = editor.host.querySelector<HTMLElement>('section[aria-label="Scenes"]')!;
    const transfer = new DataTransfer();
    transfer.items.add(await panoramaFile('Dropped hall.png', '#a33'));
    for (const type of ['dragover', 'drop']) {
      const taken = !scenes.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      expect(taken, `the scene list refuses the ${type}`).to.equal(false);
    }
    for (const tab of ['edit tour', 'settings', 'video chat', 'lead gen']) {
      await editor.openTab(tab);
      const fields = [...editor.host.querySelectorAll('.ad-editor input, .ad-editor select, .ad-editor textarea, .ad-editor button')];
      expect(fields.length, `the ${tab} tab has fields`).to.be.greaterThan(0);
      expect(
        fields.filter((element) => !element.matches(':disabled')).map((element) => element.outerHTML),
        `every field of ${tab} is disabled`,
      ).to.deep.equal([]);
    }
    const preview = [...editor.host.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Preview')!;
    expect(preview.disabled).to.equal(false);
    [...notice.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Share')!.click();
    await waitFor(() => !!document.querySelector('.ad-share'), 'the share modal');
    const link = [...document.querySelectorAll('.ad-share label')].find((label) => label.textContent?.startsWith('Direct link'))!.querySelector('input')!;
    expect(link.value).to.contain(tour.shortId);
    expect(editor.host.querySelector('.ad-save')?.textContent ?? '').not.to.equal('Saving…');
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Sea view loft');
  });

  it('has an Analytics tab for the owner and team admins only, also when opened at #analytics', async () => {
    history.replaceState(null, '', '#analytics');
    try {
      const owner = await signedInOwner();
      const [viewer, editorMember, admin] = [await colleague('Vic Viewer'), await colleague('Ed Editor'), await colleague('Ada Admin')];
      const team = await teamOf(owner, 'Harbour Realty', [
        [viewer, 'view'],
        [editorMember, 'edit'],
        [admin, 'admin'],
      ]);
      const tour = await sharedTour(owner, team, 'Sea view loft');
      for (const [user, sees] of [
        [owner, true],
        [admin, true],
        [editorMember, false],
        [viewer, false],
      ] as const) {
        const editor = await editorAs(user, tour);
        const tabs = [...editor.host.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
        expect(tabs.includes('analytics'), `${user.name} has the tab`).to.equal(sees);
        expect(editor.host.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal(sees ? 'analytics' : 'edit tour');
        if (sees) await waitFor(() => !!editor.host.querySelector('.ad-analytics__empty'), `${user.name}'s numbers`);
        else expect(editor.host.querySelector('section[aria-label="Analytics"]')).to.equal(null);
        editor.unmount();
      }
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('shows an edit member which settings are the owner’s and saves the rest', async () => {
    const { owner, member, tour } = await teamTour('edit');
    const editor = await editorAs(member, tour);
    unmount = editor.unmount;
    await editor.openTab('settings');
    const privacy = editor.field('Privacy');
    expect(privacy.matches(':disabled')).to.equal(true);
    expect(privacy.parentElement!.textContent).to.contain(OWNERS_NOTE);
    expect(editor.field('Description').matches(':disabled')).to.equal(false);
    await editor.openTab('video chat');
    expect(editor.field('Agent e-mail').matches(':disabled')).to.equal(true);
    expect(editor.field('Agent e-mail').parentElement!.textContent).to.contain(OWNERS_NOTE);
    expect(editor.field('Agent name').matches(':disabled')).to.equal(false);
    const notify = [...editor.host.querySelectorAll('.ad-editor label')].find((label) => label.textContent?.includes('E-mail me when someone joins'))!;
    expect(notify.querySelector('input')!.disabled).to.equal(true);
    expect(notify.textContent).to.contain(OWNERS_NOTE);
    typeInto(editor.title(), 'Sea view loft, renovated');
    await waitFor(() => editor.host.querySelector('.ad-save')?.textContent === 'Saved', 'the member’s save');
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Sea view loft, renovated');
  });

  it('lets the owner change every setting, with no owner’s notes', async () => {
    const { owner, tour } = await teamTour('edit');
    const editor = await editorAs(owner, tour);
    unmount = editor.unmount;
    expect(editor.host.querySelector('.ad-member-notice')).to.equal(null);
    await editor.openTab('settings');
    expect(editor.field('Privacy').matches(':disabled')).to.equal(false);
    await editor.openTab('video chat');
    expect(editor.field('Agent e-mail').matches(':disabled')).to.equal(false);
    expect(editor.host.textContent).not.to.contain(OWNERS_NOTE);
  });

  for (const privacy of ['Private', 'Public'] as const) {
    it(`shows a stranger the not-found page for a ${privacy.toLowerCase()} tour, not an editor`, async () => {
      const { owner, tour } = await teamTour('view', privacy);
      const stranger = await colleague('Sam Stranger');
      const editor = await editorAs(stranger, tour);
      unmount = editor.unmount;
      expect(editor.host.querySelector('h1')?.textContent).to.equal('Not found');
      expect(editor.host.querySelector('[role="tab"], input[aria-label="Tour title"]')).to.equal(null);
      expect((await storedTour(owner, tour.shortId)).title).to.equal('Sea view loft');
    });
  }
});
