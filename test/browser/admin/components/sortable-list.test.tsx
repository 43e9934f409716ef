import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { arrayMove } from '@dnd-kit/sortable';
import { expect } from 'chai';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SortableList } from '../../../../admin/components/SortableList';

interface Scene {
  id: string;
  title: string;
}

function Scenes({ initial }: { initial: Scene[] }) {
  const [scenes, setScenes] = useState(initial);
  return (
    <SortableList
      items={scenes}
      idOf={(scene) => scene.id}
      handleLabel={(scene) => `Move ${scene.title}`}
      nameOf={(scene) => scene.title}
      onMove={(from, to) => setScenes(arrayMove(scenes, from, to))}
      renderItem={(scene) => <span style={{ display: 'inline-block', height: 40 }}>{scene.title}</span>}
    />
  );
}

let root: Root;
let host: HTMLElement;

const order = () => [...host.querySelectorAll('li')].map((item) => item.textContent!.replace('⠿', ''));
// Real input events drive the list, outside act(): give React and dnd-kit a moment to render.
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('SortableList (the image sidebar)', () => {
  beforeEach(async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(
      <Scenes
        initial={[
          { id: 'a', title: 'Hall' },
          { id: 'b', title: 'Kitchen' },
          { id: 'c', title: 'Garden' },
        ]}
      />,
    );
    await settle();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('moves an item with the keyboard: space picks it up, arrow down moves it, space drops it', async () => {
    host.querySelector<HTMLButtonElement>('[aria-label="Move Hall"]')!.focus();
    await sendKeys({ press: 'Space' });
    await settle();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    await sendKeys({ press: 'Space' });
    await settle();
    expect(order()).to.deep.equal(['Kitchen', 'Hall', 'Garden']);
  });

  it('tells a screen reader each step by the scene’s name and place, never its id', async () => {
    const told: string[] = [];
    const region = () => [...document.querySelectorAll('[role="status"][aria-live]')].map((node) => node.textContent).join(' ');
    const heard = async () => {
      await settle();
      told.push(region());
    };
    host.querySelector<HTMLButtonElement>('[aria-label="Move Hall"]')!.focus();
    await sendKeys({ press: 'Space' });
    await heard();
    await sendKeys({ press: 'ArrowDown' });
    await heard();
    await sendKeys({ press: 'Space' });
    await heard();
    expect(told).to.deep.equal(['Picked up Hall, at position 1 of 3.', 'Hall moved to position 2 of 3.', 'Hall dropped at position 2 of 3.']);
  });

  it('escape cancels a keyboard move', async () => {
    host.querySelector<HTMLButtonElement>('[aria-label="Move Hall"]')!.focus();
    await sendKeys({ press: 'Space' });
    await settle();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(order()).to.deep.equal(['Hall', 'Kitchen', 'Garden']);
  });

  it('moves an item by dragging its handle with the mouse', async () => {
    const handle = host.querySelector('[aria-label="Move Garden"]')!.getBoundingClientRect();
    const target = host.querySelector('[aria-label="Move Hall"]')!.getBoundingClientRect();
    const x = Math.round(handle.x + handle.width / 2);
    await sendMouse({ type: 'move', position: [x, Math.round(handle.y + handle.height / 2)] });
    await sendMouse({ type: 'down' });
    for (const step of [0.25, 0.5, 0.75, 1]) {
      const y = handle.y + handle.height / 2 + (target.y - handle.y - 4) * step;
      await sendMouse({ type: 'move', position: [x, Math.round(y)] });
      await settle();
    }
    await sendMouse({ type: 'up' });
    await settle();
    expect(order()).to.deep.equal(['Garden', 'Hall', 'Kitchen']);
  });
});
