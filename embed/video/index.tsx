import { useEffect, useRef, useState } from 'react';
import { displayName, ROOM_LIFETIME_MS, type RoomParticipant, type ServerFrame } from '../../api/schema/video';
import { API_ORIGIN } from '../api-origin';
import { apiGet, apiPost } from '../tour-client';
import type { VideoChatProps } from '../video-chat-contract';
import videoCss from './video.css';
import { ContinueChatModal } from './ContinueChatModal';
import { ControlSocket, type ConnectionState } from './control-socket';
import { applyHostView, shareHostView } from './follow-host';
import { MeshPeers, type SignalPayload } from './mesh';

export const CAMERA_ERROR = 'Something went wrong. Please make sure that the application has access to the camera.';
export const CONNECT_ERROR = 'Something went wrong. Please try connecting again.';

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
  socket: ControlSocket;
  mesh: MeshPeers | null;
  local: MediaStream;
  sid: string;
}

/** The lazily loaded video chat: the lobby, then the room with its tiles, controls and the host's guided view. */
export function VideoChat({ tour, panorama, user, onActiveChange, onClose, onScheduleShowing }: VideoChatProps) {
  const isOwner = !!user && user.id === tour.userId;
  const [name, setName] = useState(user?.name ?? '');
  const [phase, setPhase] = useState<'lobby' | 'joining' | 'room'>('lobby');
  const [error, setError] = useState('');
  const [participants, setParticipants] = useState<RoomParticipant[]>([]);
  const [streams, setStreams] = useState<Record<string, MediaStream>>({});
  const [hostSid, setHostSid] = useState<string | null>(null);
  const [mySid, setMySid] = useState('');
  const [following, setFollowing] = useState(true);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [notices, setNotices] = useState<string[]>([]);
  const [changeRequest, setChangeRequest] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  /** Why the continue prompt is open: the own clock ran out (then a yes tells the others), or someone else asked. */
  const [askContinue, setAskContinue] = useState<'timer' | 'request' | null>(null);
  const [lifetimeStart, setLifetimeStart] = useState(0);
  const session = useRef<Session | null>(null);
  const followingRef = useRef(true);
  followingRef.current = following;
  const sceneId = panorama.getView()?.sceneId;
  const canConnect = !!tour.id && !!sceneId && name.trim().length > 0;
  const notify = (text: string) => setNotices((list) => [...list.slice(-3), text]);

  async function connect() {
    setPhase('joining');
    setError('');
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia(MEDIA_CONSTRAINTS);
    } catch {
      setError(CAMERA_ERROR);
      return setPhase('lobby');
    }
    const identity = `${name.trim()}::${crypto.randomUUID().slice(0, 8)}`;
    const [token, config] = await Promise.all([
      apiPost<{ token: string }>('/mesh/video-token', { identity, room: String(tour.id) }),
      apiGet<{ iceServers: RTCIceServer[] }>('/video/config'),
    ]);
    if (!token.ok) {
      local.getTracks().forEach((track) => track.stop());
      setError(CONNECT_ERROR);
      return setPhase('lobby');
    }
    void apiGet(`/tours/${encodeURIComponent(tour.shortId)}/joinChat`);
    const iceServers = config.ok ? config.value.iceServers : [];
    const socket = new ControlSocket(token.value.token, {
      frame: (frame) => onFrame(frame, iceServers),
      state: (state, failure) => {
        setConnection(state);
        if (failure) setError(`Something went wrong. ${failure.message}`);
      },
    });
    session.current = { socket, mesh: null, local, sid: '' };
    setPhase('room');
    onActiveChange(true);
  }

  function onFrame(frame: ServerFrame, iceServers: RTCIceServer[]) {
    const current = session.current;
    if (!current) return;
    if (frame.type === 'welcome') {
      current.mesh?.close();
      current.sid = frame.participant.sid;
      current.mesh = new MeshPeers(
        frame.participant.sid,
        current.local,
        iceServers,
        (to, payload) => current.socket.send({ type: 'signal', data: { senderSid: current.sid, to, payload } }),
        (sid, stream) => setStreams(({ [sid]: _gone, ...rest }) => (stream ? { ...rest, [sid]: stream } : rest)),
      );
      setMySid(frame.participant.sid);
      setParticipants(frame.participants);
      setHostSid(frame.hostSid);
      // The newcomer calls everyone already there.
      for (const other of frame.participants) current.mesh.connect(other.sid);
      if (isOwner && !frame.hostSid) current.socket.send({ type: 'host', data: { hostSid: frame.participant.sid } });
    } else if (frame.type === 'joined') {
      setParticipants((list) => [...list, frame.participant]);
      notify(`${displayName(frame.participant.identity)} has joined the conversation.`);
    } else if (frame.type === 'left') {
      setParticipants((list) => list.filter((p) => p.sid !== frame.participant.sid));
      current.mesh?.drop(frame.participant.sid);
    } else if (frame.type === 'msg') {
      const { body } = frame;
      if (body.type === 'host') {
        setHostSid(body.data.hostSid);
        if (body.data.hostSid === current.sid) notify('You are now sharing your screen.');
      } else if (body.type === 'host_reset') setHostSid(null);
      else if (body.type === 'host_request_changing') setChangeRequest(body.data.senderSid);
      else if (body.type === 'scene' && followingRef.current) applyHostView(panorama, body.data);
      else if (body.type === 'infospot' && followingRef.current) panorama.openInfospot(body.data.infospotId);
      else if (body.type === 'room_life_time_request') {
        // Someone chose to go on: everyone's clock starts again, and everyone is asked too.
        setLifetimeStart(Date.now());
        setAskContinue('request');
      } else if (body.type === 'signal') void current.mesh?.receive(body.data.senderSid, body.data.payload as SignalPayload);
    }
  }

  function leave() {
    const current = session.current;
    session.current = null;
    current?.mesh?.close();
    current?.socket.close();
    current?.local.getTracks().forEach((track) => track.stop());
    setPhase('lobby');
    setParticipants([]);
    setStreams({});
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
    if (isOwner && phase === 'lobby' && canConnect && !error) void connect();
  }, [isOwner]);

  // The host shares the view; followers who drag stop following until they choose to follow again.
  const isHost = !!mySid && hostSid === mySid;
  useEffect(() => {
    const current = session.current;
    if (!isHost || !current) return;
    const stopView = shareHostView(panorama, (message) => current.socket.send(message), mySid);
    const stopInfospots = panorama.onInfospotOpen((infospotId) => current.socket.send({ type: 'infospot', data: { senderSid: mySid, infospotId } }));
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

  const send = (body: Parameters<ControlSocket['send']>[0]) => session.current?.socket.send(body);
  const host = participants.find((p) => p.sid === hostSid);

  if (phase !== 'room') {
    const brand = location.origin === API_ORIGIN ? 'Tour Platform' : location.hostname;
    return (
      <div className="vc-lobby">
        <style>{videoCss}</style>
        <button type="button" className="vc-close" aria-label="Close the lobby" onClick={onClose}>
          ×
        </button>
        <h2>{brand}</h2>
        <p>Live video tours made possible by Tour Platform</p>
        <p>Click Connect to join other participants.</p>
        <input aria-label="Your name" placeholder="Enter Your Name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        {error && (
          <p className="vc-error" role="alert">
            {error}
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

  return (
    <div className="vc-room" data-connection={connection}>
      <style>{videoCss}</style>
      {connection === 'reconnecting' && <p role="status">Reconnecting…</p>}
      {error && (
        <p className="vc-error" role="alert">
          {error}
        </p>
      )}
      <div className="vc-tiles">
        <figure className="vc-tile vc-tile--local" data-sid={mySid}>
          <Video stream={session.current?.local ?? null} muted />
          <figcaption>
            {isHost && <span aria-label="Host">👑</span>} {name} (you)
          </figcaption>
        </figure>
        {participants.map((participant) => (
          <figure key={participant.sid} className="vc-tile" data-sid={participant.sid}>
            <Video stream={streams[participant.sid] ?? null} />
            <figcaption>
              {participant.sid === hostSid && <span aria-label="Host">👑</span>} {displayName(participant.identity)}
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="vc-controls" role="toolbar" aria-label="Video chat controls">
        <button
          type="button"
          aria-pressed={muted}
          onClick={() => {
            session.current?.local.getAudioTracks().forEach((track) => (track.enabled = muted));
            setMuted(!muted);
          }}
        >
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <button
          type="button"
          aria-pressed={cameraOff}
          onClick={() => {
            session.current?.local.getVideoTracks().forEach((track) => (track.enabled = cameraOff));
            setCameraOff(!cameraOff);
          }}
        >
          {cameraOff ? 'Camera on' : 'Camera off'}
        </button>
        {isHost ? (
          <button type="button" onClick={() => send({ type: 'host_reset', data: { senderSid: mySid } })}>
            Stop Sharing
          </button>
        ) : host ? (
          <button type="button" onClick={() => send({ type: 'host_request_changing', data: { senderSid: mySid } })}>
            Request to host
          </button>
        ) : (
          <button type="button" onClick={() => send({ type: 'host', data: { hostSid: mySid } })}>
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
            {following ? 'Stop following' : 'Follow host'}
          </button>
        )}
        <button type="button" className="vc-leave" onClick={leave}>
          Leave
        </button>
      </div>
      <ul className="vc-notices" aria-live="polite">
        {notices.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
      </ul>
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

function Video({ stream, muted = false }: { stream: MediaStream | null; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} />;
}
