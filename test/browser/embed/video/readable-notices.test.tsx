import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { adoptViewerStyles } from '../../../../embed/styles';
import { adoptStyles } from '../../../../embed/styles/adopt-styles';
import { partsCss } from '../../../../embed/styles/parts';
import { Lobby } from '../../../../embed/video/Lobby';
import { RoomNotices } from '../../../../embed/video/RoomNotices';
import videoCss from '../../../../embed/video/video.css';
import { showFailure, VideoToasts } from '../../../../embed/video/VideoToasts';
import { ViewerNotice } from '../../../../embed/viewer/ViewerFrame';
import { useAdoptedStyles } from '../../../../embed/hooks/use-adopted-styles';
import { apiTour } from '../support/fixtures';
import { textContrast } from '../support/contrast';
import { until } from '../support/render';
import { useRef, type ReactNode } from 'react';

const roots: Root[] = [];
const noop = () => undefined;

/**
 * Renders `node` in the shadow root of a viewer-sized element that has the viewer's styles, as the element does once
 * the chat panel (a part loaded later, with its styles) is open.
 */
function renderInViewer(node: ReactNode): ShadowRoot {
  const element = document.createElement('div');
  element.style.cssText = 'width:800px;height:480px';
  document.body.append(element);
  const shadow = element.attachShadow({ mode: 'open' });
  adoptViewerStyles(shadow);
  adoptStyles(shadow, partsCss);
  const root = createRoot(shadow);
  roots.push(root);
  root.render(node);
  return shadow;
}

/** The chat panel as the viewer draws it, with the chat's own styles adopted as the lazy chunk does. */
function ChatPanel({ children }: { children: ReactNode }) {
  const chat = useRef<HTMLDivElement>(null);
  useAdoptedStyles(chat, videoCss);
  return (
    <div className="tv-root tv-root--chat" data-status="ready">
      <aside className="tv-video-panel">
        <div className="vc-chat" ref={chat}>
          {children}
        </div>
      </aside>
    </div>
  );
}

afterEach(() => {
  roots.splice(0).forEach((root) => root.unmount());
  document.body.replaceChildren();
});

// WCAG AA for normal text.
const READABLE = 4.5;

describe('toasts and notices inside the element are readable (contrast at least 4.5:1)', () => {
  it('a chat failure toast over the white chat panel, room notices and the unsupported-browser notice', async () => {
    const shadow = renderInViewer(
      <ChatPanel>
        <Lobby
          tour={apiTour()}
          name="Ann"
          supported={false}
          canConnect={false}
          joining={false}
          hasScene
          onName={noop}
          onConnect={noop}
          onClose={noop}
          onScheduleShowing={noop}
        />
        <RoomNotices notices={[{ id: 1, text: 'Bob has left the conversation.' }]} />
        <VideoToasts containerId="readable" />
      </ChatPanel>,
    );
    await until(() => shadow.querySelector('.Toastify'), 'the toast container');
    showFailure('readable', 'Something went wrong. Please make sure that the application has access to the camera.');
    const toast = await until(() => shadow.querySelector('.vc-error'), 'the camera toast');
    // A toast floats over the panel's own text: it needs a box of its own to be read at all.
    expect(getComputedStyle(toast).backgroundColor, 'an opaque background').to.match(/^rgb\(/);
    const shown = [toast, shadow.querySelector('.vc-notice')!, shadow.querySelector('.vc-unsupported')!];
    for (const element of shown) expect(textContrast(element), element.textContent!).to.be.at.least(READABLE);
  });

  it('the viewer’s own notices', async () => {
    const shadow = renderInViewer(<ViewerNotice status="error" text="Error: This does not appear to be a valid tour." />);
    const notice = await until(() => shadow.querySelector('.tv-notice'), 'the notice');
    expect(textContrast(notice)).to.be.at.least(READABLE);
  });
});
