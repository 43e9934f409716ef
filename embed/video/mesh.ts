/**
 * Browser-to-browser media for one room: a peer connection per remote participant, set up with "perfect
 * negotiation" (the polite side yields on offer collisions), SDP and ICE relayed through the control plane.
 */
export type SignalPayload = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit };

/** Running audio totals of one connection at the last level sample. */
interface AudioTotals {
  energy: number;
  duration: number;
}

interface Peer {
  pc: RTCPeerConnection;
  makingOffer: boolean;
  ignoreOffer: boolean;
  polite: boolean;
  /** What the remote participant's audio (heard) and our microphone on this connection (said) had added up to. */
  heard?: AudioTotals;
  said?: AudioTotals;
}

/** Prefers VP8: first in the list, every other codec kept after it as a fallback. */
export function vp8First(codecs: readonly RTCRtpCodec[]): RTCRtpCodec[] {
  const isVp8 = (codec: RTCRtpCodec) => codec.mimeType.toLowerCase() === 'video/vp8';
  return [...codecs.filter(isVp8), ...codecs.filter((codec) => !isVp8(codec))];
}

/** Chromium and Firefox offer VP8 first anyway; Safari would lead with H.264. */
function preferVp8(pc: RTCPeerConnection): void {
  const codecs = RTCRtpReceiver.getCapabilities?.('video')?.codecs;
  if (!codecs) return;
  for (const transceiver of pc.getTransceivers()) {
    if (transceiver.receiver.track.kind === 'video') transceiver.setCodecPreferences?.(vp8First(codecs));
  }
}

export class MeshPeers {
  private readonly peers = new Map<string, Peer>();

  constructor(
    private readonly mySid: string,
    private readonly local: MediaStream,
    private readonly iceServers: RTCIceServer[],
    private readonly signal: (to: string, payload: SignalPayload) => void,
    private readonly onStream: (sid: string, stream: MediaStream | null) => void,
  ) {}

  connect(sid: string): void {
    if (this.peers.has(sid)) return;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = { pc, makingOffer: false, ignoreOffer: false, polite: this.mySid < sid };
    this.peers.set(sid, peer);
    for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    preferVp8(pc);
    pc.ontrack = ({ streams }) => this.onStream(sid, streams[0] ?? null);
    pc.onicecandidate = ({ candidate }) => candidate && this.signal(sid, { candidate: candidate.toJSON() });
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        this.signal(sid, { description: pc.localDescription!.toJSON() });
      } finally {
        peer.makingOffer = false;
      }
    };
  }

  async receive(sid: string, payload: SignalPayload): Promise<void> {
    this.connect(sid);
    const peer = this.peers.get(sid)!;
    const { pc } = peer;
    if ('description' in payload) {
      const description = payload.description;
      const collision = description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
      peer.ignoreOffer = !peer.polite && collision;
      if (peer.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        this.signal(sid, { description: pc.localDescription!.toJSON() });
      }
    } else {
      await pc.addIceCandidate(payload.candidate).catch((err) => {
        if (!peer.ignoreOffer) throw err;
      });
    }
  }

  /**
   * Audio levels by sid since the last call (WebRTC's scale, 0 to 1): each remote participant's as it arrives,
   * and our own microphone's (under our sid) as it goes out. A level read at one instant would catch a syllable
   * or the gap between two; the average over the interval comes from the running energy totals.
   */
  async audioLevels(): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    await Promise.all(
      [...this.peers].map(async ([sid, peer]) => {
        // A connection closed since the list was taken has no stats: it simply has no level in this sample.
        const stats = await peer.pc.getStats().catch(() => undefined);
        stats?.forEach((report: { type: string; kind?: string; totalAudioEnergy?: number; totalSamplesDuration?: number }) => {
          if (report.kind !== 'audio' || report.totalAudioEnergy === undefined || report.totalSamplesDuration === undefined) return;
          const direction = report.type === 'inbound-rtp' ? 'heard' : report.type === 'media-source' ? 'said' : undefined;
          if (!direction) return;
          const now = { energy: report.totalAudioEnergy, duration: report.totalSamplesDuration };
          const before = peer[direction] ?? { energy: 0, duration: 0 };
          peer[direction] = now;
          if (now.duration <= before.duration) return;
          // The energy totals add up level² × seconds: the root of their mean is the level over the interval.
          const level = Math.sqrt((now.energy - before.energy) / (now.duration - before.duration));
          const who = direction === 'heard' ? sid : this.mySid;
          levels.set(who, Math.max(level, levels.get(who) ?? 0));
        });
      }),
    );
    return levels;
  }

  drop(sid: string): void {
    this.peers.get(sid)?.pc.close();
    this.peers.delete(sid);
    this.onStream(sid, null);
  }

  close(): void {
    for (const sid of [...this.peers.keys()]) this.drop(sid);
  }
}
