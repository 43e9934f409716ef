import type { RoomParticipant, ServerFrame } from '../../../api/schema/video';
import { ControlSocket, type ControlSocketEvents, type RoomAccess } from '../control-socket';
import type { JoinOptions, MediaPlane, MediaPlaneEvents, MediaRoom, MediaRoomEvents, RemoteMedia, RoomBody, RoomError, RoomState } from './media-provider';

/** The room is as far along as its slower plane: both must be connected for it to be. */
const STATE_ORDER: RoomState[] = ['connected', 'connecting', 'reconnecting', 'disconnected'];

const NO_MEDIA: RemoteMedia = { stream: null, audioMuted: false };

/** The /api/rtc connection as the room uses it. */
export type ControlPlane = Pick<ControlSocket, 'send' | 'close'>;
export type OpenControlPlane = (apiOrigin: string, token: string, events: ControlSocketEvents, access?: RoomAccess) => ControlPlane;

const openControlSocket: OpenControlPlane = (apiOrigin, token, events, access) => new ControlSocket(apiOrigin, token, events, access);

/**
 * A room of either provider: presence, host election and the room messages always go over the
 * /api/rtc control plane, which the server keeps authoritative (only the host steers, the host is cleared when
 * they leave); the provider's media plane carries audio and video.
 */
export class ControlledRoom implements MediaRoom {
  private readonly socket: ControlPlane;
  private readonly plane: MediaPlane;
  private sid = '';
  private identity = '';
  private readonly roster = new Map<string, RoomParticipant>();
  /** Media by identity: a media plane may hear of a participant before the control plane does. */
  private readonly media = new Map<string, RemoteMedia>();
  private controlState: RoomState = 'connecting';
  private mediaState: RoomState = 'connected';
  private state: RoomState = 'connecting';

  constructor(
    options: JoinOptions,
    private readonly events: MediaRoomEvents,
    createPlane: (signal: (to: string, payload: unknown) => void, events: MediaPlaneEvents) => MediaPlane,
    openControl = openControlSocket,
  ) {
    this.socket = openControl(
      options.apiOrigin,
      options.controlToken,
      {
        frame: (frame) => this.onFrame(frame),
        state: (state, error) => {
          this.controlState = state;
          this.update(error);
        },
      },
      options.access,
    );
    this.plane = createPlane((to, payload) => this.socket.send({ type: 'signal', data: { senderSid: this.sid, to, payload } }), {
      media: (identity, media) => {
        this.media.set(identity, media);
        const participant = this.byIdentity(identity);
        if (participant) this.events.media(participant.sid, media);
      },
      // A provider may find that we ourselves are the one speaking (mesh measures our microphone too).
      dominantSpeaker: (identity) =>
        this.events.dominantSpeaker((identity && (identity === this.identity ? this.sid : this.byIdentity(identity)?.sid)) || null),
      state: (state, error) => {
        this.mediaState = state;
        this.update(error);
      },
    });
  }

  send(body: RoomBody): void {
    this.socket.send(body);
  }

  setEnabled(kind: 'audio' | 'video', enabled: boolean): void {
    this.plane.setEnabled(kind, enabled);
  }

  disconnect(): void {
    if (this.state === 'disconnected') return;
    this.state = 'disconnected';
    this.plane.close();
    this.socket.close();
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.type === 'welcome') {
      this.sid = frame.participant.sid;
      this.identity = frame.participant.identity;
      this.roster.clear();
      for (const other of frame.participants) this.roster.set(other.sid, other);
      this.plane.welcome?.(frame.participant, frame.participants);
      this.events.welcome(frame.participant, frame.participants.map(this.withMedia), frame.hostSid);
    } else if (frame.type === 'joined') {
      this.roster.set(frame.participant.sid, frame.participant);
      this.plane.joined?.(frame.participant);
      this.events.joined(this.withMedia(frame.participant));
    } else if (frame.type === 'left') {
      this.roster.delete(frame.participant.sid);
      this.plane.left?.(frame.participant);
      this.events.left(frame.participant);
    } else if (frame.type === 'msg') {
      if (frame.body.type === 'signal') this.plane.signal?.(frame.body.data.senderSid, frame.body.data.payload);
      else this.events.message(frame.body);
    }
  }

  /** Either plane failing ends the room: a half-connected chat (talking without the shared view, or the reverse) helps nobody. */
  private update(error?: RoomError): void {
    if (this.state === 'disconnected') return;
    const next = STATE_ORDER[Math.max(STATE_ORDER.indexOf(this.controlState), STATE_ORDER.indexOf(this.mediaState))];
    if (next === 'disconnected') this.disconnect();
    else if (next === this.state && !error) return;
    this.state = next;
    this.events.state(next, error);
  }

  private readonly withMedia = (participant: RoomParticipant) => ({ ...participant, ...(this.media.get(participant.identity) ?? NO_MEDIA) });

  private byIdentity(identity: string): RoomParticipant | undefined {
    for (const participant of this.roster.values()) if (participant.identity === identity) return participant;
    return undefined;
  }
}
