import { describe, expect, it } from 'vitest';
import type { RoomMessage, ServerFrame } from '../../../../../api/schema/video';
import type { ControlSocketEvents } from '../../../../../embed/video/control-socket';
import { ControlledRoom } from '../../../../../embed/video/providers/controlled-room';
import type { MediaPlane, MediaPlaneEvents, MediaRoomEvents, RemoteMedia } from '../../../../../embed/video/providers/media-provider';

/**
 * Stand-ins for both planes (the real ones are a WebSocket to our server and Twilio's cloud; the e2e tests run the
 * real control plane): what is checked here is how the room joins them.
 */
function setUp() {
  const control = { events: undefined as unknown as ControlSocketEvents, sent: [] as RoomMessage[], closed: false };
  const plane = { events: undefined as unknown as MediaPlaneEvents, signals: [] as Array<[string, unknown]>, closed: false };
  const seen: Array<[string, ...unknown[]]> = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      seen.push([name, ...args]);
  const events: MediaRoomEvents = {
    state: record('state'),
    welcome: record('welcome'),
    joined: record('joined'),
    left: record('left'),
    media: record('media'),
    dominantSpeaker: record('dominantSpeaker'),
    message: record('message'),
  };
  const room = new ControlledRoom(
    {
      apiOrigin: 'http://tours.example',
      controlToken: 'control-token',
      mediaToken: 'media-token',
      room: '42',
      local: undefined as unknown as MediaStream,
      iceServers: [],
    },
    events,
    (_signal, planeEvents): MediaPlane => {
      plane.events = planeEvents;
      return { signal: (from, payload) => plane.signals.push([from, payload]), setEnabled: () => undefined, close: () => (plane.closed = true) };
    },
    (apiOrigin, token, controlEvents) => {
      expect(apiOrigin).toBe('http://tours.example');
      expect(token).toBe('control-token');
      control.events = controlEvents;
      return { send: (body) => control.sent.push(body), close: () => (control.closed = true) };
    },
  );
  const frame = (value: ServerFrame) => control.events.frame(value);
  const states = () => seen.filter(([name]) => name === 'state').map(([, state, error]) => (error ? [state, error] : state));
  return { room, control, plane, seen, frame, states };
}

const ann = { sid: 'PAann', identity: 'Ann::1' };
const bob = { sid: 'PAbob', identity: 'Bob::2' };
const welcome = (others = [bob]): ServerFrame => ({
  type: 'welcome',
  negotiatedTimeout: 5000,
  participant: ann,
  participants: others,
  hostSid: null,
  room: '42',
});
const video = { stream: null, audioMuted: true } satisfies RemoteMedia;

describe('a room made of the /api/rtc control plane and a media plane', () => {
  it('is connected only when both planes are, and reconnecting while either is', () => {
    const { control, plane, states } = setUp();
    plane.events.state('connecting');
    control.events.state('connected');
    expect(states()).toEqual([]);
    plane.events.state('connected');
    plane.events.state('reconnecting');
    plane.events.state('connected');
    control.events.state('reconnecting');
    control.events.state('connected');
    expect(states()).toEqual(['connected', 'reconnecting', 'connected', 'reconnecting', 'connected']);
  });

  it('ends when the media fails, with the media error, and closes the control plane', () => {
    const { control, plane, states } = setUp();
    control.events.state('connected');
    plane.events.state('disconnected', { code: 53205, message: 'Participant disconnected because of duplicate identity' });
    expect(states()).toEqual(['connected', ['disconnected', { code: 53205, message: 'Participant disconnected because of duplicate identity' }]]);
    expect(control.closed).toBe(true);
    // What the closing planes say afterwards changes nothing.
    control.events.state('disconnected');
    expect(states()).toHaveLength(2);
  });

  it('ends when the control plane fails, with its error, and closes the media', () => {
    const { control, plane, states } = setUp();
    control.events.state('disconnected', { code: 53105, message: 'Room contains too many Participants' });
    expect(states()).toEqual([['disconnected', { code: 53105, message: 'Room contains too many Participants' }]]);
    expect(plane.closed).toBe(true);
  });

  it('names the dominant speaker by sid, also when a media plane finds it is us', () => {
    const { plane, seen, frame } = setUp();
    frame(welcome());
    plane.events.dominantSpeaker('Ann::1');
    plane.events.dominantSpeaker(null);
    expect(seen.slice(1)).toEqual([
      ['dominantSpeaker', 'PAann'],
      ['dominantSpeaker', null],
    ]);
  });

  it('names participants by control-plane sid, with media the media plane gave by identity, also before they joined', () => {
    const { plane, seen, frame } = setUp();
    plane.events.media('Cat::3', video);
    frame(welcome());
    frame({ type: 'joined', participant: { sid: 'PAcat', identity: 'Cat::3' } });
    plane.events.media('Bob::2', video);
    plane.events.dominantSpeaker('Bob::2');
    plane.events.dominantSpeaker('Someone::9');
    frame({ type: 'left', participant: bob });
    expect(seen).toEqual([
      ['welcome', ann, [{ ...bob, stream: null, audioMuted: false }], null],
      ['joined', { sid: 'PAcat', identity: 'Cat::3', ...video }],
      ['media', 'PAbob', video],
      ['dominantSpeaker', 'PAbob'],
      ['dominantSpeaker', null],
      ['left', bob],
    ]);
  });

  it('hands signals to the media plane and the room messages to the room; sends room messages on the control plane', () => {
    const { room, control, plane, seen, frame } = setUp();
    frame(welcome());
    frame({ type: 'msg', body: { type: 'signal', data: { senderSid: 'PAbob', to: 'PAann', payload: { audioMuted: true } } } });
    frame({ type: 'msg', body: { type: 'host', data: { hostSid: 'PAbob' } } });
    room.send({ type: 'host_request_changing', data: { senderSid: 'PAann' } });
    expect(plane.signals).toEqual([['PAbob', { audioMuted: true }]]);
    expect(seen.at(-1)).toEqual(['message', { type: 'host', data: { hostSid: 'PAbob' } }]);
    expect(control.sent).toEqual([{ type: 'host_request_changing', data: { senderSid: 'PAann' } }]);
  });

  it('leaving closes both planes and reports nothing more', () => {
    const { room, control, plane, states } = setUp();
    room.disconnect();
    control.events.state('disconnected');
    expect([control.closed, plane.closed, states()]).toEqual([true, true, []]);
  });
});
