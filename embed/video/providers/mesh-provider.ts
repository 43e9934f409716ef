import type { RoomParticipant } from '../../../api/schema/video';
import { nextSpeaker, SPEAKER_SAMPLE_MS, type Speaker } from '../dominant-speaker';
import { MeshPeers, type SignalPayload } from '../mesh';
import { ControlledRoom } from './controlled-room';
import type { MediaPlane, MediaPlaneEvents, MediaProvider } from './media-provider';

/** A disabled audio track still flows (as silence), so the muted indicator needs its own word through the relay. */
type MeshSignal = SignalPayload | { audioMuted: boolean };

/** Browser-to-browser media: a peer connection per remote participant, negotiated over the control plane's relay. */
export class MeshMedia implements MediaPlane {
  private peers: MeshPeers | null = null;
  private readonly identities = new Map<string, string>();
  private readonly streams = new Map<string, MediaStream | null>();
  private readonly muted = new Map<string, boolean>();
  private audioMuted = false;
  private self: RoomParticipant | null = null;
  private speaker: Speaker | null = null;
  private speakerSampling: ReturnType<typeof setInterval> | undefined;
  /** getStats can take longer than a sampling interval on a busy machine: samples never overlap. */
  private sampling = false;

  constructor(
    private readonly local: MediaStream,
    private readonly iceServers: RTCIceServer[],
    private readonly send: (to: string, payload: MeshSignal) => void,
    private readonly events: MediaPlaneEvents,
  ) {}

  welcome(self: RoomParticipant, others: RoomParticipant[]): void {
    // A reconnection brings a new sid: every peer connection starts over.
    this.peers?.close();
    this.identities.clear();
    this.streams.clear();
    this.muted.clear();
    this.self = self;
    this.peers = new MeshPeers(self.sid, this.local, this.iceServers, this.send, (sid, stream) => {
      this.streams.set(sid, stream);
      this.report(sid);
    });
    // The newcomer calls everyone already there.
    for (const other of others) {
      this.joined(other);
      this.peers.connect(other.sid);
    }
    this.speakerSampling ??= setInterval(() => void this.sampleSpeaker(), SPEAKER_SAMPLE_MS);
  }

  joined(participant: RoomParticipant): void {
    this.identities.set(participant.sid, participant.identity);
    if (this.audioMuted) this.send(participant.sid, { audioMuted: true });
  }

  left(participant: RoomParticipant): void {
    this.peers?.drop(participant.sid);
    this.identities.delete(participant.sid);
    this.streams.delete(participant.sid);
    this.muted.delete(participant.sid);
  }

  signal(fromSid: string, payload: unknown): void {
    const message = payload as MeshSignal;
    if ('audioMuted' in message) {
      this.muted.set(fromSid, message.audioMuted);
      this.report(fromSid);
    } else void this.peers?.receive(fromSid, message);
  }

  setEnabled(kind: 'audio' | 'video', enabled: boolean): void {
    for (const track of kind === 'audio' ? this.local.getAudioTracks() : this.local.getVideoTracks()) track.enabled = enabled;
    if (kind !== 'audio') return;
    this.audioMuted = !enabled;
    for (const sid of this.identities.keys()) this.send(sid, { audioMuted: this.audioMuted });
  }

  close(): void {
    clearInterval(this.speakerSampling);
    this.peers?.close();
    this.peers = null;
  }

  /** Twilio finds the dominant speaker in its cloud; without one, the loudest of the levels our connections measure is. */
  private async sampleSpeaker(): Promise<void> {
    const peers = this.peers;
    if (!peers || this.sampling) return;
    this.sampling = true;
    try {
      const bySid = await peers.audioLevels();
      // Closed or started over (a reconnection) while the stats were read: this sample is of connections now gone.
      if (peers !== this.peers) return;
      const byIdentity = new Map<string, number>();
      for (const [sid, level] of bySid) {
        const identity = sid === this.self?.sid ? this.self.identity : this.identities.get(sid);
        if (identity) byIdentity.set(identity, level);
      }
      const next = nextSpeaker(byIdentity, this.speaker, Date.now());
      if (next?.id !== this.speaker?.id) this.events.dominantSpeaker(next?.id ?? null);
      this.speaker = next;
    } finally {
      this.sampling = false;
    }
  }

  private report(sid: string): void {
    const identity = this.identities.get(sid);
    if (identity) this.events.media(identity, { stream: this.streams.get(sid) ?? null, audioMuted: this.muted.get(sid) ?? false });
  }
}

export const meshProvider: MediaProvider = (options, events) =>
  new ControlledRoom(options, events, (signal, planeEvents) => new MeshMedia(options.local, options.iceServers, signal, planeEvents));
