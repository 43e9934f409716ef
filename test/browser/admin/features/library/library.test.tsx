import { expect } from 'chai';
import type { Asset } from '../../../../../api/schema/media';
import { waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { openEditor, type EditorView } from '../../support/editor-view';
import { chooseFiles, ownerCall, panoramaFile, storedTour } from '../../support/real-owner';

let view: EditorView;

const button = (label: string) => [...view.host.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === label);
const storedAssets = async () => Object.values(await ownerCall<Record<string, Asset>>(view.owner, 'GET', '/assets/'));

describe('Library tab against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
    await view.openTab('library');
  });
  afterEach(() => view.unmount());

  async function addPicture() {
    chooseFiles(view.host.querySelector<HTMLInputElement>('section[aria-label="Library"] input[type="file"]')!, [
      await panoramaFile('Agency logo.png', '#1ca59b'),
    ]);
    await waitFor(() => !!button('Use as logo'), 'the picture in the library');
  }

  it('asks before deleting a picture: Cancel keeps it on the server, Yes deletes it', async () => {
    await addPicture();
    button('Delete')!.click();
    await answerQuestion(view.host, 'Delete "Agency logo" from your library? Tours that use it keep their copy.', 'Cancel');
    expect(view.host.querySelector('[data-asset-id]')).to.not.equal(null);
    expect((await storedAssets()).map((asset) => asset.name)).to.deep.equal(['Agency logo']);
    button('Delete')!.click();
    await answerQuestion(view.host, 'Delete "Agency logo" from your library? Tours that use it keep their copy.', 'Yes');
    await waitFor(() => !view.host.querySelector('[data-asset-id]'), 'the picture gone from the library');
    expect(await storedAssets()).to.deep.equal([]);
  });

  it('saves a picture just picked as the logo before deleting it from the library, so the tour keeps its file', async () => {
    await addPicture();
    button('Use as logo')!.click();
    // Deleted at once, while the pick is still waiting for the editor's debounced save.
    button('Delete')!.click();
    await answerQuestion(view.host, 'Delete "Agency logo" from your library? Tours that use it keep their copy.', 'Yes');
    await waitFor(() => !view.host.querySelector('[data-asset-id]'), 'the picture gone from the library');
    await view.whenSaved();
    const saved = await storedTour(view.owner, view.tour.shortId);
    expect(saved.logo).to.not.equal('');
    // Not from the cache: the library showed this very file, and media is served as immutable.
    expect((await fetch(saved.logo, { cache: 'no-store' })).status, 'the logo file the saved tour names').to.equal(200);
  });
});
