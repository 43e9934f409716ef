import { expect } from 'chai';
import { waitFor } from './mount';
import { openEditor, type EditorView } from './support/editor-view';
import { chooseFiles, panoramaFile, storedTour, typeInto } from './support/real-owner';

let view: EditorView;
const realFetch = window.fetch;

const titleInput = () => view.host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;

describe('Editor image uploads against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
  });
  afterEach(() => {
    window.fetch = realFetch;
    view.unmount();
  });

  it('keeps the tour title typed while the images upload, and saves both', async () => {
    // The real server answers the upload; its reply is held back until the owner has typed, so the typing is
    // certain to happen while the upload is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let uploading = false;
    window.fetch = async (input, init) => {
      const reply = realFetch(input, init);
      if (String(input) !== '/api/images/') return reply;
      uploading = true;
      await held;
      return reply;
    };
    chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]')!, [await panoramaFile('Hall.png', '#a33')]);
    await waitFor(() => uploading, 'the upload on its way');
    typeInto(titleInput(), 'Harbour loft');
    release();
    await waitFor(() => !!view.host.querySelector('input[aria-label="Title of scene 1"]'), 'the uploaded scene');
    expect(titleInput().value).to.equal('Harbour loft');
    await view.whenSaved();
    const saved = await storedTour(view.owner, view.tour.shortId);
    expect(saved.title).to.equal('Harbour loft');
    expect(saved.images.map((image) => image.title)).to.deep.equal(['Hall']);
  });
});
