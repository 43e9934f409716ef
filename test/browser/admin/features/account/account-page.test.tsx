import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import type { AccountSettings } from '../../../../../api/schema/account';
import type { User } from '../../../../../api/schema/user';
import { Account } from '../../../../../admin/features/account/Account';
import { PASSWORD_CHANGED } from '../../../../../admin/features/account/PasswordSection';
import { SIGN_OUT_EVERYWHERE_QUESTION } from '../../../../../admin/features/account/SignOutEverywhere';
import { session, setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { byText, errorUnder, fillAndSubmit, form } from '../../support/page-queries';
import { newTour, OWNER_PASSWORD, ownerCall, signedInOwner } from '../../support/real-owner';

const text = () => document.body.textContent ?? '';
const statusOf = async (token: string) => (await fetch('/api/status/user', { headers: { Authorization: `JWT ${token}` } })).status;

/** Another session of the same owner, as from another browser. */
async function otherSession(user: User): Promise<string> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Visitor': `${user.email}-other` },
    body: JSON.stringify({ email: user.email, password: OWNER_PASSWORD }),
  });
  return ((await response.json()) as { user: User }).user.token;
}

describe('the account page (real API)', () => {
  let unmount: () => void = () => undefined;
  let owner: User;

  beforeEach(async () => {
    owner = await signedInOwner();
    ({ unmount } = mount(
      <>
        <Account />
        <ToastContainer />
      </>,
    ));
    await waitFor(() => !!form('Change password'), 'the account page');
  });
  afterEach(() => {
    unmount();
    setUser(null);
  });

  it('changes the password with the current one, saying so under the field when it is wrong, and signs out the other sessions', async () => {
    const other = await otherSession(owner);
    fillAndSubmit(form('Change password')!, { 'Current password': 'not it', 'New password': 'a new passphrase' });
    await waitFor(() => errorUnder('Current password') !== null, 'the refusal');
    expect(errorUnder('Current password')).to.equal('That is not your current password.');
    fillAndSubmit(form('Change password')!, { 'Current password': OWNER_PASSWORD, 'New password': 'a new passphrase' });
    await waitFor(() => text().includes(PASSWORD_CHANGED), 'the notice');
    expect(await statusOf(owner.token), 'this session stays').to.equal(200);
    expect(await statusOf(other)).to.equal(401);
  });

  it('shows the address unconfirmed, says how to confirm it on a server without mail, and asks a change of address to be confirmed by a link', async () => {
    expect(text()).to.contain(owner.email);
    expect(text()).to.contain('Not confirmed');
    // This test server has no SMTP_URL: no link can be mailed, and the page says what to do instead.
    expect(text()).to.contain('This server sends no e-mail, so no link can reach you: ask its operator to confirm your address');
    expect(byText('Send the link again')).to.equal(undefined);
    expect(text()).to.contain('This server sends no e-mail (mail is not set up)');

    const taken = await signedInOwner();
    setUser(owner);
    fillAndSubmit(form('Change e-mail address')!, { 'New e-mail address': taken.email, 'Your password': OWNER_PASSWORD });
    const refusal = () => form('Change e-mail address')!.closest('section')!.querySelector('.ad-error[role="alert"]');
    await waitFor(() => !!refusal(), 'the refusal');
    expect(refusal()!.textContent).to.equal('An account with this e-mail already exists.');

    const next = `next-${Date.now()}@example.com`;
    fillAndSubmit(form('Change e-mail address')!, { 'New e-mail address': next, 'Your password': OWNER_PASSWORD });
    await waitFor(() => text().includes(`We sent a link to ${next}.`), 'the pending change');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).email, 'unchanged until the link is opened').to.equal(owner.email);
  });

  it('turns the mail of one kind off and on, the inbox keeping all', async () => {
    const showings = () =>
      [...document.querySelectorAll('label.ad-check')].find((label) => label.textContent?.includes('Showing requests'))!.querySelector('input')!;
    expect(showings().checked).to.equal(true);
    showings().click();
    await waitFor(() => !showings().checked, 'the switch saved');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed).to.include({ showing: false, lead: true });
    showings().click();
    await waitFor(() => showings().checked, 'the switch saved again');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed.showing).to.equal(true);
  });

  it('turns the weekly summary off with its own switch, on by default', async () => {
    const weekly = () =>
      [...document.querySelectorAll('label.ad-check')].find((label) => label.textContent?.includes('Weekly summary of your tours'))!.querySelector('input')!;
    expect(weekly().checked).to.equal(true);
    weekly().click();
    await waitFor(() => !weekly().checked, 'the switch saved');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed).to.include({ weekly: false, lead: true, showing: true });
    weekly().click();
    await waitFor(() => weekly().checked, 'the switch saved again');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed.weekly).to.equal(true);
  });

  it('lists what deleting the account removes, asks for the password, and deletes it', async () => {
    const tour = await newTour(owner);
    await ownerCall(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, title: '<b>Loft</b>' });
    await ownerCall(owner, 'POST', '/assets', { name: 'Logo', url: '/media/assets/a.jpg', thumbUrl: '/media/assets/thumb-a.jpg', assetType: 'logo' });
    await ownerCall(owner, 'POST', '/assets', { name: 'Birdsong', url: '/media/audio/b.mp3', thumbUrl: '', assetType: 'ambience' });
    byText('Delete account…')!.click();
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Delete your account?"]');
    await waitFor(() => !!dialog(), 'the list of what goes');
    expect(dialog()!.textContent).to.contain('1 tour: <b>Loft</b>, with their pictures');
    expect(dialog()!.querySelector('b'), 'a title is text').to.equal(null);
    // A sound in the library is counted as a sound, not a picture.
    expect(dialog()!.textContent).to.contain('1 picture and 1 sound in your library');
    fillAndSubmit(form('Delete account')!, { 'Your password': 'wrong' });
    await waitFor(() => errorUnder('Your password', dialog()!) !== null, 'the refusal');
    expect(errorUnder('Your password', dialog()!)).to.equal('That is not your current password.');
    fillAndSubmit(form('Delete account')!, { 'Your password': OWNER_PASSWORD });
    await waitFor(() => session.user === null, 'signed out');
    expect(location.pathname).to.equal('/');
    expect(await statusOf(owner.token)).to.equal(401);
  });

  it('signs out everywhere after asking', async () => {
    const other = await otherSession(owner);
    byText('Sign out everywhere')!.click();
    await answerQuestion(document.body, SIGN_OUT_EVERYWHERE_QUESTION, 'Yes');
    await waitFor(() => session.user === null, 'signed out');
    expect([await statusOf(owner.token), await statusOf(other)]).to.deep.equal([401, 401]);
  });
});
