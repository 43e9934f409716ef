import { expect } from 'chai';
import { useState } from 'react';
import { yawPitchToCoords } from '../../../../api/schema/coords';
import { imageSchema, infospotSchema, type Hotspot, type Image, type Tour } from '../../../../api/schema/tour';
import { loadCatalog } from '../../../../embed/i18n/catalog';
import { EN, type Catalog } from '../../../../embed/i18n/en';
import { messagesFor, MessagesProvider, type Messages } from '../../../../embed/i18n/i18n-context';
import { dropEarlyPanorama, startEarlyPanorama } from '../../../../embed/panorama/early-panorama';
import { Panorama } from '../../../../embed/panorama/Panorama';
import { VideoChat } from '../../../../embed/video';
import type { PanoramaControl } from '../../../../embed/video/contract';
import { ParticipantTiles } from '../../../../embed/video/ParticipantTiles';
import { RoomNotices } from '../../../../embed/video/RoomNotices';
import { apiTour, panoramaDataUrl } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';
import { renderInViewer, unmountViewers } from '../support/viewer-element';

const noop = () => undefined;

function scene(id: string, fields: Partial<Image> = {}): Image {
  return { ...imageSchema.parse({ id, title: id, uploaded: true }), url: panoramaDataUrl('#468'), ...fields };
}

function link(id: string, to: string, title: string): Hotspot {
  return {
    id,
    image: { id: to, url: '', thumbUrl: '', hotspotUrl: '', title },
    style: 2,
    customImageUrl: '',
    rotation: 0,
    coords: yawPitchToCoords({ yaw: 20, pitch: 0 }),
  };
}

/** A scene with a titled link, an untitled one, a picture info spot and an owner's short text. */
function tourWithSpots(): Tour {
  return apiTour({
    config: { ...apiTour().config, autoRotate: false },
    images: [
      scene('hall', {
        hotspots: [link('to-kitchen', 'kitchen', 'مطبخ'), link('to-garden', 'garden', '')],
        infospots: [
          infospotSchema.parse({ id: 'picture', coords: yawPitchToCoords({ yaw: 40, pitch: 0 }), dataType: 'image', data: {} }),
          infospotSchema.parse({ id: 'note', coords: yawPitchToCoords({ yaw: 60, pitch: 0 }), dataType: 'shrt', data: { previewText: 'Oak floors' } }),
        ],
      }),
      scene('kitchen'),
      scene('garden'),
    ],
  });
}

/** The accessible names of the spots on show, and the direction of the owner texts drawn on them. */
function spotNames(root: ParentNode) {
  const name = (selector: string) => root.querySelector(selector)?.getAttribute('aria-label');
  return {
    kitchen: name('.tv-hotspot[data-scene-id="kitchen"]'),
    garden: name('.tv-hotspot[data-scene-id="garden"]'),
    picture: name('[data-infospot-id="picture"]'),
    note: name('[data-infospot-id="note"]'),
    ownTextDirs: [...root.querySelectorAll('.tv-hotspot__label, .tv-infospot-button__label')].map((label) => label.getAttribute('dir')),
  };
}

const expectedNames = (catalog: Catalog) => ({
  kitchen: catalog.goTo.replace('{place}', 'مطبخ'),
  garden: catalog.goTo.replace('{place}', catalog.nextScenePlace),
  picture: catalog.infospotPicture,
  note: 'Oak floors',
  ownTextDirs: ['auto', 'auto'],
});

afterEach(() => {
  unmountAll();
  unmountViewers();
});

describe('the viewer’s texts made outside React, in the visitor’s language', () => {
  it('names hot spots and info spots in the viewer’s language, and again when the language changes', async () => {
    const [spanish, arabic] = await Promise.all([loadCatalog('es'), loadCatalog('ar')]);
    let speak!: (messages: Messages) => void;
    function Speaking() {
      const [messages, setMessages] = useState(() => messagesFor('es', 'ltr', spanish));
      speak = setMessages;
      return (
        <MessagesProvider messages={messages}>
          <div className="tv-root" style={{ position: 'relative', width: 640, height: 400 }}>
            <Panorama
              tour={tourWithSpots()}
              apiOrigin={location.origin}
              sceneId="hall"
              allowLinks
              onSceneChange={noop}
              onSceneLoad={noop}
              onError={noop}
              onInfospot={noop}
              onReady={noop}
            />
          </div>
        </MessagesProvider>
      );
    }
    const shadow = renderInViewer(<Speaking />);
    await until(() => shadow.querySelector('[data-infospot-id="note"]'), 'the spots');
    expect(spotNames(shadow)).to.deep.equal(expectedNames(spanish));
    speak(messagesFor('ar', 'rtl', arabic));
    await until(() => spotNames(shadow).picture === arabic.infospotPicture, 'the spots named in Arabic');
    expect(spotNames(shadow)).to.deep.equal(expectedNames(arabic));
  });

  it('names the spots of a panorama started before the element’s code in the element’s language', async () => {
    const arabic = await loadCatalog('ar');
    const element = document.createElement('div');
    element.lang = 'ar';
    element.style.cssText = 'display:block;width:640px;height:400px';
    document.body.append(element);
    try {
      await startEarlyPanorama(element, tourWithSpots(), { apiOrigin: location.origin, sceneId: 'hall', allowLinks: true });
      await until(() => element.shadowRoot!.querySelector('[data-infospot-id="note"]'), 'the spots');
      expect(spotNames(element.shadowRoot!)).to.deep.equal(expectedNames(arabic));
    } finally {
      dropEarlyPanorama(element);
      element.remove();
    }
  });
});

const panorama: PanoramaControl = {
  getView: () => ({ sceneId: 'hall', yaw: 0, pitch: 0, hfov: 90 }),
  setView: noop,
  onUserInteraction: () => noop,
  onSceneChange: () => noop,
  openInfospot: noop,
  onInfospotOpen: () => noop,
};

describe('the video chat in the visitor’s language', () => {
  it('says its room notices in the language, each name set apart in its own direction', async () => {
    const spanish = await loadCatalog('es');
    const host = render(
      <MessagesProvider messages={messagesFor('es', 'ltr', spanish)}>
        <RoomNotices
          notices={[
            { id: 1, key: 'noticeJoined', name: 'سارة' },
            { id: 2, key: 'noticeOtherShares', name: 'Bob' },
            { id: 3, key: 'noticeStoppedFollowing' },
          ]}
        />
      </MessagesProvider>,
    );
    const notices = await until(() => host.querySelectorAll('.vc-notice').length === 3 && [...host.querySelectorAll('.vc-notice')], 'the notices');
    expect(notices.map((notice) => notice.textContent)).to.deep.equal([
      spanish.noticeJoined.replace('{name}', 'سارة'),
      spanish.noticeOtherShares.replace('{name}', 'Bob'),
      spanish.noticeStoppedFollowing,
    ]);
    expect(notices.map((notice) => [...notice.querySelectorAll('[dir="auto"]')].map((name) => name.textContent))).to.deep.equal([['سارة'], ['Bob'], []]);
  });

  it('labels the tiles in the language, every participant’s name in its own direction', async () => {
    const arabic = await loadCatalog('ar');
    const host = render(
      <MessagesProvider messages={messagesFor('ar', 'rtl', arabic)}>
        <ParticipantTiles
          local={{ sid: 'PA1', identity: 'Ann::1', stream: null, isHost: false }}
          remotes={[{ sid: 'PA2', identity: 'سارة::2', stream: null, isHost: true, audioMuted: false }]}
          speakerSid={null}
        />
      </MessagesProvider>,
    );
    const captions = await until(() => host.querySelectorAll('figcaption').length === 2 && [...host.querySelectorAll('figcaption')], 'the tiles');
    expect(captions[0].textContent!.trim()).to.equal(arabic.ownTile.replace('{name}', 'Ann'));
    expect(captions.map((caption) => [...caption.querySelectorAll('span[dir="auto"]')].map((name) => name.textContent))).to.deep.equal([['Ann'], ['سارة']]);
  });

  it('names the product from the server in the lobby, and says a refused camera in the language', async () => {
    const spanish = await loadCatalog('es');
    const realGetUserMedia = navigator.mediaDevices.getUserMedia;
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      configurable: true,
    });
    try {
      const host = render(
        <MessagesProvider messages={messagesFor('es', 'ltr', spanish)}>
          <VideoChat
            tour={apiTour({ isScheduleEnabled: false })}
            panorama={panorama}
            user={{ id: 99, name: 'Ann', token: '' }}
            onActiveChange={noop}
            onHostingChange={noop}
            onClose={noop}
            onScheduleShowing={noop}
          />
        </MessagesProvider>,
      );
      // The test server's SITE_NAME is unset: its default, said by the server's video config.
      const brand = await until(() => host.querySelector('.vc-lobby h2')?.textContent, 'the brand line');
      expect(brand).to.equal('Tour Platform');
      expect(host.querySelector('.vc-lobby h2 + p')!.textContent).to.equal(spanish.lobbyCredit.replace('{name}', 'Tour Platform'));
      const connect = await until(
        () => [...host.querySelectorAll('button')].find((button) => button.textContent === spanish.connect && !button.disabled),
        'Connect enabled',
      );
      connect.click();
      const toast = await until(() => host.querySelector('.vc-error'), 'the camera toast');
      expect(toast.textContent).to.equal(spanish.cameraFailed);
      expect(spanish.cameraFailed).to.not.equal(EN.cameraFailed);
    } finally {
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: realGetUserMedia, configurable: true });
    }
  });
});
