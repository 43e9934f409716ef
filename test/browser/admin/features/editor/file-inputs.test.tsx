import { expect } from 'chai';
import { openEditor, type EditorView } from '../../support/editor-view';

const TABS_WITH_UPLOADS = ['edit tour', 'brand kit', 'floor plan', 'settings', 'library'];

describe('Upload controls from the keyboard', () => {
  let editor: EditorView;
  before(async () => (editor = await openEditor()));
  after(() => editor.unmount());

  for (const tab of TABS_WITH_UPLOADS) {
    it(`reaches every file chooser of the ${tab} tab with the focus, inside its visible label`, async () => {
      await editor.openTab(tab);
      const inputs = [...editor.host.querySelectorAll<HTMLInputElement>('input[type="file"]')];
      expect(inputs.length).to.be.above(0);
      for (const input of inputs) {
        input.focus();
        expect(document.activeElement === input, `${input.accept} takes the focus`).to.equal(true);
        expect(input.closest('label')!.checkVisibility()).to.equal(true);
      }
    });
  }
});
