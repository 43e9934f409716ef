import { expect } from 'chai';
import { imageSchema, type Tour } from '../../../../api/schema/tour';
import { dropEarlyPanorama, startEarlyPanorama, takeEarlyPanorama } from '../../../../embed/panorama/early-panorama';
import { panoramaKey } from '../../../../embed/panorama/start-pannellum';
import { apiTour, panoramaDataUrl } from '../support/fixtures';

function twoSceneTour(): Tour {
  // URLs set after parsing: the test's data URLs are longer than a stored URL may be.
  const image = (id: string, colour: string) => ({ ...imageSchema.parse({ id, title: id, uploaded: true }), url: panoramaDataUrl(colour) });
  return apiTour({ images: [image('hall', '#468'), image('garden', '#8a4')] });
}

/** A host like `<tour-viewer>` before its class is defined: any element that may have a shadow root. */
function host(): HTMLElement {
  const element = document.createElement('div');
  element.style.cssText = 'display:block;width:400px;height:300px';
  document.body.append(element);
  return element;
}

const hosts: HTMLElement[] = [];
afterEach(() => {
  for (const element of hosts.splice(0)) {
    dropEarlyPanorama(element);
    element.remove();
  }
});

async function startedEarly(tour: Tour, sceneId: string): Promise<HTMLElement> {
  const element = host();
  hosts.push(element);
  await startEarlyPanorama(element, tour, { apiOrigin: location.origin, sceneId, allowLinks: true });
  expect(element.shadowRoot!.querySelector('.tv-panorama canvas'), 'drawn in the shadow root').to.not.equal(null);
  return element;
}

describe('a first panorama started before the element', () => {
  it('is handed, drawn, to a viewer starting the same scene: its container moves and the early frame goes', async () => {
    const tour = twoSceneTour();
    const element = await startedEarly(tour, 'hall');
    const parent = document.createElement('div');
    element.shadowRoot!.append(parent);

    const taken = takeEarlyPanorama(element, panoramaKey(tour, { apiOrigin: location.origin, sceneId: 'hall', allowLinks: true }), parent);
    expect(taken?.loaded).to.equal(true);
    expect(taken!.viewer.getScene()).to.equal('hall');
    expect(taken!.container.parentNode).to.equal(parent);
    expect([...element.shadowRoot!.children]).to.deep.equal([parent]);
    expect(takeEarlyPanorama(element, panoramaKey(tour, { apiOrigin: location.origin, sceneId: 'hall', allowLinks: true }), parent), 'taken once').to.equal(
      undefined,
    );
    taken!.viewer.destroy();
  });

  it('is thrown away when the viewer would start otherwise (another scene, another view, links refused, another server)', async () => {
    const tour = twoSceneTour();
    for (const key of [
      panoramaKey(tour, { apiOrigin: location.origin, sceneId: 'garden', allowLinks: true }),
      panoramaKey(tour, { apiOrigin: location.origin, sceneId: 'hall', firstView: { yaw: 30, pitch: 0, hfov: 90 }, allowLinks: true }),
      panoramaKey(tour, { apiOrigin: location.origin, sceneId: 'hall', allowLinks: false }),
      panoramaKey(tour, { apiOrigin: 'http://tours.example', sceneId: 'hall', allowLinks: true }),
    ]) {
      const element = await startedEarly(tour, 'hall');
      const parent = document.createElement('div');
      expect(takeEarlyPanorama(element, key, parent)).to.equal(undefined);
      expect(element.shadowRoot!.childElementCount, 'nothing left behind').to.equal(0);
      expect(parent.childElementCount).to.equal(0);
    }
  });

  it('goes when nobody takes it', async () => {
    const element = await startedEarly(twoSceneTour(), 'hall');
    dropEarlyPanorama(element);
    expect(element.shadowRoot!.childElementCount).to.equal(0);
  });
});
