import { expect } from 'chai';
import type { Tour } from '../../../../../api/schema/tour';
import { Dashboard, TOURS_PER_PAGE } from '../../../../../admin/features/dashboard/Dashboard';
import { setUser } from '../../../../../admin/lib/session';
import { mount, waitFor } from '../../mount';
import { field } from '../../support/page-queries';
import { newTour, ownerCall, signedInOwner, typeInto } from '../../support/real-owner';

const cards = () => [...document.querySelectorAll('.ad-tour-card h2')].map((title) => title.textContent);
const pager = () => document.querySelector('.ad-pager [role="status"]')?.textContent;

/** Takes the dashboard's own parameters out of the address, as a fresh visit would have it. */
function leaveDashboardQuery() {
  const params = new URLSearchParams(location.search);
  for (const name of ['page', 'search', 'sort']) params.delete(name);
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

describe('the dashboard’s list of tours (real API)', () => {
  let unmount: () => void = () => undefined;
  afterEach(() => {
    unmount();
    setUser(null);
    leaveDashboardQuery();
  });

  it('shows the tours a page at a time with how many there are, and finds them by title', async () => {
    const owner = await signedInOwner();
    const total = TOURS_PER_PAGE + 2;
    for (let i = 1; i <= total; i++) {
      const tour = await newTour(owner);
      await ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, title: i === 3 ? 'Seaside Loft' : `House ${i}` });
    }
    ({ unmount } = mount(<Dashboard />));
    await waitFor(() => pager() === `Showing 1–${TOURS_PER_PAGE} of ${total} tours`, 'the first page and the count');
    expect(cards()).to.have.length(TOURS_PER_PAGE);
    // A card's actions alike, none of them broken over two lines ("Delete" wrapped under its icon).
    const actions = [...document.querySelectorAll('.ad-tour-card')[0].querySelectorAll<HTMLElement>('.ad-tour-card__actions > *')];
    expect(actions.map((action) => action.textContent!.trim())).to.deep.equal(['Edit', 'View', 'Clone', 'Delete']);
    expect(
      actions.every((action) => action.classList.contains('ad-link')),
      'one style',
    ).to.equal(true);
    for (const action of actions) expect(action.getClientRects().length, `${action.textContent} on one line`).to.equal(1);
    // A second pager under the list leads on without scrolling back up.
    const below = document.querySelector('nav[aria-label="More pages of tours"]')!;
    [...below.querySelectorAll('button')].find((button) => button.textContent === 'Next')!.click();
    await waitFor(() => pager() === `Showing ${TOURS_PER_PAGE + 1}–${total} of ${total} tours`, 'the second page');
    expect(cards()).to.have.length(2);
    expect(new URLSearchParams(location.search).get('page')).to.equal('2');
    // Back returns to the first page, Forward to the second, and a reload (mounted anew) stays on it.
    history.back();
    await waitFor(() => pager() === `Showing 1–${TOURS_PER_PAGE} of ${total} tours`, 'the first page again after Back');
    history.forward();
    await waitFor(() => pager() === `Showing ${TOURS_PER_PAGE + 1}–${total} of ${total} tours`, 'the second page after Forward');
    unmount();
    ({ unmount } = mount(<Dashboard />));
    await waitFor(() => pager() === `Showing ${TOURS_PER_PAGE + 1}–${total} of ${total} tours`, 'the second page after a reload');

    typeInto(field('Search by title'), 'loft');
    await waitFor(() => pager() === '1 tour', 'the search');
    expect(cards()).to.deep.equal(['Seaside Loft']);
    typeInto(field('Search by title'), 'nothing like it');
    await waitFor(() => document.body.textContent!.includes('No tour has “nothing like it” in its title.'), 'the empty search said so');
    expect(cards()).to.deep.equal([]);
  });
});

describe('finding and ordering tours by title (real API)', () => {
  it('finds a title typed with or without its accents, and sorts by title with accents and case folded', async () => {
    const owner = await signedInOwner();
    for (const title of ['Łukasz Żółć', 'Écurie du Lac', 'alder house', 'Zebra loft']) {
      const tour = await newTour(owner);
      await ownerCall<Tour>(owner, 'POST', `/tours/${tour.shortId}`, { revision: tour.revision, title });
    }
    const { unmount } = mount(<Dashboard />);
    try {
      await waitFor(() => cards().length === 4, 'the tours, newest first');
      expect(cards()).to.deep.equal(['Zebra loft', 'alder house', 'Écurie du Lac', 'Łukasz Żółć']);
      const sort = [...document.querySelectorAll('label')].find((label) => label.textContent?.startsWith('Sort by'))!.querySelector('select')!;
      sort.value = 'title';
      sort.dispatchEvent(new Event('change', { bubbles: true }));
      await waitFor(() => cards()[0] === 'alder house', 'the tours by title');
      expect(cards()).to.deep.equal(['alder house', 'Écurie du Lac', 'Łukasz Żółć', 'Zebra loft']);
      typeInto(field('Search by title'), 'ecurie');
      await waitFor(() => pager() === '1 tour', 'the search without accents');
      expect(cards()).to.deep.equal(['Écurie du Lac']);
      typeInto(field('Search by title'), 'LUKASZ ZOLC');
      await waitFor(() => cards()[0] === 'Łukasz Żółć', 'the search in capitals without accents');
    } finally {
      unmount();
      setUser(null);
      leaveDashboardQuery();
    }
  });
});
