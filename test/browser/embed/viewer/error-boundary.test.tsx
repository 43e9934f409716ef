import { expect } from 'chai';
import type { Tour } from '../../../../api/schema/tour';
import { createViewerStore, tourLoaded } from '../../../../embed/tour/viewer-store';
import { ViewerRoot } from '../../../../embed/viewer/TourViewer';
import { createViewer } from '../../../../embed/viewer/viewer-context';
import { RENDER_FAILED } from '../../../../embed/viewer/ViewerErrorBoundary';
import { apiTour } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';

afterEach(unmountAll);

describe('a render error inside the viewer', () => {
  it('reaches the page as a tour-error (RenderFailed) and shows a message instead of a blank element', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const errors: CustomEvent[] = [];
    element.addEventListener('tour-error', (event) => errors.push(event as CustomEvent));
    const store = createViewerStore();
    const shown = render(<ViewerRoot viewer={createViewer(element, store)} listingMode={false} chatRequested={false} />);

    tourLoaded(store, apiTour({ title: 'Loft' }));
    await until(() => shown.querySelector('.tv-root[data-status="ready"] .tv-sidebar'), 'the ready viewer');
    expect(errors).to.have.length(0);

    // A tour the schema would refuse (its floor plans missing) breaks the sidebar's rules while rendering.
    tourLoaded(store, apiTour({ floorplans: undefined as unknown as Tour['floorplans'] }));
    const alert = await until(() => shown.querySelector('.tv-root[data-status="error"] [role="alert"]'), 'the error message');
    expect(alert.textContent).to.equal(RENDER_FAILED);
    expect(errors.map((event) => event.detail)).to.deep.equal([{ code: 'RenderFailed', message: RENDER_FAILED }]);
    expect(errors[0].bubbles && errors[0].composed).to.equal(true);
  });
});
