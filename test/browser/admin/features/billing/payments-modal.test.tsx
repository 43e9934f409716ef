import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import type { Tour } from '../../../../../api/schema/tour';
import { Account } from '../../../../../admin/features/account/Account';
import { Dashboard } from '../../../../../admin/features/dashboard/Dashboard';
import { ShareModal } from '../../../../../admin/features/billing/ShareModal';
import { Editor } from '../../../../../admin/features/editor/Editor';
import { session, setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { newTour, ownerCall, signedInOwner, storedTour } from '../../support/real-owner';

// The browser tests' server has no Stripe settings, as a server installed without them: card payments are off.
const CARD_PAYMENTS_OFF = 'Card payments are not set up on this server.';

const testPage = location.pathname + location.search;
let unmount: () => void = () => undefined;
let host: HTMLElement;

function show(node: React.ReactNode) {
  ({ host, unmount } = mount(
    <>
      {node}
      <ToastContainer />
    </>,
  ));
}

const dialog = (name: string) => document.querySelector<HTMLElement>(`[role="dialog"][aria-label="${name}"]`);
const button = (root: ParentNode, text: string) => [...root.querySelectorAll<HTMLButtonElement>('button')].find((element) => element.textContent === text);
const publishBar = () => host.querySelector<HTMLElement>('.ad-publish')!;

async function openEditorOf(tour: Tour) {
  show(<Editor shortId={tour.shortId} />);
  await waitFor(() => !!host.querySelector('.ad-publish'), 'the editor with its publishing bar');
}

afterEach(() => {
  unmount();
  setUser(null);
  history.replaceState(null, '', testPage);
});

describe('the payments modal against the real API (card payments off)', () => {
  it('publishes a locked tour with a free tour: the count, the modal closing, the tour free in place', async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    await openEditorOf(tour);
    expect(publishBar().querySelector('.ad-publish__state')!.textContent).to.equal('Locked: choose how to publish');
    button(publishBar(), 'Publish')!.click();
    await waitFor(() => !!dialog('Publish your tour')?.textContent?.includes(CARD_PAYMENTS_OFF), 'the modal saying card payments are off');
    const modal = dialog('Publish your tour')!;
    expect(modal.textContent).to.contain('You have 3 free tours left.');
    expect(button(modal, 'Upgrade to Pro Plus'), 'no Pro Plus without card payments').to.equal(undefined);
    expect(
      [...modal.querySelectorAll('button')].some((element) => /by card/.test(element.textContent ?? '')),
      'no card payment',
    ).to.equal(false);

    button(modal, 'Use a free tour')!.click();
    await waitFor(() => dialog('Publish your tour') === null, 'the modal to close');
    await waitFor(() => publishBar().querySelector('.ad-publish__state')!.textContent === 'Published — free', 'the tour published in place');
    expect(button(publishBar(), 'Share')).to.not.equal(undefined);
    expect((await storedTour(owner, tour.shortId)).type).to.equal('free');
    expect(session.user!.freeToursRemaining).to.equal(2);
  });

  it('offers a free tour the removal of its watermark, without a second free tour, and says card payments are off', async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    await ownerCall(owner, 'POST', `/tours/${tour.shortId}/unlock/free`);
    await openEditorOf(tour);
    await waitFor(() => publishBar().querySelector('.ad-publish__state')!.textContent === 'Published — free', 'the free tour');
    button(publishBar(), 'Remove watermark')!.click();
    await waitFor(() => !!dialog('Remove the watermark')?.textContent?.includes(CARD_PAYMENTS_OFF), 'the removal modal');
    expect(button(dialog('Remove the watermark')!, 'Use a free tour')).to.equal(undefined);
    expect(dialog('Publish your tour')).to.equal(null);
  });

  it('says so when no free tour is left (409) and leaves the tour locked', async () => {
    const owner = await signedInOwner();
    for (let i = 0; i < 3; i++) await ownerCall(owner, 'POST', `/tours/${(await newTour(owner)).shortId}/unlock/free`);
    setUser({ ...owner, freeToursRemaining: 0 });
    const tour = await newTour(owner);
    await openEditorOf(tour);
    button(publishBar(), 'Publish')!.click();
    await waitFor(() => !!dialog('Publish your tour'), 'the modal');
    const modal = dialog('Publish your tour')!;
    expect(modal.textContent).to.contain('You have no free tours left.');
    button(modal, 'Use a free tour')!.click();
    await waitFor(() => !!modal.querySelector('[role="alert"]'), 'the refusal');
    expect(modal.querySelector('[role="alert"]')!.textContent).to.contain('used all your free tours');
    expect((await storedTour(owner, tour.shortId)).type).to.equal('locked');
  });

  it("back from Checkout, shows 'Verifying the payment, please wait', then the server's error, and forgets the session", async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    // Each time the verifying notice is put up, what it says.
    const seen: string[] = [];
    const watcher = new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue;
        const notice = node.matches('.ad-payments__status') ? node : node.querySelector('.ad-payments__status');
        if (notice) seen.push(notice.textContent!);
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    history.replaceState(null, '', `${testPage}&session_id=cs_test_returned`);
    await openEditorOf(tour);
    await waitFor(() => !!dialog('Publish your tour')?.querySelector('[role="alert"]'), 'the stored error');
    expect(seen).to.deep.equal(['Verifying the payment, please wait']);
    expect(dialog('Publish your tour')!.querySelector('[role="alert"]')!.textContent).to.equal(CARD_PAYMENTS_OFF);
    expect(new URLSearchParams(location.search).has('session_id'), 'the session left the address').to.equal(false);
    expect(new URLSearchParams(location.search).has('wtr-session-id'), 'the rest of the address kept').to.equal(true);
    // The choices stay open after a failed confirmation, and the payment can be checked again: nothing is a dead end.
    expect(button(dialog('Publish your tour')!, 'Use a free tour')).to.not.equal(undefined);
    button(dialog('Publish your tour')!, 'Check the payment again')!.click();
    await waitFor(() => seen.length === 2 && !!dialog('Publish your tour')?.querySelector('[role="alert"]'), 'the second check and its error');
    watcher.disconnect();
    expect(seen).to.deep.equal(['Verifying the payment, please wait', 'Verifying the payment, please wait']);
    expect((await storedTour(owner, tour.shortId)).type).to.equal('locked');
  });

  it('gives a Pro Plus owner the share-and-embed modal instead, with the listing-compliant toggle', async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    // The plan as the admin knows it; the server's side of Pro Plus is the API tests' and the e2e test's.
    setUser({ ...owner, type: 2 });
    await openEditorOf(tour);
    expect(publishBar().querySelector('.ad-publish__state')!.textContent).to.equal('Published — Pro Plus');
    button(publishBar(), 'Share')!.click();
    await waitFor(() => !!dialog('Share and embed'), 'the share-and-embed modal');
    expect(dialog('Publish your tour')).to.equal(null);
    const modal = dialog('Share and embed')!;
    const link = () => modal.querySelector<HTMLInputElement>('input[readonly]')!.value;
    expect(link()).to.equal(`${location.origin}/tours/${tour.shortId}`);
    const toggle = [...modal.querySelectorAll('label')].find((label) => label.textContent?.includes('Listing-compliant link (MLS)'))!.querySelector('input')!;
    const [iframe, script] = [...modal.querySelectorAll('textarea')].map((code) => () => code.value);
    // The owner is offered the script tag for partner pages beside the iframe.
    expect(script()).to.equal(
      `<link rel="stylesheet" href="${location.origin}/embed/tour-viewer.css">\n` +
        `<script type="module" src="${location.origin}/embed/tour-viewer.js"></script>\n<tour-viewer short-id="${tour.shortId}"></tour-viewer>`,
    );
    expect(button(modal, 'Copy script code')).to.not.equal(undefined);
    toggle.click();
    await waitFor(() => link().endsWith('?mls=1'), 'the listing-compliant link');
    expect(iframe()).to.contain(`/tours/${tour.shortId}?mls=1`);
    expect(script()).to.contain(`<tour-viewer short-id="${tour.shortId}" mls="1">`);
    // SPEC's "where's my whitelabel" is a link that opens its answer, for keyboards and fingers alike.
    const whitelabel = modal.querySelector<HTMLElement>('summary')!;
    expect(whitelabel.textContent).to.equal("where's my whitelabel");
    const answer = whitelabel.nextElementSibling as HTMLElement;
    expect(answer.checkVisibility()).to.equal(false);
    whitelabel.click();
    expect(answer.checkVisibility()).to.equal(true);
    expect(answer.textContent).to.contain('Brand Kit, Whitelabel URL');
  });

  it('names the embedded tour by its title in the iframe and the social shares, the title kept as text', async () => {
    show(<ShareModal tour={{ shortId: 'abc123', title: 'Sea & "sky"', name: 'Draft' }} listingMode={false} onClose={() => undefined} />);
    await waitFor(() => !!dialog('Share and embed'), 'the share-and-embed modal');
    const modal = dialog('Share and embed')!;
    expect(modal.querySelector('textarea')!.value).to.contain('title="Sea &#38; &#34;sky&#34;"');
    const share = (name: string) => [...modal.querySelectorAll('a')].find((link) => link.textContent === name)!.getAttribute('href');
    expect(share('Twitter')).to.contain('&text=Sea%20%26%20%22sky%22');
    expect(share('E-mail')).to.contain('subject=Sea%20%26%20%22sky%22');
  });

  it('offers the listing-compliant toggle for a paid tour but not for a free one', async () => {
    const owner = await signedInOwner();
    const tour = await newTour(owner);
    await ownerCall(owner, 'POST', `/tours/${tour.shortId}/unlock/free`);
    await openEditorOf(tour);
    button(publishBar(), 'Share')!.click();
    await waitFor(() => !!dialog('Share and embed'), 'the share-and-embed modal');
    expect(dialog('Share and embed')!.textContent).to.not.contain('Listing-compliant');
  });
});

describe('dashboard cards, header and account against the real API (card payments off)', () => {
  it('say each tour’s state in words with its action beside it', async () => {
    const owner = await signedInOwner();
    const locked = await newTour(owner);
    const free = await newTour(owner);
    await ownerCall(owner, 'POST', `/tours/${free.shortId}/unlock/free`);
    show(<Dashboard />);
    const card = (tour: Tour) => host.querySelector<HTMLElement>(`.ad-tour-card[data-short-id="${tour.shortId}"]`);
    await waitFor(() => !!card(locked) && !!card(free), 'both cards');
    const state = (tour: Tour) => [card(tour)!.querySelector('.ad-publish__state')!.textContent, card(tour)!.querySelector('.ad-publish button')!.textContent];
    expect(state(locked)).to.deep.equal(['Locked: choose how to publish', 'Publish']);
    expect(state(free)).to.deep.equal(['Published — free', 'Share']);
    expect(card(locked)!.textContent).to.not.match(/\blocked\b/);

    button(card(locked)!, 'Publish')!.click();
    await waitFor(() => !!dialog('Publish your tour'), 'the payments modal from the card');
    button(dialog('Publish your tour')!, 'Use a free tour')!.click();
    await waitFor(() => state(locked)[0] === 'Published — free', 'the card published in place');
  });

  it('starts the Pro Plus upgrade from the header and tells why it cannot go on here', async () => {
    await signedInOwner();
    show(<Dashboard />);
    await waitFor(() => !!button(host, 'Upgrade to Pro Plus'), 'the upgrade button');
    button(host, 'Upgrade to Pro Plus')!.click();
    await waitFor(() => [...document.querySelectorAll('.Toastify__toast')].some((toast) => toast.textContent === CARD_PAYMENTS_OFF), 'the toast');
  });

  it('lists no payments on the account page for an owner who has paid nothing', async () => {
    await signedInOwner();
    show(<Account />);
    const payments = () => host.querySelector('section[aria-labelledby="ad-payments-heading"]');
    await waitFor(() => !!payments()?.textContent?.includes('No payments yet.'), 'the empty list');
    expect(payments()!.querySelector('h2')!.textContent).to.equal('Payments');
  });
});
