import { expect } from 'chai';
import { Lobby } from '../../../../embed/video/Lobby';
import { RoomNotices } from '../../../../embed/video/RoomNotices';
import videoCss from '../../../../embed/video/video.css';
import { showFailure, VideoToasts } from '../../../../embed/video/VideoToasts';
import { ViewerNotice } from '../../../../embed/viewer/ViewerFrame';
import { useAdoptedStyles } from '../../../../embed/hooks/use-adopted-styles';
import { apiTour } from '../support/fixtures';
import { textContrast } from '../support/contrast';
import { until } from '../support/render';
import { renderInViewer, unmountViewers } from '../support/viewer-element';
import { useRef, type ReactNode } from 'react';

const noop = () => undefined;
const VIEWER_SIZE = 'width:800px;height:480px';

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

afterEach(unmountViewers);

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
        <RoomNotices notices={[{ id: 1, key: 'noticeLeft', name: 'Bob' }]} />
        <VideoToasts containerId="readable" />
      </ChatPanel>,
      VIEWER_SIZE,
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
    const shadow = renderInViewer(<ViewerNotice status="error" text="Error: This does not appear to be a valid tour." />, VIEWER_SIZE);
    const notice = await until(() => shadow.querySelector('.tv-notice'), 'the notice');
    expect(textContrast(notice)).to.be.at.least(READABLE);
  });
});
