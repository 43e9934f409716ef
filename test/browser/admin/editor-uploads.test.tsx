import { expect } from 'chai';
import { waitFor } from './mount';
import { openEditor, type EditorView } from './support/editor-view';
import { chooseFiles, panoramaFile, storedTour, typeInto } from './support/real-owner';

let view: EditorView;
const realFetch = window.fetch;

const titleInput = () => view.host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;

/**
 * The real server answers the upload; its reply is held back until `release` is called, so what the owner types
 * meanwhile is certain to happen while the upload is on its way.
 */
function holdUploadReply(): { uploading: () => boolean; release: () => void } {
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
  return { uploading: () => uploading, release };
}

describe('Editor image uploads against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
  });
  afterEach(() => {
    window.fetch = realFetch;
    view.unmount();
  });

  it('keeps the tour title typed while the images upload, and saves both', async () => {
    const upload = holdUploadReply();
    chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]')!, [await panoramaFile('Hall.png', '#a33')]);
    await waitFor(upload.uploading, 'the upload on its way');
    typeInto(titleInput(), 'Harbour loft');
    upload.release();
    await waitFor(() => !!view.host.querySelector('input[aria-label="Title of scene 1"]'), 'the uploaded scene');
    expect(titleInput().value).to.equal('Harbour loft');
    await view.whenSaved();
    const saved = await storedTour(view.owner, view.tour.shortId);
    expect(saved.title).to.equal('Harbour loft');
    expect(saved.images.map((image) => image.title)).to.deep.equal(['Hall']);
  });

  it('keeps the tour title typed while a floor plan uploads, and shows the new plan', async () => {
    await view.openTab('floor plan');
    const upload = holdUploadReply();
    chooseFiles(view.host.querySelector<HTMLInputElement>('section[aria-label="Floor plans"] input[type="file"]')!, [await panoramaFile('Ground.png', '#3a3')]);
    await waitFor(upload.uploading, 'the floor plan upload on its way');
    typeInto(titleInput(), 'Harbour loft');
    upload.release();
    await waitFor(() => view.host.querySelector('.ad-plans li')?.textContent?.includes('Ground') ?? false, 'the new floor plan listed');
    expect(titleInput().value).to.equal('Harbour loft');
    await view.whenSaved();
    const saved = await storedTour(view.owner, view.tour.shortId);
    expect(saved.title).to.equal('Harbour loft');
    expect(saved.floorplans.map((plan) => plan.name)).to.deep.equal(['Ground']);
  });
});
