import type { RoomParticipant } from '../../../api/schema/video';
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
    this.peers = new MeshPeers(self.sid, this.local, this.iceServers, this.send, (sid, stream) => {
      this.streams.set(sid, stream);
      this.report(sid);
    });
    // The newcomer calls everyone already there.
    for (const other of others) {
      this.joined(other);
      this.peers.connect(other.sid);
    }
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
    this.peers?.close();
    this.peers = null;
  }

  private report(sid: string): void {
    const identity = this.identities.get(sid);
    if (identity) this.events.media(identity, { stream: this.streams.get(sid) ?? null, audioMuted: this.muted.get(sid) ?? false });
  }
}

export const meshProvider: MediaProvider = (options, events) =>
  new ControlledRoom(options, events, (signal, planeEvents) => new MeshMedia(options.local, options.iceServers, signal, planeEvents));
