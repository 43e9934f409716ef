import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import type { Tour } from '../../../../../api/schema/tour';
import type { User } from '../../../../../api/schema/user';
import { Header } from '../../../../../admin/components/Header';
import { GUEST_SIGN_OUT_QUESTION } from '../../../../../admin/components/UserMenu';
import { session, setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { OWNER_PASSWORD, ownerCall, typeInto } from '../../support/real-owner';

const SAVE_WORK = 'Save your work: create an account';
let counter = 0;

async function postAuth(path: string, visitor: string, body?: unknown): Promise<User> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'X-Test-Visitor': visitor, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await response.json()) as { user: User }).user;
}

const byText = (text: string) => [...document.querySelectorAll<HTMLElement>('button, a')].find((element) => element.textContent?.trim() === text);
const dialog = () => document.querySelector<HTMLElement>(`[role="dialog"][aria-label="${SAVE_WORK}"]`);
const input = (label: string) =>
  [...dialog()!.querySelectorAll('label')].find((candidate) => candidate.querySelector('span')?.textContent === label)!.querySelector('input')!;
const fieldErrors = () => [...dialog()!.querySelectorAll('.ad-field .ad-error')].map((error) => error.textContent);
const submit = () => dialog()!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
const toursOf = async (user: User) => (await ownerCall<{ items: Tour[] }>(user, 'GET', '/tours')).items.map((tour) => tour.shortId);

describe('a guest saves their work into an account (real API)', () => {
  let unmount: () => void = () => undefined;
  let guest: User;
  let tour: Tour;

  beforeEach(async () => {
    guest = await postAuth('guest', `guest-${++counter}-${Date.now()}`);
    setUser(guest);
    tour = await ownerCall<Tour>(guest, 'POST', '/tours');
    ({ unmount } = mount(
      <>
        <Header />
        <ToastContainer />
      </>,
    ));
    await waitFor(() => !!byText(SAVE_WORK), 'the header offers a guest an account');
  });
  afterEach(() => {
    unmount();
    setUser(null);
  });

  it('signs up from the header, with field errors in plain sentences, and keeps the guest’s tour', async () => {
    expect(byText('Upgrade to Pro Plus'), 'Pro Plus needs an account first').to.equal(undefined);
    byText(SAVE_WORK)!.click();
    await waitFor(() => !!dialog(), 'the save-your-work form');
    typeInto(input('Email'), 'ann@');
    typeInto(input('Password'), 'short');
    submit();
    await waitFor(() => fieldErrors().length === 3, 'the field errors');
    expect(fieldErrors()).to.deep.equal([
      'Please enter your name.',
      'Please enter your e-mail address, like name@example.com.',
      'Your password needs at least 8 characters.',
    ]);
    expect(input('Email').getAttribute('aria-invalid')).to.equal('true');

    typeInto(input('Name'), 'Gus Guest');
    typeInto(input('Email'), `gus-${Date.now()}@example.com`);
    typeInto(input('Password'), OWNER_PASSWORD);
    submit();
    await waitFor(() => session.user?.type === 1, 'signed up');
    expect(session.user!.id, 'the guest became the account').to.equal(guest.id);
    await waitFor(() => !dialog(), 'the form closed');
    await waitFor(() => !!document.body.textContent?.includes('Your tours are saved in your new account.'), 'the notice');
    expect(await toursOf(session.user!)).to.deep.equal([tour.shortId]);
    expect(byText(SAVE_WORK)).to.equal(undefined);
  });

  it('signs in to an existing account from the user menu, and the guest’s tour moves to it', async () => {
    const email = `existing-${Date.now()}@example.com`;
    const account = await postAuth('signup', email, { name: 'Ann Account', email, password: OWNER_PASSWORD });
    document.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!.click();
    await waitFor(() => !!document.querySelector('[role="menu"]'), 'the user menu');
    [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === SAVE_WORK)!.click();
    await waitFor(() => !!dialog(), 'the save-your-work form');
    byText('I have an account: sign in')!.click();
    await waitFor(() => dialog()!.querySelector('form')!.getAttribute('aria-label') === 'Sign in', 'the sign-in form');
    typeInto(input('Email'), email);
    typeInto(input('Password'), 'not the password');
    submit();
    await waitFor(() => !!dialog()!.querySelector('[role="alert"]'), 'the refusal');
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).to.equal('The e-mail or password is not right.');

    typeInto(input('Password'), OWNER_PASSWORD);
    submit();
    await waitFor(() => session.user?.id === account.id, 'signed in to the account');
    await waitFor(() => !!document.body.textContent?.includes('1 tour from your guest session moved to your account.'), 'the notice');
    expect((await toursOf(session.user!)).sort()).to.deep.equal([tour.shortId]);
    expect((await fetch('/api/tours', { headers: { Authorization: `JWT ${guest.token}` } })).status, 'the guest is gone').to.equal(401);
  });

  it('warns a guest who signs out that their tours go with them; Cancel keeps the session', async () => {
    const signOut = async () => {
      document.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!.click();
      await waitFor(() => !!document.querySelector('[role="menu"]'), 'the user menu');
      [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Sign out')!.click();
    };
    await signOut();
    await answerQuestion(document.body, GUEST_SIGN_OUT_QUESTION, 'Cancel');
    expect(session.user?.id).to.equal(guest.id);
    expect((await fetch('/api/tours', { headers: { Authorization: `JWT ${guest.token}` } })).status).to.equal(200);
    await signOut();
    await answerQuestion(document.body, GUEST_SIGN_OUT_QUESTION, 'Yes');
    expect(session.user).to.equal(null);
  });
});
