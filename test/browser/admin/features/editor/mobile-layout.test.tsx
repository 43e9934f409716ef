import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { openEditor, type EditorView } from '../../support/editor-view';

const TABS = ['edit tour', 'brand kit', 'floor plan', 'lead gen', 'video chat', 'team', 'settings', 'library', 'analytics'];

/** True when the element lies wholly inside the window's width. */
const withinWidth = (element: Element) => {
  const { left, right } = element.getBoundingClientRect();
  return left >= 0 && right <= window.innerWidth;
};

describe('Editor at a phone width (layout changes at mobile width)', () => {
  let editor: EditorView;
  before(async () => {
    await setViewport({ width: 375, height: 740 });
    editor = await openEditor();
  });
  after(async () => {
    editor.unmount();
    await setViewport({ width: 1280, height: 800 });
  });

  it('keeps the header controls (title, save state, preview, upgrade, user menu) inside the screen', () => {
    const header = editor.host.querySelector('.ad-header')!;
    const controls = [...header.querySelectorAll('input, button, [role="status"]')];
    expect(controls.map((control) => control.textContent || control.getAttribute('aria-label'))).to.include.members([
      'Tour title',
      'Preview',
      'Upgrade to Pro Plus',
    ]);
    for (const control of controls) expect(withinWidth(control), `${control.outerHTML.slice(0, 80)} inside the screen`).to.equal(true);
  });

  for (const tab of TABS) {
    it(`shows the ${tab} tab without widening the page`, async () => {
      await editor.openTab(tab);
      expect(document.documentElement.scrollWidth).to.equal(window.innerWidth);
    });
  }
});
