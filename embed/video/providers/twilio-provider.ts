import type { ConnectOptions } from 'twilio-video';
import { ControlledRoom } from './controlled-room';
import type { MediaPlane, MediaPlaneEvents, MediaProvider, RoomError } from './media-provider';

/** The parts of twilio-video's Room this adapter uses (what a stand-in for Twilio's cloud has to provide). */
export interface TwilioPublication {
  kind: 'audio' | 'video' | 'data';
  isTrackEnabled: boolean;
  /** Set while we are subscribed; data tracks have no media stream track. */
  track: { kind: string; mediaStreamTrack?: MediaStreamTrack } | null;
}

export interface TwilioParticipant {
  identity: string;
  tracks: Map<string, TwilioPublication>;
}

interface TwilioLocalPublications {
  track: { enable(enabled: boolean): unknown };
}

export interface TwilioRoom {
  participants: Map<string, TwilioParticipant>;
  localParticipant: { audioTracks: Map<string, TwilioLocalPublications>; videoTracks: Map<string, TwilioLocalPublications> };
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

export type TwilioConnect = (token: string, options: ConnectOptions) => Promise<TwilioRoom>;

/** When Twilio fails without a code of its own. */
const UNABLE_TO_CONNECT: RoomError = { code: 53104, message: 'Unable to connect to Room' };

/** A TwilioError keeps its code and Twilio's message: the visitor is shown that message. */
export function twilioRoomError(error: unknown): RoomError {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
    const message = 'message' in error && typeof error.message === 'string' && error.message ? error.message : UNABLE_TO_CONNECT.message;
    return { code: error.code, message };
  }
  return UNABLE_TO_CONNECT;
}

/** Twilio Video's media: one Twilio room with our camera and microphone; remote tracks gathered per participant. */
export class TwilioMedia implements MediaPlane {
  private room: TwilioRoom | null = null;
  private closed = false;

  constructor(
    connect: TwilioConnect | Promise<TwilioConnect>,
    token: string,
    roomName: string,
    local: MediaStream,
    private readonly events: MediaPlaneEvents,
  ) {
    events.state('connecting');
    const options: ConnectOptions = { name: roomName, tracks: local.getTracks(), dominantSpeaker: true, preferredVideoCodecs: ['VP8'] };
    Promise.resolve(connect)
      .then((connectTo) => connectTo(token, options))
      .then(
        (room) => this.attach(room),
        (error: unknown) => !this.closed && events.state('disconnected', twilioRoomError(error)),
      );
  }

  setEnabled(kind: 'audio' | 'video', enabled: boolean): void {
    const local = this.room?.localParticipant;
    // Twilio's enable/disable also flips the MediaStreamTrack, and tells the others (trackDisabled: the muted indicator).
    for (const publication of (kind === 'audio' ? local?.audioTracks : local?.videoTracks)?.values() ?? []) publication.track.enable(enabled);
  }

  close(): void {
    this.closed = true;
    this.room?.disconnect();
  }

  private attach(room: TwilioRoom): void {
    if (this.closed) {
      room.disconnect();
      return;
    }
    this.room = room;
    const report = (participant: TwilioParticipant) => this.report(participant);
    room.on('trackSubscribed', (_track: unknown, _publication: unknown, participant: TwilioParticipant) => report(participant));
    room.on('trackUnsubscribed', (_track: unknown, _publication: unknown, participant: TwilioParticipant) => report(participant));
    room.on('trackEnabled', (_publication: unknown, participant: TwilioParticipant) => report(participant));
    room.on('trackDisabled', (_publication: unknown, participant: TwilioParticipant) => report(participant));
    room.on('participantDisconnected', (participant: TwilioParticipant) => this.events.media(participant.identity, { stream: null, audioMuted: false }));
    room.on('dominantSpeakerChanged', (speaker: TwilioParticipant | null) => this.events.dominantSpeaker(speaker?.identity ?? null));
    room.on('reconnecting', () => this.events.state('reconnecting'));
    room.on('reconnected', () => this.events.state('connected'));
    // Without an error, we left (close) or the room ended as planned.
    room.on('disconnected', (_room: unknown, error?: unknown) => !this.closed && this.events.state('disconnected', error ? twilioRoomError(error) : undefined));
    for (const participant of room.participants.values()) report(participant);
    this.events.state('connected');
  }

  private report(participant: TwilioParticipant): void {
    const publications = [...participant.tracks.values()];
    const tracks = publications.flatMap((publication) => publication.track?.mediaStreamTrack ?? []);
    this.events.media(participant.identity, {
      stream: tracks.length > 0 ? new MediaStream(tracks) : null,
      audioMuted: publications.some((publication) => publication.kind === 'audio' && !publication.isTrackEnabled),
    });
  }
}

/** twilio-video is loaded only when the server's provider is twilio, as a chunk of its own. */
export async function loadTwilioConnect(): Promise<TwilioConnect> {
  const twilio = await import('twilio-video');
  return twilio.connect;
}

/** twilio-video's own verdict on this browser (it fetches the library's chunk). */
export async function twilioSupported(): Promise<boolean> {
  return (await import('twilio-video')).isSupported;
}

/** `connect` is Twilio's by default; tests hand in a stand-in for Twilio's cloud. */
export function twilioProvider(connect: TwilioConnect | Promise<TwilioConnect> = loadTwilioConnect()): MediaProvider {
  return (options, events) => {
    if (!options.mediaToken) throw new Error('The twilio provider needs a token from POST /api/twilio/video-token.');
    const token = options.mediaToken;
    return new ControlledRoom(options, events, (_signal, planeEvents) => new TwilioMedia(connect, token, options.room, options.local, planeEvents));
  };
}
