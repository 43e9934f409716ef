import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { displayName, ROOM_LIFETIME_MS } from '../../api/schema/video';
import { API_ORIGIN } from '../element/api-origin';
import { apiGet, apiPost } from '../tour/tour-client';
import type { VideoChatProps } from './contract';
import videoCss from './video.css';
import { ControlIcon } from './ControlIcon';
import { ContinueChatModal } from './ContinueChatModal';
import { canJoinVideoChat, currentBrowser } from './browser-support';
import { applyHostView, shareHostView } from './follow-host';
import { ParticipantTiles } from './ParticipantTiles';
import { RoomNotices, useRoomNotices } from './RoomNotices';
import type { MediaRoom, MediaRoomEvents, RemoteParticipant, RoomBody, RoomState } from './providers/media-provider';
import { meshProvider } from './providers/mesh-provider';
import { twilioProvider } from './providers/twilio-provider';
import { showFailure, VideoToasts } from './VideoToasts';

export const CAMERA_ERROR = 'Something went wrong. Please make sure that the application has access to the camera.';
export const UNSUPPORTED_BROWSER = 'This browser cannot join the video chat. Please open the tour in a recent Chrome, Edge, Firefox or Safari.';

/** SPEC.md §5: at least 640×360, ideally 1280×720, with sound. */
const MEDIA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { min: 640, ideal: 1280 }, height: { min: 360, ideal: 720 } },
  audio: true,
};

/** Tests shorten the 30-minute room lifetime through this global; nothing else sets it. */
function roomLifetimeMs(): number {
  return (globalThis as { __TOUR_CHAT_LIFETIME_MS__?: number }).__TOUR_CHAT_LIFETIME_MS__ ?? ROOM_LIFETIME_MS;
}

interface Session {
  room: MediaRoom;
  local: MediaStream;
  /** Our control-plane sid, known from the welcome on. */
  sid: string;
}

interface VideoConfig {
  provider: 'mesh' | 'twilio';
  iceServers: RTCIceServer[];
}

/** The lazily loaded video chat: the lobby, then the room with its tiles, controls and the host's guided view. */
export function VideoChat({ tour, panorama, user, onActiveChange, onClose, onScheduleShowing }: VideoChatProps) {
  const isOwner = !!user && user.id === tour.userId;
  const [name, setName] = useState(user?.name ?? '');
  const [phase, setPhase] = useState<'lobby' | 'joining' | 'room'>('lobby');
  const [supported] = useState(() => canJoinVideoChat(currentBrowser()));
  const toastsId = useId();
  const [participants, setParticipants] = useState<RemoteParticipant[]>([]);
  const [hostSid, setHostSid] = useState<string | null>(null);
  const [speakerSid, setSpeakerSid] = useState<string | null>(null);
  const [mySid, setMySid] = useState('');
  const [following, setFollowing] = useState(true);
  const [connection, setConnection] = useState<RoomState>('connecting');
  const [notices, notify] = useRoomNotices();
  const [changeRequest, setChangeRequest] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  /** Why the continue prompt is open: the own clock ran out (then a yes tells the others), or someone else asked. */
  const [askContinue, setAskContinue] = useState<'timer' | 'request' | null>(null);
  const [lifetimeStart, setLifetimeStart] = useState(0);
  const session = useRef<Session | null>(null);
  const followingRef = useRef(true);
  followingRef.current = following;
  // Room events arrive outside React's render: they read the latest list here.
  const participantsRef = useRef(participants);
  participantsRef.current = participants;
  const sceneId = panorama.getView()?.sceneId;
  const canConnect = supported && !!tour.id && !!sceneId && name.trim().length > 0;
  const fail = (text: string) => showFailure(toastsId, text);

  async function connect() {
    setPhase('joining');
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia(MEDIA_CONSTRAINTS);
    } catch {
      fail(CAMERA_ERROR);
      return setPhase('lobby');
    }
    const identity = `${name.trim()}::${crypto.randomUUID().slice(0, 8)}`;
    const room = String(tour.id);
    const config = await apiGet<VideoConfig>('/video/config');
    const provider = config.ok ? config.value.provider : 'mesh';
    // The control plane (/api/rtc) takes our own token whichever provider carries the media (DESIGN.md §7). A
    // password tour's room asks for the token its accepted password gave; the owner is known by their sign-in,
    // which the requests carry and the socket's hello shows again.
    const request = { identity, room, tourAccessToken: tour.accessToken };
    const [control, media] = await Promise.all([
      apiPost<{ token: string }>('/mesh/video-token', request),
      provider === 'twilio' ? apiPost<{ token: string }>('/twilio/video-token', request) : undefined,
    ]);
    // SPEC.md §4/§8: a failed token request (the config only says which tokens to ask for) is silent apart from
    // clearing state: the visitor is back in the lobby and may connect again.
    if (!config.ok || !control.ok || (media && !media.ok)) {
      local.getTracks().forEach((track) => track.stop());
      return setPhase('lobby');
    }
    void apiGet(`/tours/${encodeURIComponent(tour.shortId)}/joinChat`);
    const join = provider === 'twilio' ? twilioProvider() : meshProvider;
    const options = {
      controlToken: control.value.token,
      mediaToken: media?.ok ? media.value.token : undefined,
      access: { auth: user?.token, tourAccessToken: tour.accessToken },
      room,
      local,
      iceServers: config.value.iceServers,
    };
    session.current = { room: join(options, roomEvents()), local, sid: '' };
    setConnection('connecting');
    setPhase('room');
    onActiveChange(true);
  }

  function roomEvents(): MediaRoomEvents {
    return {
      state(state, failure) {
        setConnection(state);
        if (state !== 'disconnected') return;
        // SPEC.md §8: the service's own error is shown with its message, then the visitor leaves the chat.
        if (failure) fail(failure.message ? `Something went wrong. ${failure.message}` : 'Something went wrong.');
        leave();
      },
      welcome(self, others, host) {
        if (session.current) session.current.sid = self.sid;
        setMySid(self.sid);
        setParticipants(others);
        setHostSid(host);
        if (isOwner && !host) session.current?.room.send({ type: 'host', data: { hostSid: self.sid } });
      },
      joined(participant) {
        setParticipants((list) => [...list.filter((p) => p.sid !== participant.sid), participant]);
        notify(`${displayName(participant.identity)} has joined the conversation.`);
      },
      left(participant) {
        setParticipants((list) => list.filter((p) => p.sid !== participant.sid));
      },
      media(sid, media) {
        setParticipants((list) => list.map((p) => (p.sid === sid ? { ...p, ...media } : p)));
      },
      dominantSpeaker: setSpeakerSid,
      message: onMessage,
    };
  }

  function onMessage(body: RoomBody) {
    const current = session.current;
    if (!current) return;
    if (body.type === 'host') {
      setHostSid(body.data.hostSid);
      if (body.data.hostSid === current.sid) notify('You are now sharing your screen.');
      else {
        const host = participantsRef.current.find((p) => p.sid === body.data.hostSid);
        if (host) notify(`${displayName(host.identity)} is now sharing their screen.`);
      }
    } else if (body.type === 'host_reset') setHostSid(null);
    else if (body.type === 'host_request_changing') setChangeRequest(body.data.senderSid);
    else if (body.type === 'scene' && followingRef.current) applyHostView(panorama, body.data);
    else if (body.type === 'infospot' && followingRef.current) panorama.openInfospot(body.data.infospotId);
    else if (body.type === 'room_life_time_request') {
      // Someone chose to go on: everyone's clock starts again, and everyone is asked too.
      setLifetimeStart(Date.now());
      setAskContinue('request');
    }
  }

  function leave() {
    const current = session.current;
    session.current = null;
    current?.room.disconnect();
    current?.local.getTracks().forEach((track) => track.stop());
    setPhase('lobby');
    setParticipants([]);
    setHostSid(null);
    setSpeakerSid(null);
    setMySid('');
    setMuted(false);
    setCameraOff(false);
    onActiveChange(false);
  }

  // Closing the panel or removing the element leaves the room.
  useEffect(
    () => () => {
      if (session.current) leave();
    },
    [],
  );

  // The owner skips the lobby (SPEC.md §4).
  useEffect(() => {
    if (isOwner && phase === 'lobby' && canConnect) void connect();
  }, [isOwner]);

  // The host shares the view; followers who drag stop following until they choose to follow again.
  const isHost = !!mySid && hostSid === mySid;
  useEffect(() => {
    const current = session.current;
    if (!isHost || !current) return;
    const stopView = shareHostView(panorama, (message) => current.room.send(message), mySid);
    const stopInfospots = panorama.onInfospotOpen((infospotId) => current.room.send({ type: 'infospot', data: { senderSid: mySid, infospotId } }));
    return () => {
      stopView();
      stopInfospots();
    };
  }, [isHost, mySid, panorama]);
  useEffect(
    () =>
      panorama.onUserInteraction(() => {
        if (!followingRef.current || !hostSid || hostSid === mySid) return;
        setFollowing(false);
        notify("You stopped following the host's screen.");
      }),
    [panorama, hostSid, mySid],
  );

  // SPEC.md §4: after the room lifetime, ask whether to go on.
  useEffect(() => {
    if (phase !== 'room') return;
    const timer = setTimeout(() => setAskContinue('timer'), roomLifetimeMs());
    return () => clearTimeout(timer);
  }, [phase, lifetimeStart]);

  const send = (body: RoomBody) => session.current?.room.send(body);
  const host = participants.find((p) => p.sid === hostSid);
  // The toasts stay mounted from the lobby to the room and back: a failure is still on show after leaving.
  const frame = (content: ReactNode) => (
    <div className="vc-chat">
      <style>{videoCss}</style>
      {content}
      <VideoToasts containerId={toastsId} />
    </div>
  );

  if (phase !== 'room') {
    const brand = location.origin === API_ORIGIN ? 'Tour Platform' : location.hostname;
    return frame(
      <div className="vc-lobby">
        <button type="button" className="vc-close" aria-label="Close the lobby" onClick={onClose}>
          ×
        </button>
        <h2>{brand}</h2>
        <p>Live video tours made possible by Tour Platform</p>
        <p>Click Connect to join other participants.</p>
        <input aria-label="Your name" placeholder="Enter Your Name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        {!supported && (
          <p className="vc-unsupported" role="alert">
            {UNSUPPORTED_BROWSER}
          </p>
        )}
        <button type="button" className="vc-button" disabled={!canConnect || phase === 'joining'} onClick={() => void connect()}>
          Connect
        </button>
        {tour.isScheduleEnabled && (
          <>
            <p className="vc-or">OR</p>
            <button type="button" className="vc-button vc-button--plain" disabled={!tour.id || !sceneId} onClick={() => onScheduleShowing(name)}>
              Schedule a Showing
            </button>
          </>
        )}
      </div>
    );
  }

  return frame(
    <div className="vc-room" data-connection={connection} data-dominant-speaker={speakerSid ?? undefined}>
      {connection === 'reconnecting' && <p role="status">Reconnecting…</p>}
      <ParticipantTiles
        local={{ sid: mySid, identity: name.trim(), stream: session.current?.local ?? null, isHost }}
        remotes={participants.map((participant) => ({
          sid: participant.sid,
          identity: participant.identity,
          stream: participant.stream,
          audioMuted: participant.audioMuted,
          isHost: participant.sid === hostSid,
        }))}
        speakerSid={speakerSid}
      />
      <div className="vc-controls" role="toolbar" aria-label="Video chat controls">
        <button
          type="button"
          aria-pressed={muted}
          onClick={() => {
            session.current?.room.setEnabled('audio', muted);
            setMuted(!muted);
          }}
        >
          <ControlIcon name={muted ? 'mute' : 'microphone'} />
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <button
          type="button"
          aria-pressed={cameraOff}
          onClick={() => {
            session.current?.room.setEnabled('video', cameraOff);
            setCameraOff(!cameraOff);
          }}
        >
          <ControlIcon name={cameraOff ? 'video-off' : 'video'} />
          {cameraOff ? 'Camera on' : 'Camera off'}
        </button>
        {isHost ? (
          <button type="button" onClick={() => send({ type: 'host_reset', data: { senderSid: mySid } })}>
            <ControlIcon name="pause" />
            Stop Sharing
          </button>
        ) : host ? (
          <button type="button" onClick={() => send({ type: 'host_request_changing', data: { senderSid: mySid } })}>
            <ControlIcon name="retweet" />
            Request to host
          </button>
        ) : (
          <button type="button" onClick={() => send({ type: 'host', data: { hostSid: mySid } })}>
            <ControlIcon name="share" />
            Share
          </button>
        )}
        {!isHost && host && (
          <button
            type="button"
            aria-pressed={following}
            onClick={() => {
              setFollowing(!following);
              notify(following ? "You stopped following the host's screen." : "You are following the host's screen.");
            }}
          >
            <ControlIcon name="retweet" />
            {following ? 'Stop following' : 'Follow host'}
          </button>
        )}
        <button type="button" className="vc-leave" onClick={leave}>
          <ControlIcon name="leave" />
          Leave
        </button>
      </div>
      <RoomNotices notices={notices} />
      {askContinue && (
        <ContinueChatModal
          onConfirm={() => {
            if (askContinue === 'timer') send({ type: 'room_life_time_request', data: { senderSid: mySid } });
            setAskContinue(null);
            setLifetimeStart(Date.now());
          }}
          onCancel={() => {
            setAskContinue(null);
            leave();
          }}
        />
      )}
      {changeRequest && (
        <div className="vc-modal" role="dialog" aria-modal="true">
          <p>Another user requests to be a host. Allow host changing?</p>
          <button
            type="button"
            className="vc-button"
            onClick={() => {
              send({ type: 'host', data: { hostSid: changeRequest } });
              setChangeRequest(null);
            }}
          >
            Yes
          </button>
          <button type="button" className="vc-button vc-button--plain" onClick={() => setChangeRequest(null)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
