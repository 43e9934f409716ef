import '../i18n/en-parts';
import { useId } from 'react';
import { displayName } from '../../api/schema/video';
import { useMessages } from '../i18n/i18n-context';
import { ContinueChatModal } from './ContinueChatModal';
import { ParticipantTiles } from './ParticipantTiles';
import { RoomControls } from './RoomControls';
import { RoomNotices, type Notice } from './RoomNotices';
import * as room from './room-store';
import type { RoomStore } from './room-store';
import type { RoomSession } from './use-room-session';

interface RoomProps {
  store: RoomStore;
  session: RoomSession;
  notices: readonly Notice[];
  notify(notice: room.RoomNotice): void;
}

/** In the room: everyone's tiles, the controls, notices, and the prompts to go on or to hand over hosting. */
export function Room({ store, session, notices, notify }: RoomProps) {
  const current = room.useRoom(store);
  const { connection, speakerSid, mySid, hostSid, askContinue, changeRequest } = current;
  // SPEC's sentence stays as it is; who asks is said on a line of its own.
  const requester = changeRequest ? current.participants.find((participant) => participant.sid === changeRequest) : undefined;
  const promptId = useId();
  const { t } = useMessages();
  return (
    <div className="vc-room" data-connection={connection} data-dominant-speaker={speakerSid ?? undefined}>
      {connection === 'reconnecting' && <p role="status">{t('reconnecting')}</p>}
      <ParticipantTiles
        local={{ sid: mySid, identity: current.name.trim(), stream: session.localStream(), isHost: room.isHost(current) }}
        remotes={current.participants.map((participant) => ({
          sid: participant.sid,
          identity: participant.identity,
          stream: participant.stream,
          audioMuted: participant.audioMuted,
          isHost: participant.sid === hostSid,
        }))}
        speakerSid={speakerSid}
      />
      <RoomControls store={store} session={session} notify={notify} />
      <RoomNotices notices={notices} />
      {askContinue && (
        <ContinueChatModal
          onConfirm={() => {
            if (askContinue === 'timer') session.send({ type: 'room_life_time_request', data: { senderSid: mySid } });
            store.update(room.continued, Date.now());
          }}
          onCancel={() => {
            store.update(room.continueDeclined);
            session.leave();
          }}
        />
      )}
      {changeRequest && (
        <div className="vc-modal" role="dialog" aria-modal="true" aria-labelledby={promptId}>
          <p id={promptId}>{t('hostChangePrompt')}</p>
          {requester && (
            <p className="vc-modal__requester" dir="auto">
              {displayName(requester.identity)}
            </p>
          )}
          <button
            type="button"
            className="vc-button"
            onClick={() => {
              session.send({ type: 'host', data: { hostSid: changeRequest } });
              store.update(room.hostChangeAsked, null);
            }}
          >
            {t('yes')}
          </button>
          <button type="button" className="vc-button vc-button--plain" onClick={() => store.update(room.hostChangeAsked, null)}>
            {t('cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
