import '../i18n/en-parts';
import { useLayoutEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { displayName } from '../../api/schema/video';
import { useMessages } from '../i18n/i18n-context';
import { NamedText } from '../i18n/NamedText';
import { Icon } from '../shared/Icon';
import { CHAT_ICON_PX } from './RoomControls';
import { remoteTiles, RESIZE_THROTTLE_MS, scalingFactor, TILE_PX, tileSizeForWidth } from './tile-layout';

export interface LocalTile {
  sid: string;
  identity: string;
  stream: MediaStream | null;
  isHost: boolean;
}

export interface RemoteTile extends LocalTile {
  audioMuted: boolean;
}

export interface ParticipantTilesProps {
  local: LocalTile;
  /** Everyone else in the room, in joining order. */
  remotes: readonly RemoteTile[];
  /** Whoever is speaking now, ringed (the provider's dominant speaker); null when nobody is. */
  speakerSid: string | null;
}

/**
 * The room's circular video tiles (Video chat): the local participant, at most 3 remote participants
 * (1 on extra-small screens, whoever speaks among them) with a '+N' or '...' bubble, and a toggle that hides the
 * remote ones.
 */
export function ParticipantTiles({ local, remotes, speakerSid }: ParticipantTilesProps) {
  const [hidden, setHidden] = useState(false);
  const { t, number } = useMessages();
  const root = useRef<HTMLDivElement>(null);
  const width = useViewerWidth(root);
  const size = width === undefined ? 'large' : tileSizeForWidth(width);
  const px = TILE_PX[size];
  const { shown, overflow, bubble } = remoteTiles(remotes, {
    isHost: (remote) => remote.isHost,
    isSpeaking: (remote) => remote.sid === speakerSid,
    size,
    hidden,
  });
  const circle = (side: number) => ({ width: side, height: side });
  const tileClass = (sid: string, own = '') => `vc-tile${own}${sid === speakerSid ? ' vc-tile--speaking' : ''}`;
  return (
    <div ref={root} className="vc-tiles" data-size={size}>
      <figure className={tileClass(local.sid, ' vc-tile--local')} data-sid={local.sid}>
        <TileVideo stream={local.stream} side={px.local} />
        <figcaption>
          {local.isHost && <Crown />} <NamedText text={t('ownTile')} name={displayName(local.identity)} />
        </figcaption>
      </figure>
      {shown.map((remote) => (
        <figure key={remote.sid} className={tileClass(remote.sid)} data-sid={remote.sid}>
          <TileVideo stream={remote.stream} side={px.remote} />
          <figcaption>
            {remote.isHost && <Crown />} <span dir="auto">{displayName(remote.identity)}</span>{' '}
            {remote.audioMuted && <Icon name="mute" label={t('muted')} size={CHAT_ICON_PX} />}
          </figcaption>
        </figure>
      ))}
      {bubble && (
        <span
          className="vc-bubble"
          role="img"
          aria-label={overflow ? t('moreParticipants', { count: number(overflow) }) : t('noMoreParticipants')}
          style={circle(px.remote)}
        >
          {bubble}
        </span>
      )}
      <button type="button" className="vc-tiles__toggle" aria-pressed={hidden} onClick={() => setHidden(!hidden)}>
        {t(hidden ? 'showParticipants' : 'hideParticipants')}
      </button>
      {/* Sound comes from these, not from the tiles: a hidden or folded-away participant must still be heard. */}
      {remotes.map((remote) => (
        <audio key={remote.sid} ref={playStream(remote.stream)} autoPlay data-sid={remote.sid} />
      ))}
    </div>
  );
}

/** A participant's video, `side` wide and as much taller as its scaling factor says; muted, since sound plays apart. */
function TileVideo({ stream, side }: { stream: MediaStream | null; side: number }) {
  const [factor, setFactor] = useState(1);
  const measure = (event: SyntheticEvent<HTMLVideoElement>) => setFactor(scalingFactor(event.currentTarget.videoWidth, event.currentTarget.videoHeight));
  return (
    <video
      ref={playStream(stream)}
      autoPlay
      playsInline
      muted
      style={{ width: side, height: Math.round(side * factor) }}
      onLoadedMetadata={measure}
      onResize={measure}
    />
  );
}

function Crown() {
  return <Icon name="crown" label={useMessages().t('host')} size={CHAT_ICON_PX} />;
}

/** React has no srcObject attribute; setting it again on every render would restart playback. */
function playStream(stream: MediaStream | null) {
  return (element: HTMLMediaElement | null) => {
    if (element && element.srcObject !== stream) element.srcObject = stream;
  };
}

/**
 * The width of the viewer the chat lives in (its shadow root's host, or the page without one), checked again on
 * resize at most every RESIZE_THROTTLE_MS. Undefined in the first render, before there is an element to measure.
 */
function useViewerWidth(inside: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const root = inside.current?.getRootNode();
    const viewer = root instanceof ShadowRoot ? root.host : document.documentElement;
    const measure = () => setWidth(viewer.getBoundingClientRect().width);
    measure();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      pending ??= setTimeout(() => {
        pending = undefined;
        measure();
      }, RESIZE_THROTTLE_MS);
    });
    observer.observe(viewer);
    return () => {
      observer.disconnect();
      clearTimeout(pending);
    };
  }, [inside]);
  return width;
}
