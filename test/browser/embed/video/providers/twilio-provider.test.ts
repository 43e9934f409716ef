import { expect } from 'chai';
import type { ConnectOptions } from 'twilio-video';
import type { MediaPlaneEvents, RemoteMedia, RoomError, RoomState } from '../../../../../embed/video/providers/media-provider';
import {
  TwilioMedia,
  twilioRoomError,
  type TwilioParticipant,
  type TwilioPublication,
  type TwilioRoom,
} from '../../../../../embed/video/providers/twilio-provider';
import { until } from '../../support/render';

type Listener = (...args: never[]) => void;

/** Stands in for a twilio-video Room: Twilio's cloud cannot be reached from the test machines. */
class FakeRoom implements TwilioRoom {
  readonly participants = new Map<string, TwilioParticipant>();
  readonly enabled: Record<'audio' | 'video', boolean[]> = { audio: [], video: [] };
  readonly localParticipant = {
    audioTracks: new Map([['MTaudio', { track: { enable: (on: boolean) => this.enabled.audio.push(on) } }]]),
    videoTracks: new Map([['MTvideo', { track: { enable: (on: boolean) => this.enabled.video.push(on) } }]]),
  };
  disconnects = 0;
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }

  /** Like twilio-video's, a disconnect we ask for ends with 'disconnected' and no error. */
  disconnect(): this {
    this.disconnects += 1;
    this.emit('disconnected', this);
    return this;
  }
}

class TwilioError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function videoTrack(): MediaStreamTrack {
  const canvas = document.createElement('canvas');
  canvas.getContext('2d')!.fillRect(0, 0, 10, 10);
  return canvas.captureStream().getVideoTracks()[0];
}

const audioTrack = (): MediaStreamTrack => new AudioContext().createMediaStreamDestination().stream.getAudioTracks()[0];

function participant(identity: string): TwilioParticipant & { tracks: Map<string, TwilioPublication> } {
  return { identity, tracks: new Map() };
}

function publish(who: TwilioParticipant, kind: 'audio' | 'video', track: MediaStreamTrack | null): TwilioPublication {
  const publication: TwilioPublication = { kind, isTrackEnabled: true, track: track && { kind, mediaStreamTrack: track } };
  who.tracks.set(`MT${kind}${who.identity}`, publication);
  return publication;
}

/** Records what the adapter reports, as the room around it would see it. */
function recorder() {
  const states: Array<[RoomState, RoomError | undefined]> = [];
  const media = new Map<string, RemoteMedia>();
  const speakers: Array<string | null> = [];
  const events: MediaPlaneEvents = {
    state: (state, error) => states.push([state, error]),
    media: (identity, value) => media.set(identity, value),
    dominantSpeaker: (identity) => speakers.push(identity),
  };
  return { states, media, speakers, events, last: () => states.at(-1) };
}

async function connected(room = new FakeRoom()) {
  const local = new MediaStream([videoTrack(), audioTrack()]);
  const calls: Array<{ token: string; options: ConnectOptions }> = [];
  const record = recorder();
  const media = new TwilioMedia(
    async (token, options) => {
      calls.push({ token, options });
      return room;
    },
    'twilio-token',
    '42',
    local,
    record.events,
  );
  await until(() => record.last()?.[0] === 'connected', 'connected');
  return { room, local, calls, record, media };
}

describe("Twilio's cloud mocked at the client boundary: the twilio-video media adapter", () => {
  it('connects with the token, our camera and microphone, dominant speaker and VP8; the room messages stay on the control plane', async () => {
    const { local, calls, record } = await connected();
    expect(calls).to.have.length(1);
    expect(calls[0].token).to.equal('twilio-token');
    const { tracks, ...options } = calls[0].options;
    expect(options).to.deep.equal({ name: '42', dominantSpeaker: true, preferredVideoCodecs: ['VP8'] });
    // Only media is published: no LocalDataTrack, since /api/rtc carries the room messages.
    expect(tracks).to.have.members(local.getTracks());
    expect(record.states.map(([state]) => state)).to.deep.equal(['connecting', 'connected']);
  });

  it('attaches a remote participant’s subscribed tracks to their stream and drops unsubscribed ones', async () => {
    const { room, record } = await connected();
    const ann = participant('Ann::1');
    const [annVideo, annAudio] = [videoTrack(), audioTrack()];
    const video = publish(ann, 'video', annVideo);
    publish(ann, 'audio', annAudio);
    room.participants.set('PAann', ann);
    room.emit('participantConnected', ann);
    room.emit('trackSubscribed', video.track, video, ann);
    expect(record.media.get('Ann::1')!.stream!.getTracks()).to.have.members([annVideo, annAudio]);

    // twilio-video clears publication.track before it says 'trackUnsubscribed'.
    video.track = null;
    room.emit('trackUnsubscribed', annVideo, video, ann);
    expect(record.media.get('Ann::1')!.stream!.getTracks()).to.deep.equal([annAudio]);

    room.participants.delete('PAann');
    room.emit('participantDisconnected', ann);
    expect(record.media.get('Ann::1')).to.deep.equal({ stream: null, audioMuted: false });
  });

  it('reports who was already in the room when we joined', async () => {
    const room = new FakeRoom();
    const bob = participant('Bob::2');
    const bobVideo = videoTrack();
    publish(bob, 'video', bobVideo);
    room.participants.set('PAbob', bob);
    const { record } = await connected(room);
    expect(record.media.get('Bob::2')!.stream!.getTracks()).to.deep.equal([bobVideo]);
  });

  it('marks a participant whose microphone Twilio reports disabled as audio-muted, and unmuted again', async () => {
    const { room, record } = await connected();
    const cat = participant('Cat::3');
    const audio = publish(cat, 'audio', audioTrack());
    room.participants.set('PAcat', cat);
    audio.isTrackEnabled = false;
    room.emit('trackDisabled', audio, cat);
    expect(record.media.get('Cat::3')!.audioMuted).to.equal(true);
    audio.isTrackEnabled = true;
    room.emit('trackEnabled', audio, cat);
    expect(record.media.get('Cat::3')!.audioMuted).to.equal(false);
  });

  it('names the dominant speaker by identity', async () => {
    const { room, record } = await connected();
    room.emit('dominantSpeakerChanged', participant('Dan::4'));
    room.emit('dominantSpeakerChanged', null);
    expect(record.speakers).to.deep.equal(['Dan::4', null]);
  });

  it('turns our microphone and camera off through Twilio, so the others see it', async () => {
    const { room, media } = await connected();
    media.setEnabled('audio', false);
    media.setEnabled('video', false);
    media.setEnabled('audio', true);
    expect(room.enabled).to.deep.equal({ audio: [false, true], video: [false] });
  });

  it('maps reconnecting and reconnected to our room states', async () => {
    const { room, record } = await connected();
    room.emit('reconnecting', new TwilioError(53001, 'Signaling connection disconnected'));
    expect(record.last()).to.deep.equal(['reconnecting', undefined]);
    room.emit('reconnected');
    expect(record.last()).to.deep.equal(['connected', undefined]);
  });

  for (const [code, message] of [
    [53205, 'Participant disconnected because of duplicate identity'],
    [53001, 'Signaling connection disconnected'],
    [53000, 'Signaling connection error'],
  ] as const) {
    it(`ends the room with Twilio's error ${code} and its message when Twilio disconnects us`, async () => {
      const { room, record } = await connected();
      room.emit('disconnected', room, new TwilioError(code, message));
      expect(record.last()).to.deep.equal(['disconnected', { code, message }]);
    });
  }

  for (const [code, message] of [
    [53105, 'Room contains too many Participants'],
    [20104, 'Access Token expired or expiration date invalid'],
    [20101, 'Invalid Access Token'],
    [53000, 'Signaling connection error'],
  ] as const) {
    it(`ends the room with error ${code} when Twilio refuses to connect`, async () => {
      const record = recorder();
      new TwilioMedia(() => Promise.reject(new TwilioError(code, message)), 'token', '42', new MediaStream([videoTrack()]), record.events);
      await until(() => record.last()?.[0] === 'disconnected', 'disconnected');
      expect(record.states).to.deep.equal([
        ['connecting', undefined],
        ['disconnected', { code, message }],
      ]);
    });
  }

  it('leaving disconnects from Twilio without reporting a failure', async () => {
    const { room, record, media } = await connected();
    media.close();
    expect(room.disconnects).to.equal(1);
    expect(record.last()).to.deep.equal(['connected', undefined]);
  });

  it('leaving before Twilio answered disconnects the room it answers with', async () => {
    const room = new FakeRoom();
    let answer: ((value: TwilioRoom) => void) | undefined;
    const record = recorder();
    const media = new TwilioMedia(() => new Promise((resolve) => (answer = resolve)), 'token', '42', new MediaStream([videoTrack()]), record.events);
    const reply = await until(() => answer, 'the connect call');
    media.close();
    reply(room);
    await until(() => room.disconnects === 1, 'the late room disconnected');
    expect(record.states.map(([state]) => state)).to.deep.equal(['connecting']);
  });

  it('gives a failure without a Twilio code the "unable to connect" error', () => {
    expect(twilioRoomError(new TypeError('Failed to fetch dynamically imported module'))).to.deep.equal({ code: 53104, message: 'Unable to connect to Room' });
    expect(twilioRoomError(new TwilioError(20107, ''))).to.deep.equal({ code: 20107, message: 'Unable to connect to Room' });
  });
});
