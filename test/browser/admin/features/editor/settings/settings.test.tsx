import { expect } from 'chai';
import { waitFor } from '../../../mount';
import { answerQuestion } from '../../../support/confirm-question';
import { openEditor, type EditorView } from '../../../support/editor-view';
import { chooseFiles, mp3File, panoramaFile, storedTour, typeInto } from '../../../support/real-owner';

let view: EditorView;

const section = () => view.host.querySelector<HTMLElement>('section[aria-label="Settings"]')!;
const fieldset = (legend: string) => [...section().querySelectorAll('fieldset')].find((set) => set.querySelector('legend')?.textContent === legend)!;
const radioLabelled = (set: HTMLElement, text: string) =>
  [...set.querySelectorAll('label')].find((label) => label.textContent?.trim().endsWith(text))!.querySelector('input')!;
const stored = () => storedTour(view.owner, view.tour.shortId);

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('Settings against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
    await view.openTab('settings');
  });
  afterEach(() => view.unmount());

  it('asks for the password when Password is chosen, keeps the tour as it was until one is set, then saves both', async () => {
    const privacy = [...section().querySelectorAll('label')].find((label) => label.textContent?.startsWith('Privacy'))!.querySelector('select')!;
    const protect = () => [...section().querySelectorAll('button')].find((button) => button.textContent === 'Protect with this password')!;
    choose(privacy, 'Password');
    await waitFor(() => !!section().querySelector('[role="group"][aria-label="Set the tour\'s password"]'), 'the password asked for');
    expect(privacy.value).to.equal('Password');
    expect(protect().disabled).to.equal(true);
    expect(view.saveStatus(), 'nothing sent yet, so nothing refused').to.equal('Saved');
    expect((await stored()).privacy).to.equal('Public');

    typeInto(section().querySelector<HTMLInputElement>('input[type="password"]')!, 'let me in');
    protect().click();
    await waitFor(() => view.saveStatus() === 'Unsaved changes' || view.saveStatus() === 'Saving…', 'the change is noticed');
    await view.whenSaved();
    expect((await stored()).privacy).to.equal('Password');
    const gate = (password: string) =>
      fetch('/api/status/tours/password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password, shortId: view.tour.shortId }),
      }).then((response) => response.status);
    expect(await gate('let me in'), 'the password set opens the tour').to.equal(200);
    expect(await gate('another')).to.equal(401);
  });

  it('redraws the theme preview as the theme changes, and saves the theme', async () => {
    const preview = () => section().querySelector<HTMLElement>('.ad-theme-preview')!;
    const arrows = () => [...preview().querySelectorAll('.ad-theme-preview__arrow')].map((arrow) => arrow.textContent);
    const themeSelect = [...section().querySelectorAll('label')].find((label) => label.textContent?.startsWith('Theme'))!.querySelector('select')!;
    expect(preview().dataset.theme).to.equal('classic');
    expect(arrows()).to.deep.equal([]);
    choose(themeSelect, 'cascade');
    await waitFor(() => preview().dataset.theme === 'cascade', 'the cascade preview');
    expect(arrows()).to.deep.equal(['▲', '▼']);
    const reel = preview().querySelector<HTMLElement>('.ad-theme-preview__reel')!;
    expect(reel.getBoundingClientRect().height).to.be.greaterThan(reel.getBoundingClientRect().width);
    choose(themeSelect, 'modern');
    await waitFor(() => preview().dataset.theme === 'modern', 'the modern preview');
    expect(arrows()).to.deep.equal(['◀', '▶']);
    await view.whenSaved();
    expect((await stored()).theme).to.equal('modern');
  });

  it('uploads an ambience sound with progress text, chooses it, lists it, and removes it again', async () => {
    const ambience = () => fieldset('Ambience sound');
    await waitFor(() => !!ambience(), 'the ambience picker');
    const seen = new Set<string>();
    const watcher = new MutationObserver(() => seen.add(ambience().querySelector('label.ad-link')?.textContent ?? ''));
    watcher.observe(view.host, { subtree: true, childList: true, characterData: true });
    chooseFiles(ambience().querySelector<HTMLInputElement>('input[type="file"]')!, [mp3File('Birds.mp3')]);
    await waitFor(() => !!ambience().textContent?.includes('Birds'), 'the new sound is listed');
    watcher.disconnect();
    expect([...seen]).to.include('Uploading Assets, please wait');
    expect(radioLabelled(ambience(), 'Birds').checked).to.equal(true);
    await view.whenSaved();
    const chosen = (await stored()).config.ambience!;
    expect(chosen.name).to.equal('Birds');
    expect(chosen.audio).to.match(/^\/media\/audio\/.+\.mp3$/);
    expect(ambience().querySelector('audio')!.getAttribute('src')).to.equal(chosen.audio);

    radioLabelled(ambience(), 'No sound').click();
    await waitFor(() => view.saveStatus() === 'Unsaved changes', 'the change is noticed');
    await view.whenSaved();
    expect((await stored()).config.ambience).to.equal(undefined);
    radioLabelled(ambience(), 'Birds').click();
    await waitFor(() => view.saveStatus() === 'Unsaved changes', 'the change is noticed');
    await view.whenSaved();
    expect((await stored()).config.ambience?.name).to.equal('Birds');

    // Deleting it from the owner's sounds leaves this tour's choice alone.
    ambience().querySelector<HTMLButtonElement>('button[aria-label="Delete Birds from your sounds"]')!.click();
    await answerQuestion(view.host, 'Delete "Birds" from your sounds? Tours that play it keep their copy.', 'Yes');
    await waitFor(() => !ambience().querySelector('audio'), 'the sound is no longer listed');
    const assets = await (await fetch('/api/assets/', { headers: { Authorization: `JWT ${view.owner.token}` } })).json();
    expect(Object.keys(assets)).to.deep.equal([]);
    expect((await stored()).config.ambience?.name).to.equal('Birds');
  });

  it('refuses a file that is not a sound with the server’s message', async () => {
    const ambience = () => fieldset('Ambience sound');
    await waitFor(() => !!ambience(), 'the ambience picker');
    chooseFiles(ambience().querySelector<HTMLInputElement>('input[type="file"]')!, [new File(['just text'], 'Birds.mp3', { type: 'audio/mpeg' })]);
    await waitFor(() => !!ambience().querySelector('[role="alert"]'), 'the refusal');
    expect(ambience().querySelector('[role="alert"]')!.textContent).to.equal('Ambience sound must be an MP3, Ogg or M4A file.');
    expect(radioLabelled(ambience(), 'No sound').checked).to.equal(true);
  });

  it('shows the four hotspot styles, saves the chosen default, and takes the default picture from the library', async () => {
    const styles = fieldset('Default hotspot style');
    expect([...styles.querySelectorAll('label')].map((label) => label.textContent)).to.deep.equal([
      '1. Preview image',
      '2. White arrow',
      '3. Black arrow',
      '4. Custom image',
    ]);
    expect(styles.querySelectorAll('.ad-style-preview')).to.have.length(4);
    expect(radioLabelled(styles, 'White arrow').checked).to.equal(true);
    radioLabelled(styles, 'Black arrow').click();
    await waitFor(() => view.saveStatus() === 'Unsaved changes', 'the change is noticed');
    await view.whenSaved();
    expect((await stored()).defaultHotspotStyle).to.equal(3);

    const picker = () => fieldset('Default hotspot picture (for the custom image style)');
    chooseFiles(picker().querySelector<HTMLInputElement>('input[type="file"]')!, [await panoramaFile('Pin.png', '#c0392b')]);
    await waitFor(() => !!picker().querySelector('button[aria-pressed="true"]'), 'the new picture is chosen');
    await view.whenSaved();
    const picture = (await stored()).defaultHotspotImage;
    expect(picture).to.match(/^\/media\/assets\//);
    radioLabelled(styles, 'Custom image').click();
    await waitFor(
      () => !!styles.querySelector<HTMLElement>('.ad-style-preview--4')?.style.backgroundImage.includes(picture),
      'the custom style shows the picture',
    );
  });
});
