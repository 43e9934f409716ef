import { expect } from 'chai';
import { createTourViewerElement } from '../../../../embed/element/tour-viewer-element';
import { loadCatalog } from '../../../../embed/i18n/catalog';
import { EN } from '../../../../embed/i18n/en';
import { messagesFor, MessagesProvider } from '../../../../embed/i18n/i18n-context';
import { tourLoaded } from '../../../../embed/tour/viewer-store';
import { LeadModal } from '../../../../embed/ui/LeadModal';
import { apiTour } from '../support/fixtures';
import { until } from '../support/render';
import { renderInViewer, renderViewerElement, unmountViewers } from '../support/viewer-element';

let counter = 0;
/** Each test registers its own tag name, so one registry serves many tests. */
function defineViewer(): string {
  const tag = `tour-viewer-lang-${++counter}`;
  customElements.define(tag, createTourViewerElement());
  return tag;
}

/** An element whose tour server is unreachable: it shows, and sends, NetworkError in its language. */
function unreachableViewer(attributes: Record<string, string>, parent: HTMLElement = document.body): HTMLElement {
  const element = document.createElement(defineViewer());
  // Port 9 (discard) answers nothing: the fetch fails at once.
  for (const [name, value] of Object.entries({ 'short-id': 'loft', server: 'http://127.0.0.1:9', loading: 'eager', ...attributes })) {
    element.setAttribute(name, value);
  }
  parent.append(element);
  return element;
}

const errorEvent = (element: Element) =>
  new Promise<CustomEvent<{ code: string; message: string }>>((resolve) =>
    element.addEventListener('tour-error', (event) => resolve(event as CustomEvent), { once: true }),
  );

/** The root of the notice the element shows once its tour failed. */
const root = (element: Element) =>
  until(() => element.shadowRoot?.querySelector('[role="alert"]')?.closest<HTMLElement>('.tv-root'), 'the viewer root with its notice');

describe('the viewer in the visitor’s language', () => {
  afterEach(() => {
    unmountViewers();
    document.documentElement.lang = 'en';
    document.documentElement.removeAttribute('dir');
  });

  it('speaks its lang attribute: the notice and the tour-error message are translated, the code stays', async () => {
    const french = await loadCatalog('fr');
    const element = unreachableViewer({ lang: 'fr-CA' });
    const error = await errorEvent(element);
    expect(error.detail).to.deep.equal({ code: 'NetworkError', message: french['error.NetworkError'] });
    const alert = await until(() => element.shadowRoot!.querySelector('[role="alert"]'), 'the notice');
    expect(alert.textContent).to.equal(french['error.NetworkError']);
    const viewerRoot = await root(element);
    expect([viewerRoot.lang, viewerRoot.dir]).to.deep.equal(['fr', 'ltr']);
  });

  it("takes the page's <html lang> without an attribute, English for a language it does not speak, and follows a change", async () => {
    document.documentElement.lang = 'de-AT';
    const german = unreachableViewer({});
    expect((await errorEvent(german)).detail.message).to.equal((await loadCatalog('de'))['error.NetworkError']);
    document.documentElement.lang = 'nl';
    const dutch = unreachableViewer({});
    expect((await errorEvent(dutch)).detail.message).to.equal(EN['error.NetworkError']);
    // The language changed later: the notice says it again in the new one.
    const spanish = await loadCatalog('es');
    dutch.setAttribute('lang', 'es');
    await until(() => dutch.shadowRoot!.querySelector('[role="alert"]')?.textContent === spanish['error.NetworkError'], 'the notice in Spanish');
  });

  it('mirrors for Arabic and on a right-to-left page, never for a left-to-right one', async () => {
    const arabic = unreachableViewer({ lang: 'ar' });
    await errorEvent(arabic);
    const arabicRoot = await root(arabic);
    expect([arabicRoot.lang, arabicRoot.dir, getComputedStyle(arabicRoot).direction]).to.deep.equal(['ar', 'rtl', 'rtl']);
    expect(arabic.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.equal((await loadCatalog('ar'))['error.NetworkError']);

    const page = document.createElement('div');
    page.dir = 'rtl';
    document.body.append(page);
    const onRtlPage = unreachableViewer({ lang: 'en' }, page);
    await errorEvent(onRtlPage);
    const rtlRoot = await root(onRtlPage);
    expect([rtlRoot.lang, rtlRoot.dir, getComputedStyle(rtlRoot).direction]).to.deep.equal(['en', 'rtl', 'rtl']);
    expect(getComputedStyle(onRtlPage).direction).to.equal('rtl');

    const ltr = unreachableViewer({ lang: 'es' });
    await errorEvent(ltr);
    expect(getComputedStyle(await root(ltr)).direction).to.equal('ltr');
  });

  it('lays the controls out mirrored in right-to-left: the sidebar at the start (left), the request icons at the end', async () => {
    const sides = async (dir: 'ltr' | 'rtl') => {
      const catalog = await loadCatalog(dir === 'rtl' ? 'ar' : 'en');
      const { element, shadow, store } = renderViewerElement({ messages: messagesFor(dir === 'rtl' ? 'ar' : 'en', dir, catalog) });
      element.style.cssText = 'display:block;width:800px;height:450px';
      tourLoaded(store, apiTour({ images: [], leadgen: { enabled: true, message: '' } }));
      const sidebar = await until(() => shadow.querySelector<HTMLElement>('.tv-sidebar'), 'the sidebar');
      const lead = await until(() => shadow.querySelector<HTMLElement>('.tv-left-icons .tv-icon'), 'the lead icon');
      const box = element.getBoundingClientRect();
      const middle = box.left + box.width / 2;
      return {
        sidebarLeft: sidebar.getBoundingClientRect().right < middle,
        leadLeft: lead.getBoundingClientRect().right < middle,
        label: lead.getAttribute('aria-label'),
      };
    };
    expect(await sides('ltr')).to.deep.equal({ sidebarLeft: false, leadLeft: true, label: EN.requestInformation });
    unmountViewers();
    expect(await sides('rtl')).to.deep.equal({ sidebarLeft: true, leadLeft: false, label: (await loadCatalog('ar')).requestInformation });
  });

  it('translates a dialog: title, labels, Close, the default message, the missing-field error; owner text keeps dir="auto"', async () => {
    const french = await loadCatalog('fr');
    const tour = apiTour({ title: 'Harbour Loft', leadgen: { enabled: true, message: 'اسأل عن الشقة' } });
    const shadow = renderInViewer(
      <MessagesProvider messages={messagesFor('fr', 'ltr', french)}>
        <LeadModal tour={tour} onClose={() => undefined} onSubmitted={() => undefined} />
      </MessagesProvider>,
      'display:block;width:800px;height:600px',
    );
    const dialog = await until(() => shadow.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    expect(dialog.querySelector('h2')!.textContent).to.equal(french.requestInformation);
    expect(dialog.querySelector('.tv-modal__close')!.getAttribute('aria-label')).to.equal(french.close);
    expect([...dialog.querySelectorAll('label span')].map((span) => span.textContent)).to.deep.equal([french.name, french.email]);
    const ownerText = [...dialog.querySelectorAll('p')].find((p) => p.textContent === 'اسأل عن الشقة')!;
    expect(ownerText.getAttribute('dir')).to.equal('auto');
    expect(getComputedStyle(ownerText).direction).to.equal('rtl');
    dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await until(() => dialog.querySelector('[role="alert"]')?.textContent === french.leadMissingName, 'the name asked for in French');
  });
});
