import { ControlIcon } from './ControlIcon';
import * as room from './room-store';
import type { RoomStore } from './room-store';
import type { RoomSession } from './use-room-session';

/** The room's toolbar: microphone, camera, sharing or asking to host, following, leaving. */
export function RoomControls({ store, session, notify }: { store: RoomStore; session: RoomSession; notify(text: string): void }) {
  const current = room.useRoom(store);
  const { muted, cameraOff, following, mySid } = current;
  const isHost = room.isHost(current);
  const host = room.hostOf(current);
  return (
    <div className="vc-controls" role="toolbar" aria-label="Video chat controls">
      <button
        type="button"
        aria-pressed={muted}
        onClick={() => {
          session.setEnabled('audio', muted);
          store.update(room.mutedToggled);
        }}
      >
        <ControlIcon name={muted ? 'mute' : 'microphone'} />
        {muted ? 'Unmute' : 'Mute'}
      </button>
      <button
        type="button"
        aria-pressed={cameraOff}
        onClick={() => {
          session.setEnabled('video', cameraOff);
          store.update(room.cameraToggled);
        }}
      >
        <ControlIcon name={cameraOff ? 'video-off' : 'video'} />
        {cameraOff ? 'Camera on' : 'Camera off'}
      </button>
      {isHost ? (
        <button type="button" onClick={() => session.send({ type: 'host_reset', data: { senderSid: mySid } })}>
          <ControlIcon name="pause" />
          Stop Sharing
        </button>
      ) : host ? (
        <button type="button" onClick={() => session.send({ type: 'host_request_changing', data: { senderSid: mySid } })}>
          <ControlIcon name="retweet" />
          Request to host
        </button>
      ) : (
        <button type="button" onClick={() => session.send({ type: 'host', data: { hostSid: mySid } })}>
          <ControlIcon name="share" />
          Share
        </button>
      )}
      {!isHost && host && (
        <button
          type="button"
          aria-pressed={following}
          onClick={() => {
            store.update(room.followingToggled);
            notify(following ? room.STOPPED_FOLLOWING : room.FOLLOWING);
          }}
        >
          <ControlIcon name="retweet" />
          {following ? 'Stop following' : 'Follow host'}
        </button>
      )}
      <button type="button" className="vc-leave" onClick={session.leave}>
        <ControlIcon name="leave" />
        Leave
      </button>
    </div>
  );
}
