import { expect } from 'chai';
import { ToastContainer } from 'react-toastify/unstyled';
import { Editor } from '../../../../../admin/features/editor/Editor';
import type { User } from '../../../../../api/schema/user';
import { mount, waitFor } from '../../mount';
import { watchImageUploads, type ImageUploads } from '../../support/image-uploads';
import { chooseFiles, newTour, panoramaFile, pictureFile, signedInOwner, storedTour } from '../../support/real-owner';

let view: ReturnType<typeof mount>;
let owner: User;
let shortId: string;
let uploads: ImageUploads;

async function openEditor(cutOff?: (name: string) => boolean, hold = false) {
  owner = await signedInOwner();
  shortId = (await newTour(owner)).shortId;
  uploads = watchImageUploads({ cutOff, hold });
  view = mount(
    <>
      <Editor shortId={shortId} />
      <ToastContainer />
    </>,
  );
  await waitFor(() => !!imagesInput(), 'the editor shows its add-images button');
}

const sceneTitles = () => [...view.host.querySelectorAll<HTMLInputElement>('input[aria-label^="Title of scene"]')].map((input) => input.value);
const imagesInput = () => view.host.querySelector<HTMLInputElement>('input[type="file"][multiple]');
const toasts = () => [...view.host.querySelectorAll('.Toastify__toast')].map((node) => node.textContent ?? '');
/** Not a picture at all: the real server refuses it (415) on every attempt. */
const brokenFile = (name: string) => new File(['this is not a picture'], name, { type: 'image/jpeg' });

async function upload(files: File[]): Promise<string> {
  chooseFiles(imagesInput()!, files);
  await waitFor(() => toasts().length > 0, 'an upload outcome notice');
  return toasts()[0];
}

describe('Editor upload outcomes against the real API', () => {
  afterEach(() => {
    uploads.restore();
    view.unmount();
  });

  it('reports all uploaded, adds every scene and saves them', async () => {
    await openEditor();
    const progress = new Set<string>();
    /** The highest share each image's own progress bar showed. */
    const bars = new Map<string, number>();
    new MutationObserver(() => {
      view.host.querySelectorAll('p[role="status"]').forEach((node) => progress.add(node.textContent ?? ''));
      view.host.querySelectorAll<HTMLProgressElement>('.ad-uploads progress').forEach((bar) => {
        const label = bar.getAttribute('aria-label')!;
        bars.set(label, Math.max(bars.get(label) ?? 0, bar.value));
      });
    }).observe(view.host, { subtree: true, childList: true, characterData: true, attributes: true });
    const notice = await upload([await panoramaFile('Hall.png', '#a33'), await panoramaFile('Kitchen.png', '#3a3')]);
    expect(notice).to.equal('All your images were uploaded.');
    expect([...progress]).to.include.members(['Uploading image, please wait (2 remaining)', 'Uploading image, please wait (1 remaining)']);
    // Each image had its own bar (how far each got on screen depends on when React drew; upload() is tested for that).
    expect([...bars.keys()]).to.deep.equal(['Hall.png uploaded', 'Kitchen.png uploaded']);
    expect(view.host.querySelectorAll('.ad-uploads').length, 'the bars go once the upload is over').to.equal(0);
    expect(uploads.sent).to.deep.equal(['Hall.png', 'Kitchen.png']);
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'the new scenes saved');
    const saved = await storedTour(owner, shortId);
    expect(saved.images.map((image) => image.title)).to.deep.equal(['Hall', 'Kitchen']);
    expect(saved.images.every((image) => image.url.length > 0)).to.equal(true);
  });

  it('reports the small hiccup listing the titles not uploaded, each sent once as the server refused it, and keeps the others', async () => {
    await openEditor();
    const notice = await upload([await panoramaFile('Hall.png', '#a33'), brokenFile('Broken room.jpg'), brokenFile('Attic.jpeg')]);
    expect(notice).to.contain('small hiccup');
    expect(notice).to.contain('Broken room, Attic');
    expect(notice).to.contain('try them again');
    // A refusal (415) would come back the same: no file is sent twice for it.
    expect(uploads.sent).to.deep.equal(['Hall.png', 'Broken room.jpg', 'Attic.jpeg']);
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'the uploaded scene saved');
    expect((await storedTour(owner, shortId)).images.map((image) => image.title)).to.deep.equal(['Hall']);
  });

  it('lists each picture not uploaded with its reason; one the network dropped has a Retry that stays until used, a refused one none', async () => {
    let offline = true;
    await openEditor((name) => offline && name === 'Lost.png');
    const failures = () =>
      [...view.host.querySelectorAll('ul[aria-label="Images not uploaded"] li')].map((item) => [
        item.querySelector('.ad-uploads__name')!.textContent,
        item.querySelector('.ad-error')!.textContent,
        !!item.querySelector('button'),
      ]);
    await upload([brokenFile('Broken room.jpg'), await panoramaFile('Lost.png', '#33a')]);
    expect(failures()).to.deep.equal([
      ['Broken room.jpg', 'This file is not a picture. Upload a JPEG, PNG or WebP image.', false],
      ['Lost.png', 'Not Connected to Internet', true],
    ]);
    chooseFiles(imagesInput()!, [await panoramaFile('Hall.png', '#a33')]);
    await waitFor(() => toasts().includes('All your images were uploaded.'), 'a later upload done');
    expect(failures(), 'still offered after another upload').to.have.length(2);

    offline = false;
    view.host.querySelector<HTMLButtonElement>('button[aria-label="Retry Lost.png"]')!.click();
    await waitFor(() => uploads.sent.length === 5, 'the retry sent');
    // The dropped one was tried twice, then once more by Retry; the refused one only once.
    expect(uploads.sent).to.deep.equal(['Broken room.jpg', 'Lost.png', 'Lost.png', 'Hall.png', 'Lost.png']);
    await waitFor(() => sceneTitles().includes('Lost'), 'the retried picture a scene');
    expect(failures(), 'the retried picture off the list').to.have.length(1);
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'the scenes saved');
    expect((await storedTour(owner, shortId)).images.map((image) => image.title)).to.deep.equal(['Hall', 'Lost']);
  });

  it('does not say "Saved" while pictures are still uploading', async () => {
    await openEditor(undefined, true);
    const state = () => view.host.querySelector('.ad-save')?.textContent;
    chooseFiles(imagesInput()!, [await panoramaFile('Hall.png', '#a33')]);
    await waitFor(() => uploads.uploading(), 'the picture on its way');
    await waitFor(() => state() === 'Uploading images…', 'the header saying so');
    uploads.release();
    await waitFor(() => state() === 'Saved', 'saved once the scene is in');
    expect((await storedTour(owner, shortId)).images.map((image) => image.title)).to.deep.equal(['Hall']);
  });

  it('names the reason when the one picture sent is refused', async () => {
    await openEditor();
    expect(await upload([brokenFile('Plan.jpg')])).to.equal('Plan.jpg was not uploaded: This file is not a picture. Upload a JPEG, PNG or WebP image.');
    expect(uploads.sent).to.deep.equal(['Plan.jpg']);
  });

  it('reports that no images were uploaded when every upload fails, and adds no scene', async () => {
    await openEditor();
    const notice = await upload([brokenFile('One.jpg'), brokenFile('Two.jpg')]);
    expect(notice).to.equal('Something went wrong: no images were uploaded. Please try again.');
    expect(uploads.sent).to.deep.equal(['One.jpg', 'Two.jpg']);
    expect((await storedTour(owner, shortId)).images).to.deep.equal([]);
  });

  it('adds the pictures dropped on the scene list from the desktop, outlining it while they are held over it', async () => {
    await openEditor();
    const scenes = view.host.querySelector<HTMLElement>('section[aria-label="Scenes"]')!;
    const transfer = new DataTransfer();
    transfer.items.add(await panoramaFile('Dropped hall.png', '#a33'));
    transfer.items.add(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    scenes.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await waitFor(() => scenes.classList.contains('ad-drop--over'), 'the drop outline');
    scenes.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await waitFor(() => toasts().length > 0, 'an upload outcome notice');
    expect(toasts()[0]).to.equal('All your images were uploaded.');
    expect(uploads.sent, 'only the picture, not the text file').to.deep.equal(['Dropped hall.png']);
    expect(scenes.classList.contains('ad-drop--over')).to.equal(false);
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'the dropped scene saved');
    expect((await storedTour(owner, shortId)).images.map((image) => image.title)).to.deep.equal(['Dropped hall']);
  });

  it('says which files it takes when nothing dropped is a picture', async () => {
    await openEditor();
    const transfer = new DataTransfer();
    transfer.items.add(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    view.host.querySelector('section[aria-label="Scenes"]')!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await waitFor(() => toasts().length > 0, 'a notice');
    expect(toasts()).to.deep.equal(['Only JPEG, PNG and WebP pictures can be added.']);
    expect(uploads.sent).to.deep.equal([]);
  });

  it('flags each picture of a batch by itself as a panorama or not, even when two share a file name', async () => {
    await openEditor();
    const notice = await upload([await panoramaFile('Room.png', '#a33'), await pictureFile('Room.png', '#3a3', 400, 300)]);
    expect(notice).to.equal('All your images were uploaded.');
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'both scenes saved');
    const saved = await storedTour(owner, shortId);
    expect(saved.images.map((image) => [image.width, image.isNotEquirect])).to.deep.equal([
      [512, false],
      [400, true],
    ]);
  });

  it('shows the bars of a second batch beside those of one still on its way, and each batch takes only its own away', async () => {
    await openEditor();
    uploads.restore();
    uploads = watchImageUploads({ hold: true });
    const bars = () => [...view.host.querySelectorAll('.ad-uploads progress')].map((bar) => bar.getAttribute('aria-label'));
    chooseFiles(imagesInput()!, [await panoramaFile('Hall.png', '#a33')]);
    await waitFor(() => uploads.sent.length === 1, 'the first batch on its way');
    chooseFiles(imagesInput()!, [await panoramaFile('Kitchen.png', '#3a3')]);
    await waitFor(() => uploads.sent.length === 2, 'the second batch on its way');
    expect(bars()).to.deep.equal(['Hall.png uploaded', 'Kitchen.png uploaded']);
    expect(view.host.querySelector('p[role="status"]')?.textContent, 'both batches counted').to.equal('Uploading image, please wait (2 remaining)');
    uploads.release();
    await waitFor(() => toasts().length === 2, 'both outcome notices');
    expect(bars()).to.deep.equal([]);
    await waitFor(() => view.host.querySelector('.ad-save')?.textContent === 'Saved', 'both scenes saved');
    expect((await storedTour(owner, shortId)).images.map((image) => image.title).sort()).to.deep.equal(['Hall', 'Kitchen']);
  });
});
