import '../i18n/en-parts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { ROOM_LIFETIME_MS } from '../../api/schema/video';
import { useMessages } from '../i18n/i18n-context';
import { apiGet, apiPost } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { fetchVideoConfig } from './video-config';
import type { VideoChatProps } from './contract';
import { applyHostView, followerTweenMs, shareHostView } from './follow-host';
import { watchFramePace, type FramePace } from './frame-pace';
import type { MediaRoom, MediaRoomEvents, RoomBody } from './providers/media-provider';
import { meshProvider } from './providers/mesh-provider';
import { twilioProvider } from './providers/twilio-provider';
import * as room from './room-store';
import type { RoomStore } from './room-store';

/** At least 640×360, ideally 1280×720, with sound. */
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
  /** How often this page draws, which decides whether following the host tweens (followerTweenMs). */
  pace: FramePace;
}

export interface RoomSession {
  connect(): Promise<void>;
  leave(): void;
  send(body: RoomBody): void;
  setEnabled(kind: 'audio' | 'video', enabled: boolean): void;
  /** Our own camera, while in the room. */
  localStream(): MediaStream | null;
}

type SessionProps = Pick<VideoChatProps, 'tour' | 'panorama' | 'user' | 'onActiveChange' | 'onHostingChange'>;

/**
 * The room protocol around the store: joining (camera, tokens, provider), the room's events as transitions, the
 * host's shared view, following, and the lifetime prompt. `notify` shows a room notice, `fail` a failure toast (its
 * text in the viewer's language).
 */
export function useRoomSession(
  store: RoomStore,
  { tour, panorama, user, onActiveChange, onHostingChange }: SessionProps,
  notify: (notice: room.RoomNotice) => void,
  fail: (text: string) => void,
): RoomSession {
  const session = useRef<Session | null>(null);
  /**
   * Raised by every join and every leave (closing the panel included): a join that finds it raised again after
   * waiting for the camera or the tokens was given up meanwhile, and lets the camera go instead of joining.
   */
  const attempts = useRef(0);
  const isOwner = !!user && user.id === tour.userId;
  const apiOrigin = useApiOrigin();
  const { t } = useMessages();

  async function connect() {
    const attempt = ++attempts.current;
    const givenUp = () => attempts.current !== attempt;
    store.update(room.joining);
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia(MEDIA_CONSTRAINTS);
    } catch {
      if (givenUp()) return;
      fail(t('cameraFailed'));
      return store.update(room.joinFailed);
    }
    const stopCamera = () => local.getTracks().forEach((track) => track.stop());
    if (givenUp()) return stopCamera();
    const roomName = String(tour.id);
    const config = await fetchVideoConfig(apiOrigin);
    const provider = config.ok ? config.value.provider : 'mesh';
    // The control plane (/api/rtc) takes our own token whichever provider carries the media; Twilio's answer
    // carries it beside Twilio's, for the one identity the server made from our name. A password tour's room asks
    // for the token its accepted password gave; the owner is known by their sign-in, which the request carries and
    // the socket's hello shows again.
    const request = { identity: store.get().name.trim(), room: roomName, tourAccessToken: tour.accessToken };
    const tokens = await apiPost<{ token: string; controlToken?: string }>(apiOrigin, `/${provider}/video-token`, request);
    // A failed token request is silent apart from clearing state: the visitor is back in the lobby and may connect
    // again.
    if (givenUp()) return stopCamera();
    if (!config.ok || !tokens.ok) {
      stopCamera();
      return store.update(room.joinFailed);
    }
    void apiGet(apiOrigin, `/tours/${encodeURIComponent(tour.shortId)}/joinChat`);
    const join = provider === 'twilio' ? twilioProvider() : meshProvider;
    const options = {
      apiOrigin,
      controlToken: tokens.value.controlToken ?? tokens.value.token,
      mediaToken: provider === 'twilio' ? tokens.value.token : undefined,
      access: { auth: user?.token, tourAccessToken: tour.accessToken },
      room: roomName,
      local,
      iceServers: config.value.iceServers,
    };
    session.current = { room: join(options, roomEvents()), local, pace: watchFramePace() };
    store.update(room.entered);
    onActiveChange(true);
  }

  function roomEvents(): MediaRoomEvents {
    return {
      state(state, failure) {
        store.update(room.connectionChanged, state);
        if (state !== 'disconnected') return;
        // The service's own error is shown with its message (in the service's words), then the visitor leaves the chat.
        if (failure) fail(failure.message ? t('chatFailedWith', { detail: failure.message }) : t('somethingWentWrong'));
        leave();
      },
      welcome(self, others, host) {
        store.update(room.welcomed, self, others, host);
        if (isOwner && !host) session.current?.room.send({ type: 'host', data: { hostSid: self.sid } });
      },
      joined(participant) {
        store.update(room.participantJoined, participant);
        notify(room.joinedNotice(participant));
      },
      left(participant) {
        store.update(room.participantLeft, participant.sid);
        notify(room.leftNotice(participant));
      },
      media: (sid, media) => store.update(room.mediaChanged, sid, media),
      dominantSpeaker: (sid) => store.update(room.speakerChanged, sid),
      message: onMessage,
    };
  }

  function onMessage(body: RoomBody) {
    if (!session.current) return;
    const current = store.get();
    if (body.type === 'host') {
      const notice = room.hostNotice(current, body.data.hostSid);
      store.update(room.hostChanged, body.data.hostSid);
      if (notice) notify(notice);
    } else if (body.type === 'host_reset') store.update(room.hostChanged, null);
    else if (body.type === 'host_request_changing') store.update(room.hostChangeAsked, body.data.senderSid);
    else if (body.type === 'scene') {
      store.update(room.hostViewShared, body.data);
      if (current.following) applyHostView(panorama, body.data, followerTweenMs(session.current.pace.slowestFrameMs()));
    } else if (body.type === 'infospot') {
      store.update(room.hostInfospotShared, body.data.infospotId);
      if (current.following) panorama.openInfospot(body.data.infospotId);
    } else if (body.type === 'room_life_time_request') store.update(room.lifetimeRenewed, Date.now());
  }

  function leave() {
    attempts.current += 1;
    const current = session.current;
    session.current = null;
    current?.room.disconnect();
    current?.local.getTracks().forEach((track) => track.stop());
    current?.pace.stop();
    store.update(room.left);
    onActiveChange(false);
  }

  // Closing the panel or removing the element leaves the room, or gives up joining it.
  const close = useEffectEvent(() => {
    attempts.current += 1;
    if (session.current) leave();
  });
  useEffect(() => () => close(), []);

  const { phase, mySid, hostSid, lifetimeStart, following } = room.useRoom(store);
  // The host shares the view; followers who drag stop following until they choose to follow again.
  const isHost = !!mySid && hostSid === mySid;
  const hostingChanged = useEffectEvent(onHostingChange);
  useEffect(() => hostingChanged(isHost), [isHost]);
  // Following again goes at once to where the host is now, not only where the host moves next.
  useEffect(() => {
    const { hostView, hostInfospot } = store.get();
    const current = session.current;
    if (!current || !following || !hostView || room.isHost(store.get())) return;
    applyHostView(panorama, hostView, followerTweenMs(current.pace.slowestFrameMs()));
    if (hostInfospot) panorama.openInfospot(hostInfospot);
  }, [following, panorama, store]);
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
  const stoppedFollowing = useEffectEvent(() => notify(room.STOPPED_FOLLOWING));
  useEffect(
    () =>
      panorama.onUserInteraction(() => {
        if (!room.stoppedFollowing(store.get())) return;
        store.update(room.stoppedFollowing);
        stoppedFollowing();
      }),
    [panorama, store],
  );

  // After the room lifetime, ask whether to go on.
  useEffect(() => {
    if (phase !== 'room') return;
    const timer = setTimeout(() => store.update(room.lifetimeEnded), roomLifetimeMs());
    return () => clearTimeout(timer);
  }, [phase, lifetimeStart, store]);

  return {
    connect,
    leave,
    send: (body) => session.current?.room.send(body),
    setEnabled: (kind, enabled) => session.current?.room.setEnabled(kind, enabled),
    localStream: () => session.current?.local ?? null,
  };
}
