import { expect } from 'chai';
import type { Tour } from '../../../../../api/schema/tour';
import type { User } from '../../../../../api/schema/user';
import { Inbox } from '../../../../../admin/features/inbox/Inbox';
import { INBOX_PER_PAGE } from '../../../../../admin/features/inbox/InboxList';
import { setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { byText } from '../../support/page-queries';
import { newTour, ownerCall, signedInOwner } from '../../support/real-owner';
import { colleague } from '../../support/team-people';

let visitors = 0;

/** A visitor's request, each from an address of its own as real visitors are, so no limit per address is reached. */
async function visit(path: string, body: unknown): Promise<void> {
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Visitor': `inbox-visitor-${++visitors}-${Date.now()}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

async function openTour(owner: User, title: string): Promise<Tour> {
  const tour = await newTour(owner);
  return ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, title, leadgen: { enabled: true }, isScheduleEnabled: true });
}

const inboxLink = () => document.querySelector<HTMLAnchorElement>('a.ad-inbox-link');
const entries = () => [...document.querySelectorAll<HTMLElement>('.ad-inbox-item')];
const select = (label: string) =>
  [...document.querySelectorAll('label.ad-field')].find((candidate) => candidate.querySelector('span')?.textContent === label)!.querySelector('select')!;
function choose(label: string, value: string): void {
  const element = select(label);
  element.value = value;
  element.dispatchEvent(new Event('change', { bubbles: true }));
}
const pager = () => document.querySelector('.ad-pager [role="status"]')?.textContent;

describe('the inbox page (real API)', () => {
  let unmount: () => void = () => undefined;
  let owner: User;
  let loft: Tour;
  let barn: Tour;

  beforeEach(async () => {
    owner = await signedInOwner();
    loft = await openTour(owner, 'Loft');
    barn = await openTour(owner, 'Barn');
    await visit(`/leads/${loft.id}`, { name: '<img src=x onerror=alert(1)>', email: 'lea@example.com', url: 'https://partner.example/loft' });
    await visit(`/tours/${loft.shortId}/requestShowing`, { name: 'Vera', email: 'vera@example.com', phone: '+1 555 0100', comments: 'Tomorrow at 5?' });
    await visit(`/leads/${barn.id}`, { name: 'Bo', email: 'bo@example.com' });
    ({ unmount } = mount(<Inbox />));
    await waitFor(() => entries().length === 3, 'the entries');
  });
  afterEach(() => {
    unmount();
    setUser(null);
  });

  it('lists all tours’ entries with the visitors’ details as text, and the header counts the unread', async () => {
    await waitFor(() => inboxLink()?.getAttribute('aria-label') === 'Inbox, 3 unread', 'the unread count in the header');
    expect(inboxLink()!.textContent).to.equal('Inbox 3');
    expect(entries().map((entry) => entry.dataset.kind)).to.deep.equal(['lead', 'showing', 'lead']);
    const showing = entries()[1];
    expect(showing.textContent).to.contain('Vera asks for a live showing of "Loft".');
    expect(showing.textContent).to.contain('Phone:+1 555 0100');
    expect(showing.textContent).to.contain('Comments:Tomorrow at 5?');
    expect(entries()[2].textContent, 'a lead’s name is text').to.contain('<img src=x onerror=alert(1)> left their contact details');
    expect(document.querySelector('.ad-inbox-item img')).to.equal(null);
    expect(pager()).to.equal('Showing 1–3 of 3 entries');
  });

  it('filters by tour and by kind, and marks entries read one by one or all, the header following', async () => {
    await waitFor(() => [...select('Tour').options].length === 3, 'the tours to choose from');
    expect([...select('Tour').options].map((option) => option.textContent)).to.deep.equal(['All tours', 'Barn (1 unread)', 'Loft (2 unread)']);
    choose('Tour', loft.shortId);
    await waitFor(() => entries().length === 2, 'the Loft entries');
    choose('Kind', 'showing');
    await waitFor(() => entries().length === 1, 'the showing request');
    byText('Mark read', entries()[0])!.click();
    await waitFor(() => inboxLink()?.getAttribute('aria-label') === 'Inbox, 2 unread', 'the header to count it');
    await waitFor(() => !entries()[0].classList.contains('ad-inbox-item--unread'), 'the entry shown read');

    choose('Tour', '');
    await waitFor(() => entries().length === 3, 'all entries again');
    byText('Mark all read')!.click();
    await waitFor(() => inboxLink()?.getAttribute('aria-label') === 'Inbox', 'nothing unread');
    await waitFor(() => document.querySelectorAll('.ad-inbox-item--unread').length === 0, 'every entry shown read');
    expect(document.body.textContent).to.contain('0 unread entries');
  });

  it(`pages through more than ${INBOX_PER_PAGE} entries, saying how many there are`, async () => {
    for (let i = 0; i < INBOX_PER_PAGE; i++) await visit(`/leads/${barn.id}`, { name: `Lead ${i}`, email: `lead${i}@example.com` });
    unmount();
    ({ unmount } = mount(<Inbox />));
    await waitFor(() => pager() === `Showing 1–${INBOX_PER_PAGE} of ${INBOX_PER_PAGE + 3} entries`, 'the first page');
    expect(entries()).to.have.length(INBOX_PER_PAGE);
    byText('Next')!.click();
    await waitFor(() => pager() === `Showing ${INBOX_PER_PAGE + 1}–${INBOX_PER_PAGE + 3} of ${INBOX_PER_PAGE + 3} entries`, 'the second page');
    expect(entries()).to.have.length(3);
  });
});

describe('team entries in the inbox (real API)', () => {
  it('links an invitation to the teams screen, where it is accepted', async () => {
    const owner = await signedInOwner();
    const team = await ownerCall<{ id: number }>(owner, 'POST', '/teams', { name: 'Harbour Realty' });
    const invitee = await colleague('Ivy Invitee');
    await ownerCall(owner, 'POST', `/teams/${team.id}/sendInvited`, { emails: [invitee.email], permission: 'view' });
    setUser(invitee);
    const page = location.href;
    const { unmount } = mount(<Inbox />);
    try {
      await waitFor(() => entries().length === 1, 'the invitation entry');
      expect(entries()[0].dataset.kind).to.equal('invitation');
      expect(entries()[0].textContent).to.contain('Olivia Owner invited you to the team "Harbour Realty" (view).');
      entries()[0].querySelector<HTMLAnchorElement>('a[href="/teams"]')!.click();
      expect(location.pathname).to.equal('/teams');
    } finally {
      history.replaceState(null, '', page);
      unmount();
      setUser(null);
    }
  });
});

describe('following up a visitor from the inbox (real API)', () => {
  it('links the address to write to and the number to call, keeps line breaks as text, and shows the preferred time on the owner’s clock', async () => {
    const owner = await signedInOwner();
    const loft = await openTour(owner, 'Loft');
    await visit(`/tours/${loft.shortId}/requestShowing`, {
      name: 'Vera',
      email: 'vera+loft@example.com',
      phone: '+48 (600) 100-200',
      comments: 'First line\n<b>second</b> line',
      preferredDate: '2026-12-01',
      preferredTime: '22:30',
      timeZone: 'Asia/Tokyo',
    });
    const { unmount } = mount(<Inbox />);
    try {
      await waitFor(() => entries().length === 1, 'the showing request');
      const [entry] = entries();
      expect(entry.querySelector<HTMLAnchorElement>('a[href^="mailto:"]')!.href).to.equal('mailto:vera%2Bloft@example.com');
      expect(entry.querySelector<HTMLAnchorElement>('a[href^="mailto:"]')!.textContent).to.equal('vera+loft@example.com');
      expect(entry.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!.href).to.equal('tel:+48600100200');
      const comments = entry.querySelector<HTMLElement>('.ad-inbox-detail--comments dd')!;
      expect(comments.textContent).to.equal('First line\n<b>second</b> line');
      expect(comments.querySelector('b'), 'markup stays text').to.equal(null);
      expect(getComputedStyle(comments).whiteSpace).to.equal('pre-wrap');
      // 22:30 in Tokyo is 13:30 UTC: shown on this browser's clock, the visitor's own beside it.
      const style = { dateStyle: 'medium', timeStyle: 'short' } as const;
      const preferred = entry.querySelector('.ad-inbox-detail--preferred dd')!.textContent!;
      expect(preferred).to.contain(new Date('2026-12-01T13:30:00Z').toLocaleString(undefined, style));
      if (Intl.DateTimeFormat().resolvedOptions().timeZone !== 'Asia/Tokyo') {
        expect(preferred).to.contain(`(${new Date('2026-12-01T13:30:00Z').toLocaleString(undefined, { ...style, timeZone: 'Asia/Tokyo' })} in Asia/Tokyo)`);
      }
    } finally {
      unmount();
      setUser(null);
    }
  });
});
