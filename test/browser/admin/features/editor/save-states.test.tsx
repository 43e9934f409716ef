import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { Editor } from '../../../../../admin/features/editor/Editor';
import { session } from '../../../../../admin/lib/session';
import type { Tour } from '../../../../../api/schema/tour';
import type { User } from '../../../../../api/schema/user';
import { mount, waitFor } from '../../mount';
import { OWNER_PASSWORD, ownerCall, newTour, signedInOwner, storedTour, typeInto } from '../../support/real-owner';

let view: ReturnType<typeof mount>;
let owner: User;
let tour: Tour;
const realFetch = window.fetch;

async function openEditor() {
  owner = await signedInOwner();
  tour = await newTour(owner);
  view = mount(
    <>
      <Editor shortId={tour.shortId} />
      <ToastContainer />
    </>,
  );
  await waitFor(() => !!titleField(), 'the editor shows the tour');
}

const titleField = () => view.host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]');
const saveStatus = () => view.host.querySelector('.ad-save')?.textContent ?? '';
const alertTexts = () => [...view.host.querySelectorAll('[role="alert"]')].map((node) => node.textContent);
const button = (label: string) => [...view.host.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === label);

/** Every text the save status shows, in order, however briefly. */
function recordStatuses(): string[] {
  const seen = [saveStatus()];
  new MutationObserver(() => seen.at(-1) !== saveStatus() && seen.push(saveStatus())).observe(view.host, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  return seen;
}

describe('Editor save states against the real API', () => {
  afterEach(() => {
    window.fetch = realFetch;
    view.unmount();
  });

  it('shows Unsaved changes, then Saving…, then Saved, and the server holds the edit', async () => {
    await openEditor();
    expect(saveStatus()).to.equal('Saved');
    const seen = recordStatuses();
    typeInto(titleField()!, 'Harbour Loft');
    await waitFor(() => seen.lastIndexOf('Saved') > 0, 'the save finished');
    expect(seen).to.deep.equal(['Saved', 'Unsaved changes', 'Saving…', 'Saved']);
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Harbour Loft');
  });

  it('says Not Connected to Internet when the network fails (fetch failing in the page), keeps the edit and saves when back online', async () => {
    await openEditor();
    // The only simulated part: the browser's network refusing the save. Everything else is the real server.
    window.fetch = (input, init) =>
      init?.method === 'POST' && String(input).startsWith('/api/tours/') ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init);
    typeInto(titleField()!, 'Typed while offline');
    await waitFor(() => saveStatus() === 'Not Connected to Internet', 'the offline status');
    expect(alertTexts()).to.include('Not Connected to Internet');
    expect(titleField()!.value).to.equal('Typed while offline');
    expect((await storedTour(owner, tour.shortId)).title).to.equal('');

    window.fetch = realFetch;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => saveStatus() === 'Saved', 'saved once back online');
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Typed while offline');
  });

  it('after a 401 asks to sign in again in place, keeps the edit, and saves it once signed in', async () => {
    await openEditor();
    // The real server refuses a token it did not sign, as it would an expired one.
    session.user = { ...owner, token: 'expired.token.value' };
    typeInto(titleField()!, 'Kept across sign-in');
    await waitFor(() => saveStatus() === 'Sign in again to save', 'the signed-out status');
    const form = view.host.querySelector<HTMLFormElement>('form[aria-label="Sign in again"]')!;
    expect(form).to.not.equal(null);
    expect(titleField()!.value).to.equal('Kept across sign-in');

    typeInto(form.querySelector<HTMLInputElement>('input[type="password"]')!, 'not the password');
    form.requestSubmit();
    await waitFor(() => alertTexts().some((text) => /password/i.test(text ?? '')), 'the wrong password is refused');
    expect(saveStatus()).to.equal('Sign in again to save');

    typeInto(form.querySelector<HTMLInputElement>('input[type="password"]')!, OWNER_PASSWORD);
    form.requestSubmit();
    await waitFor(() => saveStatus() === 'Saved', 'saved after signing in');
    expect(view.host.querySelector('form[aria-label="Sign in again"]')).to.equal(null);
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Kept across sign-in');
  });

  it('names the field and its limit when a title is too long, and saves once it is shortened', async () => {
    await openEditor();
    typeInto(titleField()!, 'x'.repeat(201));
    await waitFor(() => saveStatus() === 'Not saved', 'the refusal');
    expect(alertTexts()).to.include('Tour title: Keep it to 200 characters or fewer.');
    typeInto(titleField()!, 'x'.repeat(200));
    await waitFor(() => saveStatus() === 'Saved', 'saved once short enough');
    expect((await storedTour(owner, tour.shortId)).title).to.have.length(200);
  });

  it('explains a 409 conflict and offers Reload, without overwriting the other save', async () => {
    await openEditor();
    // Someone else saves the tour first (another tab), so this editor's revision is stale.
    await ownerCall(owner, 'POST', `/tours/${tour.shortId}`, { ...tour, title: 'Saved elsewhere' });
    typeInto(titleField()!, 'Saved here');
    await waitFor(() => saveStatus() === 'Changed elsewhere', 'the conflict status');
    expect(alertTexts().join(' ')).to.contain('changed elsewhere');
    expect(button('Reload')).to.not.equal(undefined);
    expect((await storedTour(owner, tour.shortId)).title).to.equal('Saved elsewhere');
  });
});
