import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import videoCss from '../../../../embed/video/video.css';
import { showFailure, VideoToasts } from '../../../../embed/video/VideoToasts';
import { until } from '../support/render';

const roots: Root[] = [];

/** The chat lives in the viewer's shadow root: the toasts must be drawn, and styled, in there. */
function renderInShadow(containerId: string): ShadowRoot {
  const viewer = document.createElement('div');
  document.body.append(viewer);
  const shadow = viewer.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <div className="vc-chat" style={{ width: 300, height: 400 }}>
      <style>{videoCss}</style>
      <VideoToasts containerId={containerId} />
    </div>,
  );
  return shadow;
}

afterEach(() => {
  roots.splice(0).forEach((root) => root.unmount());
  document.body.replaceChildren();
});

describe('video chat toasts (react-toastify inside the viewer’s shadow root)', () => {
  it('show a failure styled inside the shadow root, leaving the host page’s <head> alone', async () => {
    const headBefore = document.head.innerHTML;
    const shadow = renderInShadow('styled');
    await until(() => shadow.querySelector('.Toastify'), 'the toast container');
    showFailure('styled', 'Something went wrong. Room contains too many Participants');
    const toast = await until(() => shadow.querySelector<HTMLElement>('.vc-error'), 'the toast');
    expect(toast.textContent).to.equal('Something went wrong. Room contains too many Participants');
    expect(toast.matches('[role="alert"]') || !!toast.querySelector('[role="alert"]'), 'announced as an alert').to.equal(true);
    // The library's CSS reached the toast, and ours keeps the container over the chat panel.
    expect(getComputedStyle(toast).display).to.equal('flex');
    expect(getComputedStyle(shadow.querySelector('.Toastify__toast-container')!).position).to.equal('absolute');
    expect(document.head.innerHTML).to.equal(headBefore);
  });

  it('keep a failure on show past the library’s 5-second default until it is clicked away, and show a repeated text once', async () => {
    const shadow = renderInShadow('sticky');
    await until(() => shadow.querySelector('.Toastify'), 'the toast container');
    showFailure('sticky', 'Something went wrong.');
    showFailure('sticky', 'Something went wrong.');
    const toast = await until(() => shadow.querySelector<HTMLElement>('.vc-error'), 'the toast');
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(shadow.querySelectorAll('.vc-error')).to.have.length(1);
    toast.click();
    await until(() => shadow.querySelectorAll('.vc-error').length === 0, 'the toast closed by a click');
  });
});
