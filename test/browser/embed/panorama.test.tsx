import { expect } from 'chai';
import { useState } from 'react';
import { imageSchema, type Tour } from '../../../api/schema/tour';
import { Panorama } from '../../../embed/panorama/Panorama';
import { apiTour, panoramaDataUrl } from './support/fixtures';
import { render, unmountAll, until } from './support/render';

function tourWith(images: Array<{ id: string; url: string }>): Tour {
  // URLs set after parsing: the test's data URLs are longer than a stored URL may be.
  return apiTour({ images: images.map(({ id, url }) => ({ ...imageSchema.parse({ id, title: id, uploaded: true }), url })) });
}

afterEach(unmountAll);

describe('<Panorama> over pannellum', () => {
  it('leaves an empty panorama when a scene image fails, reports it, and still moves on to another scene', async () => {
    const tour = tourWith([
      { id: 'broken', url: '/no/such/panorama.jpg' },
      { id: 'fine', url: panoramaDataUrl('#468') },
    ]);
    const errors: string[] = [];
    const loaded: string[] = [];
    const props = { tour, allowLinks: true, onSceneChange: () => undefined, onInfospot: () => undefined, onReady: () => undefined, onError: (message: string) => errors.push(message), onSceneLoad: (sceneId: string) => loaded.push(sceneId) };
    let showScene: (sceneId: string) => void = () => undefined;
    function Harness() {
      const [sceneId, setSceneId] = useState('fine');
      showScene = setSceneId;
      return (
        <div style={{ width: 400, height: 300 }}>
          <Panorama {...props} sceneId={sceneId} />
        </div>
      );
    }
    render(<Harness />);
    await until(() => loaded.length === 1, 'the first scene');
    showScene('broken');
    await until(() => errors.length > 0, 'the load error');
    showScene('fine');
    await until(() => loaded.length === 2, 'the way back');
    expect(loaded).to.deep.equal(['fine', 'fine']);
    expect(errors).to.have.length(1);
  });
});
