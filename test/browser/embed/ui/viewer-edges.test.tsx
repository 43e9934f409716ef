import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { PannellumViewer } from 'pannellum/build/pannellum.js';
import { floorplanSchema, imageSchema, infospotSchema, type Image, type Tour } from '../../../../api/schema/tour';
import { yawPitchToCoords } from '../../../../api/schema/coords';
import { Panorama } from '../../../../embed/panorama/Panorama';
import { tourLoaded } from '../../../../embed/tour/viewer-store';
import { LeftIcons, Sidebar } from '../../../../embed/ui/Controls';
import { FloorplanModal } from '../../../../embed/ui/Floorplans';
import { InfospotModal } from '../../../../embed/ui/InfospotModal';
import { EN } from '../../../../embed/i18n/en';
import { LeadModal } from '../../../../embed/ui/LeadModal';
import { visibleControls } from '../../../../embed/tour/viewer-rules';
import { Room } from '../../../../embed/video/Room';
import { createRoomStore, initialRoom } from '../../../../embed/video/room-store';
import type { RoomSession } from '../../../../embed/video/use-room-session';
import videoCss from '../../../../embed/video/video.css';
import { adoptStyles } from '../../../../embed/styles/adopt-styles';
import { everythingOnTour, apiTour, panoramaDataUrl } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';
import { renderInViewer, renderViewerElement, unmountViewers } from '../support/viewer-element';

const noop = () => undefined;

function scene(id: string, fields: Partial<Image> = {}): Image {
  return { ...imageSchema.parse({ id, title: id, uploaded: true }), url: panoramaDataUrl('#468'), ...fields };
}

const session = { send: noop, leave: noop, localStream: () => null, setEnabled: noop, connect: async () => undefined } as RoomSession;

/** A connected chat room hosted by me (Hal, PA1), with Ivy Visitor (PA2) in it. */
function hostedRoom(fields: Partial<ReturnType<typeof initialRoom>>) {
  return createRoomStore({
    ...initialRoom('Hal'),
    phase: 'room',
    connection: 'connected',
    mySid: 'PA1',
    hostSid: 'PA1',
    participants: [{ sid: 'PA2', identity: 'Ivy Visitor::a1b2', audioMuted: false, stream: null } as never],
    ...fields,
  });
}

afterEach(() => {
  unmountAll();
  unmountViewers();
});

describe('the floor plan', () => {
  const plan = floorplanSchema.parse({
    floorplanId: 'plan',
    name: 'Ground floor',
    tourId: 1,
    hotspots: Array.from({ length: 14 }, (_, i) => ({ coords: { x: 5 + i * 6, y: 50 }, destinationSceneId: `room-${i}`, destinationTitle: `Room ${i}` })),
  });

  it('says "You are here" on the room shown, and its rooms are one Tab stop walked with the arrow keys', async () => {
    const shadow = renderInViewer(<FloorplanModal plan={plan} sceneId="room-3" onRoom={noop} onClose={noop} />);
    const rooms = await until(() => {
      const found = [...shadow.querySelectorAll<HTMLButtonElement>('.tv-floorplan__room')];
      return found.length === 14 && found;
    }, 'the rooms');
    const here = shadow.querySelector('[aria-current="location"]')!;
    expect(here.getAttribute('data-scene-id')).to.equal('room-3');
    expect(here.textContent).to.equal('You are here');
    // Compared by scene id: chai would print whole DOM nodes (with React's own properties) on a failure.
    const tabStops = () => rooms.filter((room) => room.tabIndex === 0).map((room) => room.dataset.sceneId);
    const focused = () => (shadow.activeElement as HTMLElement | null)?.dataset.sceneId;
    expect(tabStops()).to.deep.equal(['room-3']);
    await until(() => shadow.activeElement?.classList.contains('tv-modal__close'), 'the dialog taking focus');
    rooms[3].focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal('room-4');
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal('room-13');
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal('room-0');
    expect(tabStops()).to.deep.equal(['room-0']);
  });
});

describe('the dialogs', () => {
  it('an empty lead form says which field is missing and sends nothing', async () => {
    const shadow = renderInViewer(<LeadModal tour={apiTour({ leadgen: { enabled: true, message: '' } })} onClose={noop} onSubmitted={noop} />);
    const submit = await until(() => shadow.querySelector<HTMLButtonElement>('button[type="submit"]'), 'the form');
    await until(() => shadow.activeElement?.classList.contains('tv-modal__close'), 'the dialog taking focus');
    const sent: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input) => {
      sent.push(String(input));
      return realFetch(input);
    };
    try {
      submit.click();
      const name = shadow.querySelector<HTMLInputElement>('input[name="name"]')!;
      await until(() => shadow.querySelector('[role="alert"]')?.textContent === EN.leadMissingName, 'the name asked for');
      expect(name.getAttribute('aria-invalid')).to.equal('true');
      expect(shadow.activeElement === name, 'the name field focused').to.equal(true);
      await sendKeys({ type: 'Vera' });
      await until(() => name.value === 'Vera', 'the name typed');
      submit.click();
      await until(() => shadow.querySelector('[role="alert"]')?.textContent === EN.leadMissingEmail, 'the e-mail asked for');
      expect(shadow.querySelector('input[name="email"]')!.getAttribute('aria-invalid')).to.equal('true');
      expect(sent).to.deep.equal([]);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('an info dialog without a title is named for its kind; one with a title by the title', async () => {
    const ext = infospotSchema.parse({ coords: yawPitchToCoords({ yaw: 0, pitch: 0 }), dataType: 'ext', data: { previewText: 'A long story.' } });
    const shadow = renderInViewer(<InfospotModal spot={ext} onClose={noop} />);
    const dialog = await until(() => shadow.querySelector('[role="dialog"]'), 'the dialog');
    expect(dialog.getAttribute('aria-label')).to.equal('More information');
    const titled = infospotSchema.parse({
      coords: yawPitchToCoords({ yaw: 0, pitch: 0 }),
      dataType: 'html',
      data: { previewText: 'The loft', htmlContent: '<p>x</p>' },
    });
    const other = renderInViewer(<InfospotModal spot={titled} onClose={noop} />);
    const named = await until(() => other.querySelector('[role="dialog"]'), 'the titled dialog');
    expect(other.getElementById(named.getAttribute('aria-labelledby')!)?.textContent).to.equal('The loft');
  });

  it("the host-change prompt keeps SPEC's sentence and names who asks on a line of its own", async () => {
    const host = render(<Room store={hostedRoom({ changeRequest: 'PA2' })} session={session} notices={[]} notify={noop} />);
    const prompt = await until(() => host.querySelector('.vc-modal[role="dialog"]'), 'the prompt');
    const lines = [...prompt.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).to.deep.equal(['Another user requests to be a host. Allow host changing?', 'Ivy Visitor']);
  });
});

describe('the chat prompts in the smallest viewer', () => {
  const prompts = [
    { name: 'host change', room: { changeRequest: 'PA2' }, closesBy: 'Cancel' },
    { name: 'continue chatting', room: { askContinue: 'request' as const }, closesBy: 'Yes' },
  ];
  for (const { name, room, closesBy } of prompts) {
    it(`the ${name} prompt fits the chat sheet of a 280×160 viewer, scrolls, and closes only by its buttons`, async () => {
      // The chat is a sheet of half the viewer's height at the bottom of a phone-sized viewer: 280×80 here.
      const shadow = renderInViewer(
        <Room store={hostedRoom(room)} session={session} notices={[]} notify={noop} />,
        'position:relative;width:280px;height:80px',
      );
      adoptStyles(shadow, videoCss);
      const prompt = await until(() => shadow.querySelector<HTMLElement>('.vc-modal[role="dialog"]'), 'the prompt');
      const sheet = (shadow.host as HTMLElement).getBoundingClientRect();
      const box = prompt.getBoundingClientRect();
      expect([box.top >= sheet.top, box.left >= sheet.left, box.bottom <= sheet.bottom + 0.5, box.right <= sheet.right + 0.5]).to.deep.equal([
        true,
        true,
        true,
        true,
      ]);
      expect(prompt.scrollHeight > prompt.clientHeight, 'more than fits').to.equal(true);
      expect(getComputedStyle(prompt).overflowY).to.equal('auto');
      // Not dismissible: Escape and a click on the prompt leave it open.
      prompt.querySelector('p')!.click();
      await sendKeys({ press: 'Escape' });
      expect(shadow.querySelectorAll('.vc-modal').length).to.equal(1);
      const button = [...prompt.querySelectorAll('button')].find((candidate) => candidate.textContent === closesBy)!;
      button.scrollIntoView();
      button.click();
      await until(() => shadow.querySelectorAll('.vc-modal').length === 0, 'the prompt closing');
    });
  }
});

describe('icon buttons', () => {
  it('show their name beside them on keyboard focus', async () => {
    const visible = visibleControls({ tour: everythingOnTour, handheld: false, vr: false, mls: false, chatActive: false });
    const shadow = renderInViewer(
      <div className="tv-hud">
        <Sidebar
          visible={visible}
          controlsHidden={false}
          ambiencePlaying={false}
          chatOpen={false}
          vrOn={false}
          onToggleControls={noop}
          onToggleAmbience={noop}
          onShare={noop}
          onFullscreen={noop}
          onMotion={noop}
          onVideoChat={noop}
          onVr={noop}
        />
        <LeftIcons visible={visible} onLead={noop} onFloorplans={noop} onShowing={noop} />
      </div>,
    );
    const share = await until(() => shadow.querySelector<HTMLButtonElement>('button[aria-label="Share"]'), 'the icons');
    const lead = shadow.querySelector<HTMLButtonElement>('button[aria-label="Request information"]')!;
    expect(getComputedStyle(share, '::after').content).to.equal('none');
    share.focus();
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Tab' });
    expect(shadow.activeElement === share, 'Share focused').to.equal(true);
    expect(getComputedStyle(share, '::after').content).to.equal('"Share"');
    lead.focus();
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Tab' });
    expect(getComputedStyle(lead, '::after').content).to.equal('"Request information"');
    // The left column's names open to the right, into the viewer.
    expect(parseFloat(getComputedStyle(lead, '::after').left)).to.be.greaterThan(0);
  });
});

/** A panorama in a frame of the given size, drawn in a shadow root, with its pannellum once ready. */
async function shownPanorama(tour: Tour, size: { width: number; height: number }) {
  let viewer: PannellumViewer | undefined;
  const loaded: string[] = [];
  const shadow = renderInViewer(
    <div className="tv-root" style={{ position: 'relative', ...size }}>
      <Panorama
        tour={tour}
        apiOrigin={location.origin}
        sceneId={tour.images[0].id}
        allowLinks
        onSceneChange={noop}
        onSceneLoad={(id) => loaded.push(id)}
        onError={noop}
        onInfospot={noop}
        onReady={(handle) => (viewer = handle?.viewer)}
      />
    </div>,
  );
  await until(() => loaded.length > 0 && viewer, 'the panorama');
  return { shadow, viewer: viewer! };
}

describe('the panorama from the keyboard and on a phone', () => {
  it('Tab onto a hot spot behind the camera turns the view to it', async () => {
    const target = scene('b');
    const tour = apiTour({
      config: { ...apiTour().config, autoRotate: false },
      images: [
        scene('a', {
          hotspots: [
            {
              id: 'h',
              image: { id: 'b', url: '', thumbUrl: '', hotspotUrl: '', title: 'Kitchen' },
              style: 2,
              customImageUrl: '',
              rotation: 0,
              coords: yawPitchToCoords({ yaw: 170, pitch: -10 }),
            },
          ],
        }),
        target,
      ],
    });
    const { shadow, viewer } = await shownPanorama(tour, { width: 480, height: 320 });
    expect(Math.abs(viewer.getYaw())).to.be.lessThan(5);
    const spot = await until(() => shadow.querySelector<HTMLButtonElement>('.tv-hotspot[data-scene-id="b"]'), 'the hot spot');
    (shadow.querySelector('.pnlm-container') as HTMLElement).focus();
    await sendKeys({ press: 'Tab' });
    expect(shadow.activeElement === spot, 'the hot spot focused').to.equal(true);
    await until(() => Math.abs(Math.abs(viewer.getYaw()) - 170) < 1 && Math.abs(viewer.getPitch() + 10) < 1, 'the view turned to the hot spot');
    const frame = shadow.querySelector('.tv-panorama')!.getBoundingClientRect();
    const box = spot.getBoundingClientRect();
    expect(box.left >= frame.left && box.right <= frame.right, 'the hot spot is in sight').to.equal(true);
  });

  it('a short info-spot label near the right edge of a phone-sized viewer opens within it', async () => {
    const spot = infospotSchema.parse({
      id: 'i',
      coords: yawPitchToCoords({ yaw: 40, pitch: 0 }),
      dataType: 'shrt',
      data: { previewText: 'Oak floors laid in 1931, sanded and oiled' },
    });
    const tour = apiTour({ config: { ...apiTour().config, autoRotate: false }, images: [scene('a', { infospots: [spot] })] });
    const { shadow } = await shownPanorama(tour, { width: 360, height: 300 });
    const button = await until(() => {
      const found = shadow.querySelector<HTMLButtonElement>('[data-infospot-id="i"]');
      return found && found.getBoundingClientRect().left > 0 && found;
    }, 'the info spot');
    button.focus();
    const label = button.querySelector('.tv-infospot-button__label')!;
    const frame = shadow.querySelector('.pnlm-container')!.getBoundingClientRect();
    const box = label.getBoundingClientRect();
    expect(box.width).to.be.greaterThan(0);
    expect(box.right).to.be.at.most(frame.right);
    expect(box.left).to.be.at.least(frame.left);
  });
});

describe('autorotate', () => {
  it('resumes after the visitor stops, at the pitch they left, never levelling the view', async function () {
    // Autorotate waits 10 s after the visitor's last touch before it resumes: more than the runner's usual 30 s allows with loading and tilting.
    this.timeout(60_000);
    const { element, shadow, store } = renderViewerElement();
    tourLoaded(store, apiTour({ config: { ...apiTour().config, autoRotate: true }, images: [scene('a')] }));
    let latest: { yaw: number; pitch: number } | undefined;
    let changedAt = 0;
    element.addEventListener('view-change', (event) => {
      latest = (event as CustomEvent<{ yaw: number; pitch: number }>).detail;
      changedAt = performance.now();
    });
    const container = await until(() => shadow.querySelector<HTMLElement>('.pnlm-container'), 'the panorama');
    const view = () => latest;
    await until(() => store.firstShown && view(), 'the panorama shown and turning');
    // The visitor drags the view up or down (which stops autorotate), then lets go.
    const box = container.getBoundingClientRect();
    const [x, y] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    for (let step = 1; step <= 5; step++) await sendMouse({ type: 'move', position: [x, y - step * 20] });
    await sendMouse({ type: 'up' });
    // At rest once pannellum's inertia has run out: no view change told for a second.
    const left = await until(() => performance.now() - changedAt > 1000 && view(), 'the view at rest');
    expect(Math.abs(left.pitch), 'the view tilted').to.be.greaterThan(10);
    await until(() => Math.abs(view()!.yaw - left.yaw) > 5, 'autorotate resumed');
    expect(Math.abs(view()!.pitch - left.pitch)).to.be.lessThan(1);
  });
});
