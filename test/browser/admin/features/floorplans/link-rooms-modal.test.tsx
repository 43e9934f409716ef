import { expect } from 'chai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LinkRoomsModal } from '../../../../../admin/features/floorplans/LinkRoomsModal';
import type { Floorplan, FloorplanHotspot } from '../../../../../api/schema/tour';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function planPicture(): string {
  const canvas = Object.assign(document.createElement('canvas'), { width: 800, height: 500 });
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#eee';
  context.fillRect(0, 0, 800, 500);
  return canvas.toDataURL('image/png');
}

const scenes = [
  { id: 'hall', title: 'Hall', thumbUrl: '' },
  { id: 'kitchen', title: 'A kitchen with a long name', thumbUrl: '' },
];

let root: Root;
let host: HTMLElement;
let changes: FloorplanHotspot[][];

async function render(hotspots: FloorplanHotspot[]) {
  changes = [];
  const plan: Floorplan = { floorplanId: 'f', name: 'Ground', url: planPicture(), thumbUrl: '', tourId: 1, hotspots, sortOrder: 0, uploaded: true };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<LinkRoomsModal plan={plan} scenes={scenes} onChange={(next) => changes.push(next)} onClose={() => undefined} />));
  const image = host.querySelector<HTMLImageElement>('.ad-plan > img')!;
  if (!image.complete) await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
  return image;
}

function click(element: Element, x: number, y: number) {
  const box = element.getBoundingClientRect();
  return act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + x, clientY: box.top + y }));
  });
}

const button = (label: string) => [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === label);

describe('LinkRoomsModal', () => {
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('opens the selector at an empty spot, kept 23 px inside the edges, and saves only with a room chosen', async () => {
    const image = await render([]);
    await click(image, 790, 490);
    const selector = host.querySelector<HTMLElement>('.ad-selector')!;
    expect(selector.querySelector('h3')!.textContent).to.equal('Select room to link');
    expect(selector.style.left).to.equal(`${800 - 400 - 23}px`);
    expect(selector.style.top).to.equal(`${500 - 220 - 23}px`);
    expect(button('Delete')).to.equal(undefined);
    expect(button('Cancel')).to.not.equal(undefined);
    await act(async () => button('Hall')!.click());
    expect(button('Save')).to.not.equal(undefined);
    await act(async () => button('Save')!.click());
    expect(changes).to.have.length(1);
    expect(changes[0][0]).to.include({ destinationSceneId: 'hall', destinationTitle: 'Hall' });
    expect(changes[0][0].coords.x).to.be.closeTo(98.75, 0.5);
  });

  it('edits an existing link with Update and Delete, and widens long titles', async () => {
    const existing = { id: 'h1', coords: { x: 25, y: 25 }, destinationSceneId: 'kitchen', destinationTitle: 'A kitchen with a long name' };
    await render([existing]);
    const spot = host.querySelector('.ad-plan__spot')!;
    expect(spot.classList.contains('ad-plan__spot--wide')).to.equal(true);
    await click(spot, 5, 5);
    expect(host.querySelector('.ad-selector h3')!.textContent).to.equal('Edit linked rooms');
    expect(button('Update')).to.not.equal(undefined);
    await act(async () => button('Delete')!.click());
    expect(changes).to.deep.equal([[]]);
  });
});
