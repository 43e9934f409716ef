import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import type { VideoChatProps } from './contract';
import { Lobby } from './Lobby';
import { Room } from './Room';
import { useRoomNotices } from './RoomNotices';
import * as room from './room-store';
import { useRoomSession } from './use-room-session';
import { useVideoSupport } from './use-video-support';
import videoCss from './video.css';
import { showFailure, VideoToasts } from './VideoToasts';

/** The lazily loaded video chat: the lobby, then the room with its tiles, controls and the host's guided view. */
export function VideoChat(props: VideoChatProps) {
  const { tour, panorama, user, onClose, onScheduleShowing } = props;
  const [store] = useState(() => room.createRoomStore(room.initialRoom(user?.name ?? '')));
  const current = room.useRoom(store);
  const { supported, siteName } = useVideoSupport();
  const toastsId = useId();
  const chat = useRef<HTMLDivElement>(null);
  useAdoptedStyles(chat, videoCss);
  const [notices, notify] = useRoomNotices();
  const session = useRoomSession(store, props, notify, (text) => showFailure(toastsId, text));
  const sceneId = panorama.getView()?.sceneId;
  const canConnect = supported === true && !!tour.id && !!sceneId && current.name.trim().length > 0;

  // The owner skips the lobby, once: after leaving they stay there.
  const isOwner = !!user && user.id === tour.userId;
  const ownerJoined = useRef(false);
  const joinAsOwner = useEffectEvent(() => {
    if (!isOwner || ownerJoined.current || current.phase !== 'lobby' || !canConnect) return;
    ownerJoined.current = true;
    void session.connect();
  });
  useEffect(() => joinAsOwner(), [isOwner, canConnect]);

  // The toasts stay mounted from the lobby to the room and back: a failure is still on show after leaving.
  const frame = (content: ReactNode) => (
    <div className="vc-chat" ref={chat}>
      {content}
      <VideoToasts containerId={toastsId} />
    </div>
  );
  if (current.phase !== 'room') {
    return frame(
      <Lobby
        tour={tour}
        name={current.name}
        supported={supported !== false}
        siteName={siteName}
        canConnect={canConnect}
        joining={current.phase === 'joining'}
        hasScene={!!sceneId}
        onName={(name) => store.update(room.nameTyped, name)}
        onConnect={() => void session.connect()}
        onClose={onClose}
        onScheduleShowing={() => onScheduleShowing(current.name)}
      />,
    );
  }
  return frame(<Room store={store} session={session} notices={notices} notify={notify} />);
}
