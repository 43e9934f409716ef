import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { APPLY_QUESTION, BrandSection } from '../../../../../admin/features/account/BrandSection';
import { setUser } from '../../../../../admin/lib/session';
import type { Tour } from '../../../../../api/schema/tour';
import { mount, waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { newTour, ownerCall, signedInOwner, storedTour, typeInto } from '../../support/real-owner';

const fieldNamed = (host: HTMLElement, label: string) =>
  [...host.querySelectorAll('label')].find((candidate) => candidate.querySelector('span')?.textContent === label)!.querySelector('input')!;
const button = (host: HTMLElement, text: string) => [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === text)!;

describe('the account’s brand (real API)', () => {
  afterEach(() => setUser(null));

  it('is saved for new tours, says what is wrong with a site address, and applies to every tour after asking', async () => {
    const owner = await signedInOwner();
    const earlier = await newTour(owner);
    const { host, unmount } = mount(
      <>
        <BrandSection />
        <ToastContainer />
      </>,
    );
    try {
      await waitFor(() => !!host.querySelector('form[aria-label="Your brand"]'), 'the brand form');
      typeInto(fieldNamed(host, 'Company name'), 'Harbour Homes');
      typeInto(fieldNamed(host, 'Contact person'), 'Ann Agent');
      typeInto(fieldNamed(host, 'Your site'), 'harbour.example');
      button(host, 'Save brand').click();
      await waitFor(() => !!host.querySelector('#ad-field-linkbackUrl-error'), 'the site address refused');
      expect(host.querySelector('#ad-field-linkbackUrl-error')!.textContent).to.equal('Give a web address starting with http:// or https://.');

      typeInto(fieldNamed(host, 'Your site'), 'https://harbour.example');
      button(host, 'Save brand').click();
      await waitFor(() => host.textContent!.includes('Your brand is saved. New tours start with it.'), 'saved');
      const fresh = await newTour(owner);
      expect(fresh).to.include({ companyName: 'Harbour Homes', linkbackUrl: 'https://harbour.example' });
      expect(fresh.contacts.person).to.equal('Ann Agent');

      button(host, 'Apply to all my tours').click();
      await answerQuestion(host, APPLY_QUESTION, 'Yes');
      await waitFor(() => host.textContent!.includes('Your brand is on all 2 of your tours.'), 'applied');
      const applied = await storedTour(owner, earlier.shortId);
      expect(applied).to.include({ companyName: 'Harbour Homes', revision: earlier.revision + 1 });
      expect((await ownerCall<Tour>(owner, 'GET', `/tours/${fresh.shortId}`)).revision).to.equal(fresh.revision + 1);
    } finally {
      unmount();
    }
  });
});
