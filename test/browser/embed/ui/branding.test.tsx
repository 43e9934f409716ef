import { expect } from 'chai';
import { ContactBlock } from '../../../../embed/ui/Branding';
import { apiTour } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';

afterEach(unmountAll);

const branded = { logo: '/media/assets/logo.png', companyName: 'Harbour Homes', contacts: { person: 'Ann', email: '', number: '' } };

describe('the contact block’s link back to the owner’s site', () => {
  it('leads from the logo and the company name to the owner’s site, in a new tab', async () => {
    const host = render(<ContactBlock tour={apiTour({ ...branded, isLinkbackEnabled: true, linkbackUrl: 'https://harbour.example/listings' })} />);
    const links = await until(() => {
      const found = [...host.querySelectorAll<HTMLAnchorElement>('a.tv-contacts__site')];
      return found.length === 2 && found;
    }, 'the two links');
    expect(links.map((link) => [link.getAttribute('href'), link.target, link.textContent || link.querySelector('img')?.alt])).to.deep.equal([
      ['https://harbour.example/listings', '_blank', 'Harbour Homes'],
      ['https://harbour.example/listings', '_blank', 'Harbour Homes'],
    ]);
  });

  it('links nothing with the link-back off, without an address, or to an address that is not http(s)', async () => {
    for (const patch of [
      { isLinkbackEnabled: false, linkbackUrl: 'https://harbour.example/' },
      { isLinkbackEnabled: true, linkbackUrl: '' },
      { isLinkbackEnabled: true, linkbackUrl: 'javascript:alert(1)' },
    ]) {
      const host = render(<ContactBlock tour={apiTour({ ...branded, ...patch })} />);
      await until(() => host.querySelector('strong')?.textContent === 'Harbour Homes', 'the company name');
      expect(host.querySelector('a.tv-contacts__site'), JSON.stringify(patch)).to.equal(null);
    }
  });
});
