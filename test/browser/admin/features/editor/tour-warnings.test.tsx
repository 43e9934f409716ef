import { expect } from 'chai';
import { tourConfigSchema } from '../../../../../api/schema/tour';
import { waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { openEditor, type EditorView } from '../../support/editor-view';
import { chooseFiles, panoramaFile, storedTour, typeInto } from '../../support/real-owner';

let view: EditorView;

/** The warnings region, found the way a screen reader finds it: by the name its heading gives it. */
function warningsRegion(): HTMLElement | undefined {
  return [...view.host.querySelectorAll<HTMLElement>('section[aria-labelledby]')].find((section) =>
    /warning/i.test(view.host.querySelector(`#${section.getAttribute('aria-labelledby')}`)?.textContent ?? ''),
  );
}
const warnings = () => [...(warningsRegion()?.querySelectorAll('li') ?? [])].map((item) => item.textContent);
const sceneTitles = () => [...view.host.querySelectorAll<HTMLInputElement>('input[aria-label^="Title of scene"]')].map((input) => input.value);

describe("Editor shows the schema's warnings against the real API", () => {
  afterEach(() => view.unmount());

  it('warns of nothing right after an upload of several scenes: the scene reel reaches them all', async () => {
    view = await openEditor();
    chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]')!, [
      await panoramaFile('Hall.png', '#a33'),
      await panoramaFile('Loft.png', '#33a'),
    ]);
    await waitFor(() => sceneTitles().length === 2, 'both scenes uploaded');
    await view.whenSaved();
    expect(warningsRegion()).to.equal(undefined);
  });

  it('with the reel hidden, lists a scene no link reaches after the save, saves the tour anyway, and clears the list once the scene goes', async () => {
    view = await openEditor({ config: { ...tourConfigSchema.parse({}), enableRibbon: false } });
    expect(warningsRegion(), 'no warnings on an empty tour').to.equal(undefined);
    chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]')!, [
      await panoramaFile('Hall.png', '#a33'),
      await panoramaFile('Loft.png', '#33a'),
    ]);
    await waitFor(() => sceneTitles().length === 2, 'both scenes uploaded');
    await view.whenSaved();
    await waitFor(() => warnings().length > 0, 'the warnings listed');
    expect(warnings()).to.deep.equal(['Scene "Loft" is not reachable.']);
    expect(view.host.querySelector(`#${warningsRegion()!.getAttribute('aria-labelledby')}`)!.textContent).to.equal('Saved, with a warning');
    expect((await storedTour(view.owner, view.tour.shortId)).images.map((image) => image.title)).to.deep.equal(['Hall', 'Loft']);

    // The scene's title is the owner's text: shown as typed, never as markup.
    typeInto(view.host.querySelector<HTMLInputElement>('input[aria-label="Title of scene 2"]')!, '<b>Loft</b>');
    await waitFor(() => warnings()[0] === 'Scene "<b>Loft</b>" is not reachable.', 'the warning names the renamed scene');
    expect(warningsRegion()!.querySelector('b')).to.equal(null);

    [...view.host.querySelectorAll('button')].filter((button) => button.textContent?.includes('Delete scene'))[1].click();
    await answerQuestion(view.host, 'Delete scene "<b>Loft</b>"?', 'Yes');
    await waitFor(() => sceneTitles().length === 1, 'the scene deleted');
    await view.whenSaved();
    await waitFor(() => warningsRegion() === undefined, 'the warnings gone');
    expect((await storedTour(view.owner, view.tour.shortId)).images.map((image) => image.title)).to.deep.equal(['Hall']);
  });
});
