import { expect } from 'chai';
import type { RoomParticipant } from '../../../../../api/schema/video';
import type { MediaPlaneEvents, RemoteMedia } from '../../../../../embed/video/providers/media-provider';
import { MeshMedia } from '../../../../../embed/video/providers/mesh-provider';
import { until } from '../../support/render';

/** A picture that keeps changing, and a microphone: silent unless another is given. */
function camera(microphone = new AudioContext().createMediaStreamDestination().stream.getAudioTracks()[0]): MediaStream {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  // A picture that keeps changing, so frames keep flowing.
  setInterval(() => context.fillRect(Math.random() * 10, 0, 1, 10), 40);
  return new MediaStream([canvas.captureStream(25).getVideoTracks()[0], microphone]);
}

/** Plays what arrives, as the room's <audio> sinks do: Chromium measures a received audio level only while it plays. */
function playAloud(stream: MediaStream): void {
  if ([...document.querySelectorAll('audio')].some((audio) => audio.srcObject === stream)) return;
  document.body.append(Object.assign(document.createElement('audio'), { srcObject: stream, autoplay: true }));
}

/** Participants' mesh media in one page, joining in turn; signals are handed over directly instead of through /api/rtc. */
function meshRoom() {
  const planes = new Map<string, MeshMedia>();
  const roster: RoomParticipant[] = [];
  const join = (name: string, microphone?: MediaStreamTrack) => {
    const self = { sid: `PA${name}`, identity: `${name}::1` };
    const seen = new Map<string, RemoteMedia>();
    const speakers: Array<string | null> = [];
    const events: MediaPlaneEvents = {
      media: (identity, media) => {
        seen.set(identity, media);
        if (media.stream) playAloud(media.stream);
      },
      dominantSpeaker: (identity) => speakers.push(identity),
      state: () => undefined,
    };
    const plane = new MeshMedia(camera(microphone), [], (to, payload) => setTimeout(() => planes.get(to)?.signal(self.sid, payload)), events);
    planes.set(self.sid, plane);
    // The newcomer's welcome names who is there; they hear of the newcomer from the control plane.
    plane.welcome(self, [...roster]);
    for (const other of roster) planes.get(other.sid)!.joined(self);
    roster.push(self);
    return { plane, speakers, sees: (name: string) => seen.get(`${name}::1`) };
  };
  return {
    join,
    close: () => {
      planes.forEach((plane) => plane.close());
      document.querySelectorAll('audio').forEach((audio) => audio.remove());
    },
  };
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

  it('finds the dominant speaker in the audio levels: the one speaking, at the others and at themselves', async () => {
    // Chromium's fake microphone (--use-fake-device-for-media-stream) beeps; a page that captures may also play sound.
    const [voice] = (await navigator.mediaDevices.getUserMedia({ audio: true })).getAudioTracks();
    const [ann, bob] = [room.join('Ann', voice), room.join('Bob')];
    await until(() => bob.speakers.length > 0, 'a dominant speaker at Bob');
    await until(() => ann.speakers.length > 0, 'a dominant speaker at Ann');
    expect([bob.speakers[0], ann.speakers[0]]).to.deep.equal(['Ann::1', 'Ann::1']);
    voice.stop();
  });
});
