import '../i18n/en-parts';
import { useMessages } from '../i18n/i18n-context';
import { Icon } from '../shared/Icon';

/** The chat's icons sit in small controls and captions. */
export const CHAT_ICON_PX = 16;
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
        <Icon name={muted ? 'mute' : 'microphone'} size={CHAT_ICON_PX} />
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
        <Icon name={cameraOff ? 'video-off' : 'video'} size={CHAT_ICON_PX} />
        {t(cameraOff ? 'cameraOn' : 'cameraOff')}
      </button>
      {isHost ? (
        <button type="button" onClick={() => session.send({ type: 'host_reset', data: { senderSid: mySid } })}>
          <Icon name="pause" size={CHAT_ICON_PX} />
          {t('stopSharing')}
        </button>
      ) : host ? (
        <button type="button" onClick={() => session.send({ type: 'host_request_changing', data: { senderSid: mySid } })}>
          <Icon name="retweet" size={CHAT_ICON_PX} />
          {t('requestToHost')}
        </button>
      ) : (
        <button type="button" onClick={() => session.send({ type: 'host', data: { hostSid: mySid } })}>
          <Icon name="share" size={CHAT_ICON_PX} />
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
          <Icon name="retweet" size={CHAT_ICON_PX} />
          {t(following ? 'stopFollowing' : 'followHost')}
        </button>
      )}
      <button type="button" className="vc-leave" onClick={session.leave}>
        <Icon name="sign-out" size={CHAT_ICON_PX} />
        {t('leave')}
      </button>
    </div>
  );
}
