import { expect } from 'chai';
import type { SceneMultires, Tour } from '../../../../api/schema/tour';
import { vrPanoramaUrl } from '../../../../embed/panorama/scene-config';
import { inEnglish } from '../../../../embed/panorama/spot-labels';
import { startPannellum, type StartedPanorama } from '../../../../embed/panorama/start-pannellum';
import { apiTour } from '../support/fixtures';
import { until } from '../support/render';
import { requested, tiledScene, tiles } from '../support/test-tiles';

/** The level of each tile fetched from a set. */
function levels(multires: SceneMultires): number[] {
  return requested(`${multires.basePath}/`).flatMap((path) => /\/(\d+)\/[fbudlr]\d+_\d+\.jpg$/.exec(path)?.slice(1).map(Number) ?? []);
}

const frames: HTMLElement[] = [];
const viewers: StartedPanorama[] = [];
let restore: (() => void) | undefined;

/** A phone-sized portrait frame (390×700 CSS pixels), or another size. */
function phoneFrame(size = 'width:390px;height:700px'): HTMLElement {
  const frame = document.createElement('div');
  frame.style.cssText = size;
  document.body.append(frame);
  frames.push(frame);
  return frame;
}

/** Starts the viewer on a one-scene tour; resolves once it says the scene was drawn, or rejects with its failure. */
function start(tour: Tour, size?: string): Promise<StartedPanorama> {
  const started = startPannellum(phoneFrame(size), tour, { apiOrigin: location.origin, sceneId: tour.images[0].id, allowLinks: true, t: inEnglish });
  viewers.push(started);
  return new Promise((resolve, reject) => {
    started.handlers.drawn = () => resolve(started);
    started.handlers.failed = (message) => reject(new Error(message));
  });
}

/** WebGL reports at most `size` for a texture's side, as on a phone whose GPU takes 4096. */
function capTextures(size: number): void {
  const original = WebGLRenderingContext.prototype.getParameter;
  WebGLRenderingContext.prototype.getParameter = function (this: WebGLRenderingContext, name: number) {
    return name === this.MAX_TEXTURE_SIZE ? Math.min(size, original.call(this, name) as number) : original.call(this, name);
  };
  restore = () => (WebGLRenderingContext.prototype.getParameter = original);
}

/** The paths the page fetches from now on (until the test ends). */
function recordFetches(): string[] {
  const asked: string[] = [];
  const fetchBefore = window.fetch;
  window.fetch = (input, init) => {
    asked.push(new URL(String(input), location.href).pathname);
    return fetchBefore(input, init);
  };
  restore = () => (window.fetch = fetchBefore);
  return asked;
}

beforeEach(() => {
  performance.setResourceTimingBufferSize(5000);
  performance.clearResourceTimings();
});

afterEach(() => {
  restore?.();
  restore = undefined;
  for (const started of viewers.splice(0)) started.viewer.destroy();
  for (const frame of frames.splice(0)) frame.remove();
});

describe('a scene with tiles on a phone', () => {
  it('opens from the coarsest tiles in sight, never asking for the original, its phone variant or its thumbnail', async () => {
    const multires = tiles(8192);
    const { viewer } = await start(apiTour({ images: [tiledScene(8192, multires)] }));
    expect(viewer.getScene()).to.equal('hall');
    const first = levels(multires);
    expect(first, 'the coarsest level came first').to.include(1);
    expect(first[0]).to.equal(1);
    expect(Math.max(...first), 'no more detail than a phone-wide view needs').to.be.below(multires.maxLevel);
    expect(requested('/test-originals/'), 'the whole picture is never fetched').to.deep.equal([]);
  });

  it('asks for the coarsest tiles in sight before pannellum starts, draws from them, and not the faces out of sight', async () => {
    const multires = tiles(8192);
    const asked = recordFetches();
    // Looking along the front face's middle, 90° across a wide frame: the front face fills the view, the side faces
    // only touch its edges.
    const drawn = start(apiTour({ images: [tiledScene(8192, multires)] }), 'width:800px;height:450px');
    const atStart = asked.filter((path) => path.startsWith(`${multires.basePath}/1/`));
    await drawn;
    expect(atStart).to.deep.equal([`${multires.basePath}/1/f0_0.jpg`]);
    expect([...new Set(requested(`${multires.basePath}/1/`))], 'the coarsest tiles drawn').to.deep.equal(atStart);
  });

  it('asks at start for the faces a portrait phone sees above and below', async () => {
    const multires = tiles(8192);
    const asked = recordFetches();
    const drawn = start(apiTour({ images: [tiledScene(8192, multires)] }));
    const atStart = asked.filter((path) => path.startsWith(`${multires.basePath}/1/`)).sort();
    await drawn;
    expect(atStart).to.deep.equal(['d', 'f', 'u'].map((face) => `${multires.basePath}/1/${face}0_0.jpg`));
  });

  it('asks for finer tiles only once the coarsest in view have arrived', async () => {
    // The set's coarsest tiles come slowly (scripts/wtr-test-tiles.mjs), as on a phone's connection.
    const multires = tiles(8192, `slow-${Date.now()}`);
    await start(apiTour({ images: [tiledScene(8192, multires)] }), 'width:800px;height:450px');
    const fetched = (level: number) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.includes(`${multires.basePath}/${level}/`));
    await until(() => fetched(2).length > 0, 'finer tiles');
    const coarsestArrived = Math.max(...fetched(1).map((entry) => entry.responseEnd));
    for (const entry of fetched(2)) expect(entry.startTime, 'asked for after the coarsest arrived').to.be.at.least(coarsestArrived);
  });

  it('turns a tour that autorotates only once its first tiles are drawn', async () => {
    const tour = apiTour({ images: [tiledScene(8192, tiles(8192))] });
    expect(tour.config.autoRotate).to.equal(true);
    const { viewer } = await start(tour);
    expect(viewer.getYaw(), 'still where the scene opens').to.equal(0);
    await until(() => viewer.getYaw() !== 0, 'turning');
  });

  it('shows full detail at full zoom under a 4096 texture limit: the finest level of a 16K picture is fetched', async () => {
    capTextures(4096);
    const multires = tiles(16384);
    expect(multires.maxLevel, 'a 16K picture has five levels').to.equal(5);
    const { viewer } = await start(apiTour({ images: [tiledScene(16384, multires)] }));
    expect(levels(multires)).to.not.include(multires.maxLevel);
    // pannellum lets a tiled scene zoom in to one screen pixel per picture pixel; asking for less clamps to that.
    viewer.setHfov(1, false);
    await until(() => levels(multires).includes(multires.maxLevel), 'tiles of the finest level fetched at full zoom');
    expect(viewer.getHfov(), 'zoomed in beyond what a 4096 texture shows').to.be.below((90 * 4096) / 16384);
    expect(requested('/test-originals/')).to.deep.equal([]);
  });

  it('fails through the viewer when the tiles in sight cannot be fetched', async () => {
    const error = await start(apiTour({ images: [tiledScene(8192, tiles(8192, 'missing'))] })).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(error?.message).to.equal("The panorama's tiles at /test-tiles/missing could not be accessed.");
    expect(viewers[0].error).to.equal(error?.message);
  });

  it('without WebGL shows pannellum’s fallback faces', async () => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      return /webgl/.test(kind) ? null : (original as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof original;
    restore = () => (HTMLCanvasElement.prototype.getContext = original);
    const multires = tiles(8192);
    const { container } = await start(apiTour({ images: [tiledScene(8192, multires)] }));
    expect(requested(`${multires.basePath}/fallback/`).sort()).to.deep.equal(
      ['b', 'd', 'f', 'l', 'r', 'u'].map((face) => `${multires.basePath}/fallback/${face}.jpg`),
    );
    expect(container.querySelectorAll('.pnlm-face').length, 'six faces drawn in CSS').to.equal(6);
    // The coarsest tiles in sight were asked for before pannellum found it had no WebGL; nothing after that.
    expect(levels(multires).filter((level) => level > 1)).to.deep.equal([]);
  });

  it('a scene without tiles opens its whole picture as before', async () => {
    const scene = { ...tiledScene(4096, tiles(4096)), multires: undefined, url: '/test-tiles/whole/fallback/f.jpg', thumbUrl: '' };
    const { viewer } = await start(apiTour({ images: [scene] }));
    expect(viewer.getScene()).to.equal('hall');
    expect(requested('/test-tiles/whole/')).to.deep.equal(['/test-tiles/whole/fallback/f.jpg']);
  });

  it('in VR draws the picture one texture holds: the phone variant of a picture wider than the device takes, never tiles', async () => {
    capTextures(4096);
    const multires = tiles(8192);
    // The phone variant at an address that answers a picture.
    const scene = { ...tiledScene(8192, multires), mobileUrl: `${multires.basePath}/fallback/f.jpg` };
    expect(vrPanoramaUrl(scene, location.origin)).to.equal(`${location.origin}${scene.mobileUrl}`);
    expect(vrPanoramaUrl(tiledScene(4096, tiles(4096)), location.origin), 'a picture any device takes whole').to.equal(
      `${location.origin}/test-originals/4096.jpg`,
    );
    const { startCardboard } = await import('../../../../embed/vr/cardboard');
    const stage = phoneFrame();
    const session = startCardboard(stage, vrPanoramaUrl(scene, location.origin), { yaw: 0, pitch: 0, hfov: 90 });
    try {
      await until(() => requested(scene.mobileUrl).length === 1 && stage.querySelector('canvas'), 'the phone variant fetched and drawn');
      expect(levels(multires), 'no tiles').to.deep.equal([]);
      expect(requested('/test-originals/')).to.deep.equal([]);
    } finally {
      session.stop();
    }
  });
});
