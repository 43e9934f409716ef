import { expect } from 'chai';
import { WHITE_LABEL_HINTS, WHITE_LABEL_TITLES } from '../../../../../../api/schema/white-label';
import { waitFor } from '../../../mount';
import { openEditor, type EditorView } from '../../../support/editor-view';
import { chooseFiles, panoramaFile, storedTour, typeInto } from '../../../support/real-owner';

let view: EditorView;

const section = () => view.host.querySelector<HTMLElement>('section[aria-label="Brand kit"]')!;
const buttonNamed = (label: string) => [...section().querySelectorAll('button')].find((candidate) => candidate.textContent === label)!;
const counter = () => section().querySelector('.ad-steps__counter')?.textContent;
const addressField = () => section().querySelector<HTMLInputElement>('[placeholder="tours.youragency.com"]');
const statusLine = () => section().querySelector('.ad-white-label__status')?.textContent ?? '';

async function checkAddress(address: string): Promise<string> {
  for (let step = 2; step > 0 && !addressField(); step--) {
    buttonNamed('Back').click();
    await waitFor(() => counter()!.startsWith(`Step ${step} of 3`), `back to step ${step}`);
  }
  typeInto(addressField()!, address);
  buttonNamed('Next').click();
  await waitFor(() => counter() === 'Step 2 of 3: Point your domain here', 'the second step');
  // The test page is served at 127.0.0.1 or localhost: an IP address takes an A record, a host name a CNAME.
  const record = /^[\d.]+$/.test(location.hostname) ? 'an A record' : 'a CNAME record';
  expect(section().textContent).to.contain(`add ${record} for ${new URL(address).hostname} pointing to ${location.hostname}.`);
  buttonNamed('Next').click();
  await waitFor(() => !!buttonNamed('Check my URL'), 'the check waits for the address to be saved');
  buttonNamed('Check my URL').click();
  await waitFor(() => statusLine() !== '', 'the check answered');
  return statusLine();
}

describe('Brand kit against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
    await view.openTab('brand kit');
  });
  afterEach(() => view.unmount());

  it('uploads the logo first (Uploading… until UPLOADED) and then saves the tour with it', async () => {
    const seen = new Set<string>();
    const watcher = new MutationObserver(() => seen.add(section().querySelector('label.ad-button')?.textContent ?? ''));
    watcher.observe(view.host, { subtree: true, childList: true, characterData: true });
    chooseFiles(section().querySelector<HTMLInputElement>('input[type="file"]')!, [await panoramaFile('Agency logo.png', '#1ca59b')]);
    await waitFor(() => !!section().querySelector('img.ad-logo'), 'the logo shows');
    watcher.disconnect();
    expect([...seen]).to.include('Uploading…');
    await view.whenSaved();
    const logo = section().querySelector<HTMLImageElement>('img.ad-logo')!.getAttribute('src');
    expect(logo).to.match(/^\/media\/assets\//);
    expect((await storedTour(view.owner, view.tour.shortId)).logo).to.equal(logo);
  });

  it('keeps what the owner typed while the logo was uploading', async () => {
    chooseFiles(section().querySelector<HTMLInputElement>('input[type="file"]')!, [await panoramaFile('Agency logo.png', '#1ca59b')]);
    const company = [...section().querySelectorAll('label')].find((label) => label.textContent?.startsWith('Company name'))!.querySelector('input')!;
    typeInto(company, 'Harbour Homes');
    await waitFor(() => !!section().querySelector('img.ad-logo'), 'the logo shows');
    expect(company.value).to.equal('Harbour Homes');
    await view.whenSaved();
    const saved = await storedTour(view.owner, view.tour.shortId);
    expect(saved.companyName).to.equal('Harbour Homes');
    expect(saved.logo).to.match(/^\/media\/assets\//);
  });

  it('walks the white-label steps from step 0 and shows the real check’s finding in words: not reachable, then not found', async () => {
    expect(section().querySelector('.ad-white-label')!.getAttribute('data-step')).to.equal('0');
    expect(counter()).to.equal('Step 1 of 3: Your address');
    expect(buttonNamed('Back').disabled).to.equal(true);

    // Nothing listens on port 1: the domain's records do not reach us.
    expect(await checkAddress('http://127.0.0.1:1')).to.equal(`${WHITE_LABEL_TITLES.UNKNOWN} ${WHITE_LABEL_HINTS.UNKNOWN}`);
    expect(section().querySelector('.ad-white-label')!.getAttribute('data-step')).to.equal('2');

    // This test page's own server answers, but has no tour page: 404.
    expect(await checkAddress(location.origin)).to.equal(`${WHITE_LABEL_TITLES.NOTFOUND} ${WHITE_LABEL_HINTS.NOTFOUND}`);
    expect((await storedTour(view.owner, view.tour.shortId)).whiteLabelStatusCode).to.equal('NOTFOUND');
    expect((await storedTour(view.owner, view.tour.shortId)).whiteLabelUrl).to.equal(location.origin);
  });
});
