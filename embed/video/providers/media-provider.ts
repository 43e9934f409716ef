import type { RoomMessage, RoomParticipant } from '../../../api/schema/video';
import type { RoomAccess } from '../control-socket';

/**
 * Room connection: connecting → connected; connected → reconnecting or disconnected; reconnecting →
 * connected or disconnected; disconnected is final.
 */
export type RoomState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** A video service error: its error code and the service's own message. */
export interface RoomError {
  code: number;
  message: string;
}

/** Room messages; the mesh provider's `signal` relay never leaves the provider. */
export type RoomBody = Exclude<RoomMessage, { type: 'signal' }>;

/** What one remote participant sends: their audio and video (null until a track arrives) and whether their microphone is off. */
export interface RemoteMedia {
  stream: MediaStream | null;
  audioMuted: boolean;
}

export interface RemoteParticipant extends RoomParticipant, RemoteMedia {}

/** Participants are named by the control plane's sid, whichever provider carries their media. */
export interface MediaRoomEvents {
  state(state: RoomState, error?: RoomError): void;
  /** Joined (again, after every reconnection): who we are, who is already here and who hosts. */
  welcome(self: RoomParticipant, others: RemoteParticipant[], hostSid: string | null): void;
  joined(participant: RemoteParticipant): void;
  left(participant: RoomParticipant): void;
  /** A remote participant's tracks or audio-muted state changed. */
  media(sid: string, media: RemoteMedia): void;
  dominantSpeaker(sid: string | null): void;
  message(body: RoomBody): void;
}

export interface MediaRoom {
  send(body: RoomBody): void;
  /** Turns the local microphone or camera off or on, in a way the others see (the muted indicator). */
  setEnabled(kind: 'audio' | 'video', enabled: boolean): void;
  disconnect(): void;
}

export interface JoinOptions {
  /** The tour server whose /api/rtc carries the room. */
  apiOrigin: string;
  /** The /api/rtc control plane's token (POST /api/mesh/video-token). */
  controlToken: string;
  /** The media service's own token, for providers that have one (POST /api/twilio/video-token). */
  mediaToken?: string;
  /** Shown with the control plane's hello: what lets this person into a room not open to all. */
  access?: RoomAccess;
  room: string;
  /** The camera and microphone, already granted. */
  local: MediaStream;
  iceServers: RTCIceServer[];
}

/** Joins a room: the provider of GET /api/video/config. */
export type MediaProvider = (options: JoinOptions, events: MediaRoomEvents) => MediaRoom;

/**
 * What a provider adds to the control plane: the media. Its events name participants by identity, which both
 * planes share (Twilio's participant sids are not the control plane's).
 */
export interface MediaPlaneEvents {
  media(identity: string, media: RemoteMedia): void;
  dominantSpeaker(identity: string | null): void;
  state(state: RoomState, error?: RoomError): void;
}

/** The media half of a room; the roster hooks are for providers that set up media per participant (mesh). */
export interface MediaPlane {
  welcome?(self: RoomParticipant, others: RoomParticipant[]): void;
  joined?(participant: RoomParticipant): void;
  left?(participant: RoomParticipant): void;
  /** A `signal` room message addressed to us through the control plane. */
  signal?(fromSid: string, payload: unknown): void;
  setEnabled(kind: 'audio' | 'video', enabled: boolean): void;
  close(): void;
}
