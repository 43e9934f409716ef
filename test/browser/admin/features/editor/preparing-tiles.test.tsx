import { expect } from 'chai';
import { waitFor } from '../../mount';
import { openEditor, type EditorView } from '../../support/editor-view';
import { chooseFiles, pictureFile, storedTour } from '../../support/real-owner';

let view: EditorView;

const badges = () => [...view.host.querySelectorAll('.ad-scenes li')].map((scene) => scene.querySelector('.ad-scene-tiles')?.textContent ?? '');

describe('Editor: tiles of a wide panorama being prepared, against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
  });
  afterEach(() => view.unmount());

  it('says "Preparing tiles…" beside a wide scene until its tiles are ready, and nothing beside a narrow one', async () => {
    const input = view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    chooseFiles(input, [await pictureFile('Hall.png', '#a33', 4096, 2048), await pictureFile('Porch.png', '#3a3', 2048, 1024)]);
    await waitFor(() => badges().length === 2, 'both scenes listed');
    await waitFor(() => badges()[0] === 'Preparing tiles…', 'the wide scene says its tiles are on their way');
    expect(badges()[1], 'a narrow scene gets no tiles').to.equal('');
    // The scene is usable meanwhile: it is listed, shown from its original, and saved.
    expect(view.host.querySelector<HTMLImageElement>('.ad-scenes li img')!.src).to.match(/\/media\/tours\/thumb-[0-9a-f]{32}\.jpg$/);
    await view.whenSaved();

    await waitFor(() => badges()[0] === '', 'the badge gone once the tiles are ready');
    const stored = await storedTour(view.owner, view.tour.shortId);
    expect(stored.images[0].multires?.maxLevel).to.equal(2);
    expect(stored.images[1].multires).to.equal(undefined);
    expect(badges()).to.deep.equal(['', '']);
  });
});
