import { expect } from 'chai';
import pannellum, { type PannellumViewer } from 'pannellum/build/pannellum.js';
import { imageSchema, tourConfigSchema, type Infospot } from '../../../../api/schema/tour';
import { createPanoramaControl } from '../../../../embed/panorama/panorama-control';
import { LeftIcons, Sidebar, type SidebarProps } from '../../../../embed/ui/Controls';
import { InfospotModal } from '../../../../embed/ui/InfospotModal';
import { PasswordGate } from '../../../../embed/ui/PasswordGate';
import { SceneLinksList } from '../../../../embed/ui/SceneLinksList';
import { visibleControls, type ControlsContext } from '../../../../embed/tour/viewer-rules';
import { everythingOnTour, panoramaDataUrl } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';

function names(host: HTMLElement): string[] {
  return [...host.querySelectorAll('button')].map((button) => button.getAttribute('aria-label') ?? '');
}

const baseTour = everythingOnTour;
const base: ControlsContext = { tour: baseTour, handheld: false, vr: false, mls: false, chatActive: false };
const noop = () => undefined;
const sidebarProps: Omit<SidebarProps, 'visible'> = {
  controlsHidden: false,
  ambiencePlaying: false,
  chatOpen: false,
  vrOn: false,
  onToggleControls: noop,
  onToggleAmbience: noop,
  onShare: noop,
  onFullscreen: noop,
  onMotion: noop,
  onVideoChat: noop,
  onVr: noop,
};

afterEach(unmountAll);

// Viewer: the right sidebar and the left icon stack, as the visitor sees them.
describe('sidebar and left icons drawn in Chromium, against the table of controls', () => {
  const rows: Array<[string, Partial<ControlsContext> & { tourPatch?: Partial<ControlsContext['tour']> }, string[], string[]]> = [
    [
      'desktop, everything on',
      {},
      ['Play ambient sound', 'Share', 'Fullscreen', 'Virtual reality', 'Video chat', 'Request information', 'Floor plans', 'Request a showing'],
      ['Toggle motion control'],
    ],
    [
      'VR: no share, fullscreen, chat, lead or floor plans',
      { vr: true },
      ['Exit virtual reality', 'Play ambient sound'],
      ['Share', 'Fullscreen', 'Video chat', 'Request information', 'Floor plans', 'Request a showing'],
    ],
    ['a handheld device: motion control instead of fullscreen', { handheld: true }, ['Toggle motion control'], ['Fullscreen']],
    [
      'mls=1: no share, lead, showing, chat or ambience',
      { mls: true },
      ['Fullscreen', 'Floor plans'],
      ['Share', 'Request information', 'Request a showing', 'Video chat', 'Play ambient sound'],
    ],
    ['during a chat the chat button is gone', { chatActive: true }, ['Share'], ['Video chat']],
    ['chat disabled on the tour', { tourPatch: { isVideoChatEnabled: false } }, ['Share'], ['Video chat']],
    ['no ambience audio', { tourPatch: { config: tourConfigSchema.parse({}) } }, ['Share'], ['Play ambient sound']],
    [
      'leadgen off, no floor plans, scheduling off',
      { tourPatch: { leadgen: { enabled: false, message: '' }, floorplans: [], isScheduleEnabled: false } },
      ['Share'],
      ['Request information', 'Floor plans', 'Request a showing'],
    ],
  ];
  for (const [label, { tourPatch, ...context }, shown, hidden] of rows) {
    it(label, async () => {
      const visible = visibleControls({ ...base, ...context, tour: { ...baseTour, ...tourPatch } });
      const host = render(
        <>
          <Sidebar {...sidebarProps} visible={visible} vrOn={!!context.vr} />
          <LeftIcons visible={visible} onLead={noop} onFloorplans={noop} onShowing={noop} />
        </>,
      );
      const drawn = await until(() => host.querySelector('.tv-sidebar') && names(host), 'the sidebar');
      for (const name of shown) expect(drawn, name).to.include(name);
      for (const name of hidden) expect(drawn, name).not.to.include(name);
    });
  }

  it('hiding the controls leaves only the show-controls toggle', async () => {
    const visible = visibleControls(base);
    const host = render(<Sidebar {...sidebarProps} visible={visible} controlsHidden />);
    expect(await until(() => host.querySelector('.tv-sidebar') && names(host), 'the sidebar')).to.deep.equal(['Show controls']);
  });
});

describe('password gate', () => {
  it('has no close icon and a masked field that Show unmasks', async () => {
    const host = render(<PasswordGate shortId="x" onUnlocked={noop} />);
    const field = await until(() => host.querySelector<HTMLInputElement>('input[autocomplete="current-password"]'), 'the field');
    expect(field.type).to.equal('password');
    expect(host.querySelector('[aria-label="Close"]')).to.equal(null);
    host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await until(() => field.type === 'text', 'the unmasked field');
    expect(host.querySelector('button[type="submit"]')!.textContent).to.equal('Submit');
  });
});

describe('HTML info spot', () => {
  /** Opens an info spot of the owner's HTML and waits for it to be shown, sanitised. */
  async function shownHtml(htmlContent: string): Promise<Element> {
    const spot = { id: 's1', pitch: 0, yaw: 0, dataType: 'html', data: { previewText: 'Notes', htmlContent } } as unknown as Infospot;
    const host = render(<InfospotModal spot={spot} onClose={noop} />);
    return until(() => host.querySelector('.tv-html'), 'the sanitised HTML');
  }

  it('shows the owner’s HTML sanitised by DOMPurify: neither an onerror handler nor a script runs', async () => {
    const flags = window as unknown as { tvPwned?: number };
    const html = await shownHtml('<b>Kept</b><img src="x" onerror="window.tvPwned=1"><script>window.tvPwned=2</script>');
    expect(html.querySelector('b')!.textContent).to.equal('Kept');
    expect(html.querySelector('script')).to.equal(null);
    expect(html.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the broken image has had time to fail
    expect(flags.tvPwned).to.equal(undefined);
  });

  it('drops the owner’s style attributes, which our pages’ CSP would ignore and partner pages apply, keeping the rest', async () => {
    const html = await shownHtml('<p style="position:fixed;inset:0;color:red" class="lead">Big <span style="font-size:90px">news</span></p>');
    expect(html.innerHTML).to.equal('<p class="lead">Big <span>news</span></p>');
  });
});

describe('PanoramaControl over a real pannellum viewer (what the video chat drives)', () => {
  it('reads and sets the view, changes scene for a view elsewhere, reports interaction and scene changes', async () => {
    const container = document.createElement('div');
    container.style.cssText = 'width:400px;height:300px';
    document.body.append(container);
    const viewer: PannellumViewer = pannellum.viewer(container, {
      escapeHTML: true,
      default: { firstScene: 'a', autoLoad: true, sceneFadeDuration: 0 },
      scenes: { a: { type: 'equirectangular', panorama: panoramaDataUrl('#336') }, b: { type: 'equirectangular', panorama: panoramaDataUrl('#633') } },
    });
    const sceneListeners = new Set<(sceneId: string) => void>();
    const control = createPanoramaControl({
      goToScene: (sceneId) => {
        viewer.loadScene(sceneId);
        sceneListeners.forEach((listener) => listener(sceneId));
      },
      openInfospot: noop,
      watchScene: (listener) => (sceneListeners.add(listener), () => void sceneListeners.delete(listener)),
      watchInfospot: () => noop,
    });
    control.attach(viewer);
    try {
      await until(() => viewer.isLoaded(), 'scene a');
      control.setView({ sceneId: 'a', yaw: 40, pitch: 10, hfov: 80 }, 0);
      expect(control.getView()).to.deep.include({ sceneId: 'a', yaw: 40, pitch: 10, hfov: 80 });

      const scenes: string[] = [];
      const stop = control.onSceneChange((sceneId) => scenes.push(sceneId));
      control.setView({ sceneId: 'b', yaw: -30, pitch: 5, hfov: 70 }, 500);
      const view = await until(
        () => (control.getView()?.sceneId === 'b' && viewer.isLoaded() && control.getView()?.yaw === -30 ? control.getView() : null),
        'the view in scene b',
      );
      expect(view).to.deep.include({ pitch: 5, hfov: 70 });
      expect(scenes).to.deep.equal(['b']);
      stop();

      let interactions = 0;
      const unsubscribe = control.onUserInteraction(() => interactions++);
      container.querySelector('.pnlm-dragfix')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: 10, clientY: 10 }));
      expect(interactions).to.equal(1);
      unsubscribe();
      container.querySelector('.pnlm-dragfix')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: 10, clientY: 10 }));
      expect(interactions).to.equal(1);
    } finally {
      control.attach(null);
      viewer.destroy();
    }
  });
});

describe('cardboard VR (three.js chunk)', () => {
  it('draws the panorama for two eyes with the field of view ×1.1 and cleans up on stop', async () => {
    const { startCardboard, VR_FOV_FACTOR } = await import('../../../../embed/vr/cardboard');
    const stage = document.createElement('div');
    stage.style.cssText = 'width:400px;height:200px';
    document.body.append(stage);
    const session = startCardboard(stage, panoramaDataUrl('#3a6'), { yaw: 0, pitch: 0, hfov: 90 });
    expect(VR_FOV_FACTOR).to.equal(1.1);
    expect(session.hfov).to.be.closeTo(99, 1e-9);
    const canvas = await until(() => stage.querySelector('canvas'), 'the stereo canvas');
    expect(canvas.getContext('webgl2') ?? canvas.getContext('webgl')).to.not.equal(null);
    session.stop();
    expect(stage.querySelector('canvas')).to.equal(null);
  });

  it('follows a hotspot looked at for a while, the dwell shown as it grows, and not one looked past', async () => {
    const { startCardboard } = await import('../../../../embed/vr/cardboard');
    const stage = document.createElement('div');
    stage.style.cssText = 'width:400px;height:200px';
    document.body.append(stage);
    const progress: number[] = [];
    const followed: string[] = [];
    const targets = [
      { hotspotId: 'to-kitchen', sceneId: 'kitchen', yaw: 30, pitch: 0 },
      { hotspotId: 'to-garden', sceneId: 'garden', yaw: 120, pitch: 0 },
    ];
    const session = startCardboard(
      stage,
      panoramaDataUrl('#3a6'),
      { yaw: 31, pitch: 1, hfov: 90 },
      {
        targets,
        onProgress: (value) => progress.push(value),
        onFollow: (target) => followed.push(target.hotspotId),
      },
    );
    try {
      await until(() => followed.length > 0, 'the hotspot followed');
      expect(followed).to.deep.equal(['to-kitchen']);
      expect(
        progress.some((value) => value > 0 && value < 1),
        'the dwell growing',
      ).to.equal(true);
      expect(progress).to.include(1);
    } finally {
      session.stop();
    }
  });
});

describe('hotspots listed for screen readers', () => {
  it('lists the scene’s hotspots and info spots, leaving hyperlinks out in listing mode', async () => {
    const image = imageSchema.parse({
      id: 'hall',
      title: 'Hall',
      hotspots: [{ image: { id: 'kitchen', title: 'Kitchen' }, coords: { x: 1, y: 0, z: 0 } }],
      infospots: [
        { dataType: 'ext', data: { previewText: 'Oak floors' }, coords: { x: 0, y: 1, z: 0 } },
        { dataType: 'hyperLink', data: { previewText: 'Agency', url: 'example.com' }, coords: { x: 0, y: 0, z: 1 } },
      ],
    });
    const visited: string[] = [];
    const host = render(<SceneLinksList image={image} allowLinks onScene={(hotspot) => visited.push(hotspot.image.id)} onInfospot={noop} />);
    const list = await until(() => host.querySelector('ul'), 'the list');
    expect(list.getAttribute('aria-label')).to.equal('Places to go from Hall');
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal(['Go to Kitchen', 'Oak floors', 'Agency']);
    list.querySelector('button')!.click();
    expect(visited).to.deep.equal(['kitchen']);
    const listing = render(<SceneLinksList image={image} allowLinks={false} onScene={noop} onInfospot={noop} />);
    await until(() => listing.querySelector('ul'), 'the listing-mode list');
    expect(listing.querySelector('a')).to.equal(null);
  });
});
