import { useMessages } from '../i18n/i18n-context';
import { ControlIcon } from './ControlIcon';
import * as room from './room-store';
import type { RoomStore } from './room-store';
import type { RoomSession } from './use-room-session';

/** The room's toolbar: microphone, camera, sharing or asking to host, following, leaving. */
export function RoomControls({ store, session, notify }: { store: RoomStore; session: RoomSession; notify(notice: room.RoomNotice): void }) {
  const current = room.useRoom(store);
  const { muted, cameraOff, following, mySid } = current;
  const isHost = room.isHost(current);
  const host = room.hostOf(current);
  const { t } = useMessages();
  return (
    <div className="vc-controls" role="toolbar" aria-label={t('videoControls')}>
      <button
        type="button"
        aria-pressed={muted}
        onClick={() => {
          session.setEnabled('audio', muted);
          store.update(room.mutedToggled);
        }}
      >
        <ControlIcon name={muted ? 'mute' : 'microphone'} />
        {t(muted ? 'unmute' : 'mute')}
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
        {t(cameraOff ? 'cameraOn' : 'cameraOff')}
      </button>
      {isHost ? (
        <button type="button" onClick={() => session.send({ type: 'host_reset', data: { senderSid: mySid } })}>
          <ControlIcon name="pause" />
          {t('stopSharing')}
        </button>
      ) : host ? (
        <button type="button" onClick={() => session.send({ type: 'host_request_changing', data: { senderSid: mySid } })}>
          <ControlIcon name="retweet" />
          {t('requestToHost')}
        </button>
      ) : (
        <button type="button" onClick={() => session.send({ type: 'host', data: { hostSid: mySid } })}>
          <ControlIcon name="share" />
          {t('share')}
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
          {t(following ? 'stopFollowing' : 'followHost')}
        </button>
      )}
      <button type="button" className="vc-leave" onClick={session.leave}>
        <ControlIcon name="leave" />
        {t('leave')}
      </button>
    </div>
  );
}
