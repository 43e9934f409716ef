import { expect } from 'chai';
import { waitFor } from '../../mount';
import { openEditor, type EditorView } from '../../support/editor-view';
import { watchImageUploads, type ImageUploads } from '../../support/image-uploads';
import { chooseFiles, panoramaFile, storedTour, typeInto } from '../../support/real-owner';

let view: EditorView;
let uploads: ImageUploads | undefined;

const titleInput = () => view.host.querySelector<HTMLInputElement>('input[aria-label="Tour title"]')!;

describe('Editor image uploads against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
  });
  afterEach(() => {
    uploads?.restore();
    view.unmount();
  });

  it('keeps the tour title typed while the images upload, and saves both', async () => {
    const upload = (uploads = watchImageUploads({ hold: true }));
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
    const upload = (uploads = watchImageUploads({ hold: true }));
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
