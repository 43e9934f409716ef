import { expect } from 'chai';
import { createTourViewerElement } from '../../../../embed/element/tour-viewer-element';

let counter = 0;
/** Each test registers its own tag name, so one registry serves many tests. */
function defineViewer(): string {
  const tag = `tour-viewer-test-${++counter}`;
  customElements.define(tag, createTourViewerElement());
  return tag;
}

function nextEvent(target: EventTarget, type: string): Promise<CustomEvent> {
  return new Promise((resolve) => target.addEventListener(type, (event) => resolve(event as CustomEvent), { once: true }));
}

async function rendered(element: Element): Promise<HTMLElement> {
  for (let i = 0; i < 100; i++) {
    const root = element.shadowRoot?.querySelector<HTMLElement>('.tv-root');
    if (root) return root;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the element never rendered');
}

describe('<tour-viewer>', () => {
  afterEach(() => document.body.replaceChildren());

  it('renders into an open shadow root with its styles adopted by it, no <style> elements anywhere', async () => {
    const element = document.createElement(defineViewer());
    element.setAttribute('short-id', 'x');
    element.setAttribute('loading', 'lazy');
    document.body.append(element);
    await rendered(element);
    const sheets = element.shadowRoot!.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'));
    expect(sheets.some((css) => css.includes('.pnlm-container'))).to.equal(true);
    expect(sheets.some((css) => css.includes(':host'))).to.equal(true);
    expect(element.shadowRoot!.querySelectorAll('style').length).to.equal(0);
    expect(document.head.querySelectorAll('style').length).to.equal(0);
    expect(document.adoptedStyleSheets.length).to.equal(0);
  });

  it('shares one set of constructed sheets between two viewers', async () => {
    const tag = defineViewer();
    const [a, b] = [document.createElement(tag), document.createElement(tag)];
    for (const element of [a, b]) element.setAttribute('loading', 'lazy');
    document.body.append(a, b);
    await Promise.all([rendered(a), rendered(b)]);
    expect(a.shadowRoot!.adoptedStyleSheets).to.have.length(2);
    expect(a.shadowRoot!.adoptedStyleSheets).to.deep.equal(b.shadowRoot!.adoptedStyleSheets);
  });

  it('reports a browser that cannot take its styles as tour-error StylesFailed, never as tour-load', async () => {
    const original = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets')!;
    // As in a browser without constructable stylesheets: assigning them fails.
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      configurable: true,
      get: () => [],
      set: () => {
        throw new TypeError('adoptedStyleSheets is not supported');
      },
    });
    try {
      const element = document.createElement(defineViewer());
      element.setAttribute('short-id', 'demo');
      element.setAttribute('loading', 'eager');
      const events: string[] = [];
      for (const type of ['tour-load', 'tour-error']) element.addEventListener(type, () => events.push(type));
      const errored = nextEvent(element, 'tour-error');
      document.body.append(element);
      const event = await errored;
      expect(event.detail.code).to.equal('StylesFailed');
      await rendered(element);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(element.shadowRoot!.querySelector<HTMLElement>('.tv-root')!.dataset.status).to.equal('error');
      expect(events).to.deep.equal(['tour-error']);
    } finally {
      Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', original);
    }
  });

  it('tells the page, through a composed bubbling event, that short-id is missing', async () => {
    const element = document.createElement(defineViewer());
    element.setAttribute('loading', 'eager');
    const errored = nextEvent(document, 'tour-error');
    document.body.append(element);
    const event = await errored;
    expect(event.composed).to.equal(true);
    expect(event.bubbles).to.equal(true);
    expect(event.detail.code).to.equal('BadRequest');
  });

  it('waits until it is scrolled into view when loading is lazy', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '5000px';
    const element = document.createElement(defineViewer());
    element.setAttribute('loading', 'lazy');
    document.body.append(spacer, element);
    const root = await rendered(element);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(root.dataset.status).to.equal('idle');
    const errored = nextEvent(element, 'tour-error');
    element.scrollIntoView();
    await errored;
  });
});
