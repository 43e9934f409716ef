/**
 * Browser-to-browser media for one room: a peer connection per remote participant, set up with "perfect
 * negotiation" (the polite side yields on offer collisions), SDP and ICE relayed through the control plane.
 */
export type SignalPayload = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit };

export class MeshPeers {
  private readonly peers = new Map<string, { pc: RTCPeerConnection; makingOffer: boolean; ignoreOffer: boolean; polite: boolean }>();

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
    const peer = { pc, makingOffer: false, ignoreOffer: false, polite: this.mySid < sid };
    this.peers.set(sid, peer);
    for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
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

  drop(sid: string): void {
    this.peers.get(sid)?.pc.close();
    this.peers.delete(sid);
    this.onStream(sid, null);
  }

  close(): void {
    for (const sid of [...this.peers.keys()]) this.drop(sid);
  }
}
