import { expect } from 'chai';
import type { AccountSettings } from '../../../../../api/schema/account';
import type { Tour } from '../../../../../api/schema/tour';
import { ConfirmEmail } from '../../../../../admin/features/account/links/ConfirmEmail';
import { ResetPassword } from '../../../../../admin/features/account/links/ResetPassword';
import { Unsubscribe } from '../../../../../admin/features/account/links/Unsubscribe';
import { Landing } from '../../../../../admin/features/landing/Landing';
import { setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { byText, errorUnder, fillAndSubmit, form } from '../../support/page-queries';
import { newTour, ownerCall, signedInOwner } from '../../support/real-owner';

const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null;
const statusText = () => document.querySelector('[role="status"]')?.textContent ?? null;

describe('the pages mailed links open (real API)', () => {
  let unmount: () => void = () => undefined;
  afterEach(() => {
    unmount();
    setUser(null);
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('asks for a reset link from the sign-in form, saying the same whether or not the address has an account', async () => {
    ({ unmount } = mount(<Landing />));
    await waitFor(() => !!byText('I have an account: sign in'), 'the landing page');
    byText('I have an account: sign in')!.click();
    await waitFor(() => !!byText('Forgot password?'), 'the link on the sign-in form');
    byText('Forgot password?')!.click();
    await waitFor(() => !!form('Reset password'), 'the reset form');
    fillAndSubmit(form('Reset password')!, { Email: 'not-an-address' });
    await waitFor(() => errorUnder('Email') !== null, 'the refusal');
    expect(errorUnder('Email')).to.equal('Please enter your e-mail address, like name@example.com.');
    fillAndSubmit(form('Reset password')!, { Email: 'nobody-here@example.com' });
    await waitFor(() => statusText() !== null, 'the answer');
    expect(statusText()).to.equal('If an account uses nobody-here@example.com, we sent it a link to choose a new password. The link works once, for an hour.');
    byText('Back to sign in')!.click();
    await waitFor(() => !!form('Sign in'), 'the sign-in form again');
  });

  it('refuses a short password before asking, and a forged reset link with its sentence', async () => {
    location.hash = 'forged-token';
    ({ unmount } = mount(<ResetPassword />));
    await waitFor(() => !!form('Set a new password'), 'the form');
    fillAndSubmit(form('Set a new password')!, { 'New password': 'short' });
    await waitFor(() => errorUnder('New password') !== null, 'the refusal');
    expect(errorUnder('New password')).to.equal('Your password needs at least 8 characters.');
    fillAndSubmit(form('Set a new password')!, { 'New password': 'long enough passphrase' });
    await waitFor(() => alertText() !== null, 'the refusal');
    expect(alertText()).to.equal('This link is not valid. Copy the whole link from the e-mail, or ask for a new one.');
  });

  it('says when a confirmation link is not valid', async () => {
    location.hash = 'forged-token';
    ({ unmount } = mount(<ConfirmEmail />));
    await waitFor(() => alertText() !== null, 'the answer');
    expect(alertText()).to.equal('This link is not valid. Copy the whole link from the e-mail, or ask for a new one.');
  });

  it('stops one kind of mail from the link in a notification mail, signed out, after asking', async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    const saved = await ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, leadgen: { enabled: true } });
    await fetch(`/api/leads/${saved.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'lea@example.com' }),
    });
    const outbox = await ownerCall<{ items: Array<{ text: string }> }>(owner, 'GET', '/outbox');
    const token = /\/unsubscribe#(\S+)/.exec(outbox.items[0].text)![1];
    setUser(null);

    location.hash = token;
    ({ unmount } = mount(<Unsubscribe />));
    await waitFor(() => !!byText('Unsubscribe'), 'the question');
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed.lead, 'opening the page changes nothing').to.equal(true);
    byText('Unsubscribe')!.click();
    await waitFor(() => statusText() !== null, 'the answer');
    expect(statusText()).to.equal(
      'You will get no more e-mails about leads. Your inbox still lists them, and your account page can turn the e-mails on again.',
    );
    expect((await ownerCall<AccountSettings>(owner, 'GET', '/account')).mailed.lead).to.equal(false);
  });

  it('says when an unsubscribe link is not valid', async () => {
    location.hash = '1.lead.forged';
    ({ unmount } = mount(<Unsubscribe />));
    await waitFor(() => !!byText('Unsubscribe'), 'the question');
    byText('Unsubscribe')!.click();
    await waitFor(() => alertText() !== null, 'the answer');
    expect(alertText()).to.equal('This unsubscribe link is not valid. Change your e-mails on your account page instead.');
  });
});
