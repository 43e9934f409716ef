import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import { coordsToYawPitch, yawPitchToCoords } from '../../../../../../api/schema/coords';
import { imageSchema, type Tour } from '../../../../../../api/schema/tour';
import adminCss from '../../../../../../admin/styles/admin.css';
import { NUDGE_BIG_DEG, NUDGE_DEG } from '../../../../../../admin/features/editor/panorama/editable-spots';
import { addScene, moveScene } from '../../../../../../admin/features/editor/tour-edits';
import { EditorPanorama } from '../../../../../../admin/features/editor/panorama/EditorPanorama';
import { EditorStoreProvider, useEditorTour } from '../../../../../../admin/features/editor/editor-context';
import { changeTour, createEditorStore, tourLoaded, type EditorState } from '../../../../../../admin/features/editor/editor-store';
import { apiTour, panoramaDataUrl } from '../../../../embed/support/fixtures';
import { answerQuestion } from '../../../support/confirm-question';
import { chooseFiles, panoramaFile, signedInOwner } from '../../../support/real-owner';
import { render, unmountAll, until } from '../../../../embed/support/render';

/** The direction pannellum shows a quarter of the width right of the centre at its default 90° field of view. */
const QUARTER_RIGHT_YAW = (Math.atan(0.5) * 180) / Math.PI;

let tour: Tour;
let store: EditorState;
/** Changes the tour as the rest of the editor would. */
const setTour = (next: Tour) => changeTour(store, () => next);
let host: HTMLElement;

/** A link from the hall to the kitchen, straight ahead. */
const hallToKitchen = {
  id: 'h1',
  image: { id: 'kitchen', url: '', thumbUrl: '', hotspotUrl: '', title: 'Kitchen' },
  style: 2 as const,
  customImageUrl: '',
  rotation: 0,
  coords: yawPitchToCoords({ yaw: 0, pitch: 0 }),
};
const savedAt = () => coordsToYawPitch(tour.images[0].hotspots[0].coords);

function FirstScene() {
  tour = useEditorTour();
  return <EditorPanorama sceneId={tour.images[0].id} />;
}

function Harness() {
  return (
    <EditorStoreProvider value={store}>
      <div style={{ width: 640 }}>
        <FirstScene />
      </div>
    </EditorStoreProvider>
  );
}

function sceneTour(hotspots: Tour['images'][number]['hotspots'] = []): Tour {
  const scenes = [
    { id: 'hall', colour: '#468' },
    { id: 'kitchen', colour: '#864' },
  ];
  // URLs set after parsing: the test's data URLs are longer than a stored URL may be.
  const images = scenes.map(({ id, colour }) => ({
    ...imageSchema.parse({ id, title: id[0].toUpperCase() + id.slice(1), uploaded: true }),
    url: panoramaDataUrl(colour),
  }));
  images[0].hotspots = hotspots;
  return apiTour({ images });
}

async function show(initial: Tour) {
  const style = document.createElement('style');
  style.textContent = adminCss;
  document.head.append(style);
  // Nothing leaves the page: the test's panoramas are data URLs, longer than the server keeps. A save that raises
  // no revision leaves the tour as the panorama made it, so each change the test waits for is the panorama's.
  store = createEditorStore({ saveTour: async (body) => ({ revision: body.revision }), saveRooms: async () => ({ revision: 0 }) });
  tourLoaded(store, initial, { role: 'owner', ownerOnlyFields: [] });
  host = render(<Harness />);
  const shadow = await until(() => host.querySelector('[data-testid="editor-panorama"]')?.shadowRoot, 'the shadow root');
  await until(() => shadow.querySelector<HTMLElement>('.pnlm-load-box')?.style.display === 'none', 'the panorama loaded');
  return shadow;
}

/** A point of the panorama in page pixels, as fractions of its width and height. */
function point(shadow: ShadowRoot, fx: number, fy: number): [number, number] {
  const box = shadow.querySelector('.tv-panorama')!.getBoundingClientRect();
  return [Math.round(box.left + box.width * fx), Math.round(box.top + box.height * fy)];
}

async function drag(from: [number, number], to: [number, number]) {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let step = 1; step <= 5; step++) {
    await sendMouse({ type: 'move', position: [Math.round(from[0] + ((to[0] - from[0]) * step) / 5), Math.round(from[1] + ((to[1] - from[1]) * step) / 5)] });
  }
  await sendMouse({ type: 'up' });
}

const button = (label: string) =>
  until(
    () => [...host.querySelectorAll('button')].find((candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === label),
    `the ${label} button`,
  );
const alert = () => host.querySelector('[role="alert"]')?.textContent;

/** Sets a form control the way a person would, so React sees the change. */
function choose(control: HTMLSelectElement | HTMLInputElement, value: string) {
  const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function field(label: string): Promise<HTMLInputElement & HTMLSelectElement> {
  return until(() => {
    const wrapper = [...host.querySelectorAll('label')].find((candidate) => candidate.querySelector('span')?.textContent === label);
    return wrapper?.querySelector<HTMLInputElement & HTMLSelectElement>('input, select, textarea');
  }, `the field ${label}`);
}

afterEach(() => {
  unmountAll();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

describe('<EditorPanorama>', () => {
  it('places a hotspot where the owner clicked, only once a destination is chosen, with the way back', async () => {
    const shadow = await show(sceneTour());
    const clicked = point(shadow, 0.75, 0.5);
    await sendMouse({ type: 'click', position: clicked });
    await (await button('Add hotspot')).click();
    (await button('Save')).click();
    await until(alert, 'the missing destination');
    expect(alert()).to.equal('Choose the scene this hotspot leads to.');
    expect(tour.images[0].hotspots).to.have.length(0);

    choose(await field('Destination scene'), 'kitchen');
    await until(() => !alert(), 'the error cleared');
    (await button('Save')).click();
    await until(() => tour.images[0].hotspots.length === 1, 'the hotspot');
    const [hotspot] = tour.images[0].hotspots;
    expect(hotspot).to.include({ style: 2, rotation: 0 });
    expect(hotspot.image.id).to.equal('kitchen');
    const at = coordsToYawPitch(hotspot.coords);
    expect(at.yaw).to.be.closeTo(QUARTER_RIGHT_YAW, 0.5);
    expect(at.pitch).to.be.closeTo(0, 0.5);
    expect(tour.images[1].hotspots.map((back) => back.image.id)).to.deep.equal(['hall']);

    // Drawn by pannellum right under the pointer.
    const drawn = await until(() => shadow.querySelector('[aria-label="Edit hotspot to Kitchen"]'), 'the drawn hotspot');
    const box = drawn.getBoundingClientRect();
    expect(box.left + box.width / 2).to.be.closeTo(clicked[0], 2);
    expect(box.top + box.height / 2).to.be.closeTo(clicked[1], 2);
  });

  it('gives a custom-image hotspot a picture uploaded into the owner’s library (real API), and requires one', async () => {
    await signedInOwner();
    const shadow = await show(sceneTour());
    await sendMouse({ type: 'click', position: point(shadow, 0.5, 0.5) });
    (await button('Add hotspot')).click();
    choose(await field('Destination scene'), 'kitchen');
    (await until(() => host.querySelectorAll<HTMLInputElement>('input[name="hotspot-style"]')[3], 'style 4')).click();
    (await button('Save')).click();
    await until(alert, 'the missing picture');
    expect(alert()).to.equal('Choose a picture for the custom hotspot.');
    chooseFiles(await until(() => host.querySelector<HTMLInputElement>('.ad-picker input[type="file"]'), 'the upload field'), [
      await panoramaFile('Door sign.png', '#c33'),
    ]);
    await until(() => host.querySelector('.ad-picker button[aria-pressed="true"][aria-label="Door sign"]'), 'the uploaded picture, chosen');
    (await button('Save')).click();
    await until(() => tour.images[0].hotspots.length === 1, 'the hotspot');
    const [hotspot] = tour.images[0].hotspots;
    expect(hotspot.style).to.equal(4);
    expect(hotspot.customImageUrl).to.match(/^\/media\/assets\//);
    const face = await until(() => shadow.querySelector<HTMLElement>('.tv-hotspot--style-4 .tv-hotspot__face'), 'the drawn hotspot');
    expect(face.style.backgroundImage).to.contain(hotspot.customImageUrl);
  });

  it('drags a hotspot to a new direction, then edits and deletes it', async () => {
    const shadow = await show(sceneTour([hallToKitchen]));
    await until(() => shadow.querySelector('[aria-label="Edit hotspot to Kitchen"]'), 'the hotspot');
    await drag(point(shadow, 0.5, 0.5), point(shadow, 0.75, 0.5));
    await until(() => coordsToYawPitch(tour.images[0].hotspots[0].coords).yaw > 1, 'the move');
    const at = coordsToYawPitch(tour.images[0].hotspots[0].coords);
    expect(at.yaw).to.be.closeTo(QUARTER_RIGHT_YAW, 0.5);
    expect(at.pitch).to.be.closeTo(0, 0.5);
    expect(host.querySelector('[role="dialog"], [role="menu"]'), 'a drag opens nothing').to.equal(null);

    await sendMouse({ type: 'click', position: point(shadow, 0.75, 0.5) });
    await until(() => host.querySelector('[role="dialog"][aria-label="Edit hotspot"]'), 'the edit form');
    expect((await field('Destination scene')).value).to.equal('kitchen');
    host.querySelectorAll<HTMLInputElement>('input[name="hotspot-style"]')[2].click();
    await until(() => host.querySelector('[data-testid="style-preview"] svg path[fill="#000"]'), 'the black arrow preview');
    (await button('Save')).click();
    await until(() => tour.images[0].hotspots[0].style === 3, 'the new style');
    expect(tour.images[0].hotspots[0].id).to.equal('h1');
    await until(() => shadow.querySelector('.tv-hotspot--style-3'), 'the redrawn hotspot');

    await sendMouse({ type: 'click', position: point(shadow, 0.75, 0.5) });
    (await button('Delete')).click();
    (await button('Yes')).click();
    await until(() => tour.images[0].hotspots.length === 0, 'the deletion');
    await until(() => !shadow.querySelector('.tv-hotspot'), 'the hotspot gone from the panorama');
  });

  it('moves a spot dragged by a finger (touch pointer events), and a finger tap opens it', async () => {
    const shadow = await show(sceneTour([hallToKitchen]));
    const spot = await until(() => shadow.querySelector<HTMLButtonElement>('[aria-label="Edit hotspot to Kitchen"]'), 'the hotspot');
    // The page would scroll under a finger instead (and the browser cancel its pointer).
    expect(spot.style.touchAction).to.equal('none');
    // A finger's pointer stays captured by the element it went down on, so every event goes to the spot.
    const finger = (target: Element, type: string, [clientX, clientY]: [number, number]) =>
      target.dispatchEvent(
        new PointerEvent(type, {
          pointerType: 'touch',
          pointerId: 7,
          isPrimary: true,
          button: type === 'pointermove' ? -1 : 0,
          clientX,
          clientY,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    const [from, to] = [point(shadow, 0.5, 0.5), point(shadow, 0.75, 0.5)];
    finger(spot, 'pointerdown', from);
    for (let step = 1; step <= 5; step++) finger(spot, 'pointermove', [from[0] + ((to[0] - from[0]) * step) / 5, from[1]]);
    finger(spot, 'pointerup', to);
    await until(() => savedAt().yaw > 1, 'the move');
    expect(savedAt().yaw).to.be.closeTo(QUARTER_RIGHT_YAW, 0.5);
    expect(savedAt().pitch).to.be.closeTo(0, 0.5);
    expect(host.querySelector('[role="dialog"], [role="menu"]'), 'a drag opens nothing').to.equal(null);

    const moved = await until(() => shadow.querySelector<HTMLButtonElement>('[aria-label="Edit hotspot to Kitchen"]'), 'the hotspot drawn again');
    finger(moved, 'pointerdown', to);
    finger(moved, 'pointerup', [to[0] + 2, to[1]]);
    await until(() => host.querySelector('[role="dialog"][aria-label="Edit hotspot"]'), 'the edit form');
  });

  it('moves a focused spot with the arrow keys, 1° a press and 10° with Shift, telling screen readers where it is', async () => {
    const shadow = await show(sceneTour([hallToKitchen]));
    const spot = () => shadow.querySelector<HTMLButtonElement>('[aria-label="Edit hotspot to Kitchen"]');
    (await until(spot, 'the hotspot')).focus();
    const press = async (key: string, yaw: number, pitch: number) => {
      await sendKeys({ press: key });
      await until(() => Math.abs(savedAt().yaw - yaw) < 1e-6 && Math.abs(savedAt().pitch - pitch) < 1e-6, `${key} to yaw ${yaw}, pitch ${pitch}`);
      await until(() => shadow.activeElement === spot(), `the keyboard still on the spot after ${key}`);
    };
    await press('ArrowRight', NUDGE_DEG, 0);
    await press('ArrowRight', 2 * NUDGE_DEG, 0);
    // Held the way a person holds it, a while before and after the arrow.
    await sendKeys({ down: 'Shift' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await press('ArrowRight', 2 * NUDGE_DEG + NUDGE_BIG_DEG, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sendKeys({ up: 'Shift' });
    expect(shadow.querySelector('[role="status"]')!.textContent).to.equal('Moved to yaw 12°, pitch 0°.');
    // The keys moved the spot, not the view: it is drawn where yaw 12° is seen from straight ahead.
    const view = shadow.querySelector('.tv-panorama')!.getBoundingClientRect();
    const drawnX = () => {
      const box = spot()!.getBoundingClientRect();
      return box.left + box.width / 2;
    };
    const expectedX = view.left + (view.width / 2) * (1 + Math.tan((12 * Math.PI) / 180));
    // Nor did Shift zoom the view in (pannellum zooms while it is down), which would draw the spot further right.
    await until(() => Math.abs(drawnX() - expectedX) < 2, 'the spot drawn at yaw 12° of a 90° view');
    await press('ArrowUp', 12, NUDGE_DEG);
    await press('Shift+ArrowDown', 12, NUDGE_DEG - NUDGE_BIG_DEG);
    await press('ArrowLeft', 12 - NUDGE_DEG, NUDGE_DEG - NUDGE_BIG_DEG);
    expect(shadow.querySelector('[role="status"]')!.textContent).to.equal('Moved to yaw 11°, pitch -9°.');
    expect(host.querySelector('[role="dialog"], [role="menu"]'), 'the keys open nothing').to.equal(null);
  });

  it('adds a link infospot: an address is required and gets http:// without a scheme', async () => {
    const shadow = await show(sceneTour());
    await sendMouse({ type: 'click', position: point(shadow, 0.25, 0.3) });
    (await button('Add infospot')).click();
    choose(await field('Type'), 'hyperLink');
    choose(await field('Link text'), 'Our agency');
    (await button('Save')).click();
    await until(alert, 'the missing address');
    expect(alert()).to.equal('Write the address this infospot links to.');
    choose(await field('Address'), 'example.com/loft');
    (await button('Save')).click();
    await until(() => tour.images[0].infospots.length === 1, 'the infospot');
    const [spot] = tour.images[0].infospots;
    expect(spot).to.deep.include({ dataType: 'hyperLink', style: 1 });
    expect(spot.data).to.include({ url: 'http://example.com/loft', previewText: 'Our agency' });
    expect(coordsToYawPitch(spot.coords).yaw).to.be.closeTo(-QUARTER_RIGHT_YAW, 0.5);
    expect(coordsToYawPitch(spot.coords).pitch).to.be.above(5);
    await until(() => shadow.querySelector('[aria-label="Edit infospot Our agency"]'), 'the drawn infospot');
  });

  it('adds a short-text infospot from the keyboard, in the middle of the view', async () => {
    const shadow = await show(sceneTour());
    (await button('Add at centre')).click();
    (await button('Add infospot')).click();
    (await button('Save')).click();
    await until(alert, 'the missing text');
    expect(alert()).to.equal('Write the text of this infospot.');
    choose(await field('Text'), 'Sunny all afternoon');
    (await button('Save')).click();
    await until(() => tour.images[0].infospots.length === 1, 'the infospot');
    const at = coordsToYawPitch(tour.images[0].infospots[0].coords);
    expect(at.yaw).to.be.closeTo(0, 0.5);
    expect(at.pitch).to.be.closeTo(0, 0.5);
    const drawn = await until(() => shadow.querySelector<HTMLButtonElement>('[aria-label="Edit infospot Sunny all afternoon"]'), 'the drawn infospot');
    drawn.focus();
    drawn.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => host.querySelector('[role="dialog"][aria-label="Edit infospot"]'), 'the edit form from the keyboard');
  });

  it('keeps the add menu inside the panorama when the click is near its corner, and Cancel closes it', async () => {
    const shadow = await show(sceneTour());
    await sendMouse({ type: 'click', position: point(shadow, 0.98, 0.98) });
    const menu = await until(() => host.querySelector('[role="menu"]'), 'the add menu');
    const inside = menu.getBoundingClientRect();
    const area = host.querySelector('.ad-pano')!.getBoundingClientRect();
    expect(inside.right).to.be.at.most(area.right);
    expect(inside.bottom).to.be.at.most(area.bottom);
    (await button('Cancel')).click();
    await until(() => !host.querySelector('[role="menu"]'), 'the menu closed');
    expect(tour.images[0].infospots.length + tour.images[0].hotspots.length).to.equal(0);
  });

  it('sets the initial view from the current view, without taking a look-around drag for a click', async () => {
    const shadow = await show(sceneTour());
    await drag(point(shadow, 0.6, 0.5), point(shadow, 0.3, 0.5));
    expect(host.querySelector('[role="menu"]'), 'a drag is not a click').to.equal(null);
    (await button('Zoom in')).click();
    // pannellum eases the drag and the zoom out; let both finish before the view is read.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    (await button('Set initial view')).click();
    await until(() => tour.images[0].cameraPosition, 'the initial view');
    expect(tour.images[0].cameraZoom).to.be.closeTo(80, 0.5);
    expect(tour.images[0].cameraPosition!.yaw).to.be.above(5);
    expect(tour.images[1].cameraPosition).to.equal(null);
  });

  it('keeps the viewer and the owner’s view when the initial view is set or a scene is added', async () => {
    const shadow = await show(sceneTour());
    await drag(point(shadow, 0.6, 0.5), point(shadow, 0.3, 0.5));
    const canvas = shadow.querySelector('canvas');
    expect(canvas).to.be.instanceOf(HTMLCanvasElement);
    // The view as Set initial view reads it.
    const currentView = async () => {
      const before = tour;
      (await button('Set initial view')).click();
      await until(() => tour !== before, 'the initial view set');
      return { ...tour.images[0].cameraPosition!, hfov: tour.images[0].cameraZoom };
    };
    // pannellum eases the drag out, for longer the slower its frames come: the view is taken once two reads a
    // quarter of a second apart agree.
    let looked = await currentView();
    for (let settling = looked; ; settling = looked) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      looked = await currentView();
      if (looked.yaw === settling.yaw && looked.pitch === settling.pitch && looked.hfov === settling.hfov) break;
    }
    expect(looked.yaw).to.be.above(5);
    expect(shadow.querySelector('canvas'), 'the same pannellum viewer').to.equal(canvas);
    setTour(
      addScene(tour, {
        fileName: 'Attic.png',
        url: panoramaDataUrl('#486'),
        thumbUrl: '',
        hotspotUrl: '',
        mobileUrl: '',
        width: 512,
        height: 256,
        size: 1,
        isNotEquirect: false,
      }),
    );
    await until(() => tour.images.length === 3, 'the new scene');
    expect(shadow.querySelector('canvas'), 'the same pannellum viewer').to.equal(canvas);
    const after = await currentView();
    expect(after.yaw).to.be.closeTo(looked.yaw, 1e-6);
    expect(after.pitch).to.be.closeTo(looked.pitch, 1e-6);
    expect(after.hfov).to.equal(looked.hfov);
    expect(shadow.querySelector('canvas'), 'the same pannellum viewer').to.equal(canvas);

    // Another scene shown (here: moved first) is another picture: it starts at its own initial view.
    setTour(moveScene(tour, 2, 0));
    await until(
      () => shadow.querySelector('canvas') !== canvas && shadow.querySelector<HTMLElement>('.pnlm-load-box')?.style.display === 'none',
      'the attic shown',
    );
    const attic = await currentView();
    expect(tour.images[0].title).to.equal('Attic');
    expect(attic.yaw).to.be.closeTo(0, 1e-6);
    expect(attic.hfov).to.equal(90);
  });

  it('gives visitors arriving from another scene their own starting view, listed and removable', async () => {
    const shadow = await show(sceneTour());
    await drag(point(shadow, 0.6, 0.5), point(shadow, 0.3, 0.5));
    // pannellum eases the drag out; let it finish before the view is read.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const from = host.querySelector<HTMLSelectElement>('.ad-arrivals select')!;
    expect([...from.options].map((option) => option.textContent)).to.deep.equal(['Kitchen']);
    (await button('Start here')).click();
    await until(() => tour.images[0].initialViewOverrides.length === 1, 'the starting view for arrivals from the kitchen');
    const [entry] = tour.images[0].initialViewOverrides;
    expect(entry.id).to.equal('kitchen');
    expect(entry.cameraPosition.yaw).to.be.above(5);
    expect(tour.images[0].cameraPosition, 'the scene’s own initial view stays').to.equal(null);
    const listed = await until(() => host.querySelector('.ad-arrivals__list li'), 'the listed starting view');
    expect(listed.textContent).to.match(/^From Kitchen: yaw \d+°, pitch -?\d+°Remove$/);
    (await button('Remove')).click();
    await answerQuestion(host, 'Remove the starting view for visitors coming from Kitchen?', 'Yes');
    await until(() => tour.images[0].initialViewOverrides.length === 0, 'the starting view removed');
    expect(host.querySelector('.ad-arrivals__list')).to.equal(null);
  });
});
