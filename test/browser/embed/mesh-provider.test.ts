import { expect } from 'chai';
import type { RoomParticipant } from '../../../api/schema/video';
import type { MediaPlaneEvents, RemoteMedia } from '../../../embed/video/providers/media-provider';
import { MeshMedia } from '../../../embed/video/providers/mesh-provider';
import { until } from './support/render';

function camera(): MediaStream {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  // A picture that keeps changing, so frames keep flowing.
  setInterval(() => context.fillRect(Math.random() * 10, 0, 1, 10), 40);
  const audio = new AudioContext().createMediaStreamDestination().stream.getAudioTracks()[0];
  return new MediaStream([canvas.captureStream(25).getVideoTracks()[0], audio]);
}

/** Participants' mesh media in one page, joining in turn; signals are handed over directly instead of through /api/rtc. */
function meshRoom() {
  const planes = new Map<string, MeshMedia>();
  const roster: RoomParticipant[] = [];
  const join = (name: string) => {
    const self = { sid: `PA${name}`, identity: `${name}::1` };
    const seen = new Map<string, RemoteMedia>();
    const events: MediaPlaneEvents = { media: (identity, media) => seen.set(identity, media), dominantSpeaker: () => undefined, state: () => undefined };
    const plane = new MeshMedia(camera(), [], (to, payload) => setTimeout(() => planes.get(to)?.signal(self.sid, payload)), events);
    planes.set(self.sid, plane);
    // The newcomer's welcome names who is there; they hear of the newcomer from the control plane.
    plane.welcome(self, [...roster]);
    for (const other of roster) planes.get(other.sid)!.joined(self);
    roster.push(self);
    return { plane, sees: (name: string) => seen.get(`${name}::1`) };
  };
  return { join, close: () => planes.forEach((plane) => plane.close()) };
}

let room: ReturnType<typeof meshRoom>;
beforeEach(() => (room = meshRoom()));
afterEach(() => room.close());

describe('mesh media between participants in one page (real RTCPeerConnections on loopback)', () => {
  it('each receives the other’s camera and microphone', async () => {
    const [ann, bob] = [room.join('Ann'), room.join('Bob')];
    const fromAnn = await until(() => bob.sees('Ann')?.stream, 'Ann’s stream at Bob');
    const fromBob = await until(() => ann.sees('Bob')?.stream, 'Bob’s stream at Ann');
    expect(fromAnn.getVideoTracks()).to.have.length(1);
    expect(fromBob.getAudioTracks()).to.have.length(1);
  });

  it('a muted microphone shows as audio-muted at the others, also at someone who joins later', async () => {
    const [ann, bob] = [room.join('Ann'), room.join('Bob')];
    await until(() => bob.sees('Ann')?.stream, 'Ann’s stream at Bob');
    ann.plane.setEnabled('audio', false);
    await until(() => bob.sees('Ann')?.audioMuted === true, 'Ann muted at Bob');
    ann.plane.setEnabled('audio', true);
    await until(() => bob.sees('Ann')?.audioMuted === false, 'Ann unmuted at Bob');

    ann.plane.setEnabled('audio', false);
    const cat = room.join('Cat');
    await until(() => cat.sees('Ann')?.stream, 'Ann’s stream at Cat');
    await until(() => cat.sees('Ann')?.audioMuted === true, 'Ann muted at Cat');
  });
});
