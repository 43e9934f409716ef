import { expect } from 'chai';
import { useState } from 'react';
import { imageSchema, type Tour } from '../../../../api/schema/tour';
import { Panorama } from '../../../../embed/panorama/Panorama';
import { brokenPictureSettled, hostile, IMG_PAYLOAD, scriptRan } from '../../../support/script-payloads';
import { apiTour, panoramaDataUrl } from '../support/fixtures';
import { until } from '../support/render';
import { renderInViewer, unmountViewers } from '../support/viewer-element';
import { requested, tiledScene, tiles } from '../support/test-tiles';

function tourWith(images: Array<{ id: string; url: string; title?: string }>): Tour {
  // URLs set after parsing: the test's data URLs are longer than a stored URL may be.
  return apiTour({ images: images.map(({ id, url, title = id }) => ({ ...imageSchema.parse({ id, title, uploaded: true }), url })) });
}

/** A <Panorama> starting at `firstScene` in a frame of `size`, with what it reported and a way to show another scene. */
function renderPanorama(tour: Tour, firstScene: string, size = { width: 400, height: 300 }) {
  const errors: string[] = [];
  const loaded: string[] = [];
  const props = {
    tour,
    apiOrigin: location.origin,
    allowLinks: true,
    // As the viewer's store does: the scene asked for becomes the one to show (a failure asks for the kept one back).
    onSceneChange: (sceneId: string) => control.showScene(sceneId),
    onInfospot: () => undefined,
    onReady: () => undefined,
    onError: (message: string) => errors.push(message),
    onSceneLoad: (sceneId: string) => loaded.push(sceneId),
  };
  const control = { showScene: (_sceneId: string) => undefined as void };
  function Harness() {
    const [sceneId, setSceneId] = useState(firstScene);
    control.showScene = setSceneId;
    return (
      <div style={{ ...size, position: 'relative' }}>
        <Panorama {...props} sceneId={sceneId} />
      </div>
    );
  }
  // In the viewer's styles, which fill the frame with the panorama.
  const host = renderInViewer(<Harness />);
  return { host, errors, loaded, showScene: (sceneId: string) => control.showScene(sceneId) };
}

afterEach(unmountViewers);

describe('<Panorama> over pannellum', () => {
  it('keeps the scene shown when the next scene image fails, reports it and says so, and still moves on to another scene', async () => {
    const { host, errors, loaded, showScene } = renderPanorama(
      tourWith([
        { id: 'broken', url: '/no/such/panorama.jpg' },
        { id: 'fine', url: panoramaDataUrl('#468') },
        { id: 'other', url: panoramaDataUrl('#864') },
      ]),
      'fine',
    );
    await until(() => loaded.length === 1, 'the first scene');
    showScene('broken');
    await until(() => errors.length > 0, 'the load error');
    const failure = await until(() => host.querySelector('.tv-scene-failure'), 'the failure told');
    expect(failure.textContent).to.contain('“broken” could not be loaded.').and.contain('You are still in “fine”.');
    expect(errors[0]).to.contain('HTTP 404');
    showScene('other');
    await until(() => loaded.length === 2, 'the way on');
    expect(loaded).to.deep.equal(['fine', 'other']);
    expect(host.querySelector('.tv-scene-failure')).to.equal(null);
  });

  it('shows a scene title holding script as text, and reports a failed picture as plain text', async () => {
    const title = hostile('scene');
    const { host, errors, loaded, showScene } = renderPanorama(
      tourWith([
        { id: 'first', url: panoramaDataUrl('#468'), title },
        { id: 'broken', url: `/no/such/"${IMG_PAYLOAD}.jpg`, title },
      ]),
      'first',
    );
    await until(() => loaded.length === 1, 'the first scene');
    const titleBox = host.querySelector('.pnlm-title-box')!;
    expect(titleBox.textContent).to.equal(title);
    expect(titleBox.children.length, 'no element made of the title').to.equal(0);
    showScene('broken');
    await until(() => errors.length > 0, 'the load error');
    expect(errors[0]).to.contain('/no/such/');
    expect(errors[0], 'text, not markup').not.to.match(/[<>]/);
    await brokenPictureSettled();
    expect(scriptRan()).to.equal(undefined);
  });

  it('switches to a tiled scene once its first tiles are had, and keeps the scene shown when its tiles cannot be fetched', async () => {
    performance.clearResourceTimings();
    const multires = tiles(8192);
    const tour = tourWith([{ id: 'fine', url: panoramaDataUrl('#468') }]);
    tour.images.push(tiledScene(8192, multires, 'tiled'), tiledScene(8192, tiles(8192, 'missing'), 'lost'));
    const { host, errors, loaded, showScene } = renderPanorama(tour, 'fine');
    await until(() => loaded.length === 1, 'the first scene');
    showScene('lost');
    const failure = await until(() => host.querySelector('.tv-scene-failure'), 'the failure told');
    expect(failure.textContent).to.contain('“lost” could not be loaded.').and.contain('You are still in “fine”.');
    expect(errors[0]).to.contain('/test-tiles/missing/1/f0_0.jpg').and.contain('HTTP 404');
    showScene('tiled');
    await until(() => loaded.length === 2, 'the tiled scene drawn');
    expect(loaded).to.deep.equal(['fine', 'tiled']);
    expect(host.querySelector('.tv-scene-failure')).to.equal(null);
    expect(requested(`${multires.basePath}/1/`), 'its coarsest tiles').to.include(`${multires.basePath}/1/f0_0.jpg`);
    expect(requested('/test-originals/'), 'never the whole picture').to.deep.equal([]);
  });

  it('on a portrait phone has every coarsest tile in sight before switching to a tiled scene: above and below too', async () => {
    const multires = tiles(8192);
    const tour = tourWith([{ id: 'fine', url: panoramaDataUrl('#468') }]);
    tour.images.push(tiledScene(8192, multires, 'tiled'));
    const { loaded, showScene } = renderPanorama(tour, 'fine', { width: 390, height: 800 });
    await until(() => loaded.length === 1, 'the first scene');
    const fetched: string[] = [];
    const fetchBefore = window.fetch;
    window.fetch = (input, init) => {
      fetched.push(new URL(String(input)).pathname);
      return fetchBefore(input, init);
    };
    try {
      showScene('tiled');
      await until(() => loaded.length === 2, 'the tiled scene drawn');
    } finally {
      window.fetch = fetchBefore;
    }
    expect(fetched.sort()).to.deep.equal(['d', 'f', 'u'].map((face) => `${multires.basePath}/1/${face}0_0.jpg`));
  });

  it('tells the visitor when the opening scene’s tiles cannot be fetched', async () => {
    const tour = tourWith([]);
    tour.images.push(tiledScene(8192, tiles(8192, 'missing')));
    const { host, errors } = renderPanorama(tour, 'hall');
    const failure = await until(() => host.querySelector('.tv-scene-failure'), 'the failure told');
    expect(failure.textContent).to.contain('“Hall” could not be loaded.').and.not.contain('You are still in');
    expect(errors).to.deep.equal(["The panorama's tiles at /test-tiles/missing could not be accessed."]);
  });
});
