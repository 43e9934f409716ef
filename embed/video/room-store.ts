import '../i18n/en-parts';
import { useSyncExternalStore } from 'react';
import type { MessageKey } from '../i18n/en';
import type { RoomMessage, RoomParticipant } from '../../api/schema/video';
import { displayName } from '../../api/schema/video';
import type { RemoteMedia, RemoteParticipant, RoomState } from './providers/media-provider';

/**
 * The video chat as its screens see it. Every change is a pure transition below (room in, room out), so the room
 * protocol's rules are checked without a browser; the store only holds the latest room and tells React.
 */
export interface ChatRoom {
  /** The name typed in the lobby (the signed-in user's to start with). */
  name: string;
  phase: 'lobby' | 'joining' | 'room';
  connection: RoomState;
  /** Our control-plane sid, known from the welcome on. */
  mySid: string;
  participants: RemoteParticipant[];
  hostSid: string | null;
  speakerSid: string | null;
  /** Whether we follow the host's view; dragging the panorama stops it. */
  following: boolean;
  /** Where the host was last seen looking and which info spot they have open, followed or not: who follows again goes there at once. */
  hostView: HostView | null;
  hostInfospot: string | null;
  muted: boolean;
  cameraOff: boolean;
  /** The sid of someone asking to take over as host, while we (the host) are asked. */
  changeRequest: string | null;
  /** Why the continue prompt is open: our own clock ran out (then a yes tells the others), or someone else asked. */
  askContinue: 'timer' | 'request' | null;
  /** When the room's lifetime clock last started. */
  lifetimeStart: number;
}

/** A `scene` room message's data: the host's scene, camera direction and field of view. */
export type HostView = Extract<RoomMessage, { type: 'scene' }>['data'];

export function initialRoom(name: string): ChatRoom {
  return {
    name,
    phase: 'lobby',
    connection: 'connecting',
    mySid: '',
    participants: [],
    hostSid: null,
    speakerSid: null,
    following: true,
    hostView: null,
    hostInfospot: null,
    muted: false,
    cameraOff: false,
    changeRequest: null,
    askContinue: null,
    lifetimeStart: 0,
  };
}

export const nameTyped = (room: ChatRoom, name: string): ChatRoom => ({ ...room, name });
export const joining = (room: ChatRoom): ChatRoom => ({ ...room, phase: 'joining' });
/** The camera or a token was refused: back in the lobby, free to connect again. */
export const joinFailed = (room: ChatRoom): ChatRoom => ({ ...room, phase: 'lobby' });
export const entered = (room: ChatRoom): ChatRoom => ({ ...room, phase: 'room', connection: 'connecting' });
export const connectionChanged = (room: ChatRoom, connection: RoomState): ChatRoom => ({ ...room, connection });

/** Left, or thrown out: the lobby again, with the name kept and the room's people, host and media switches gone. */
export const left = (room: ChatRoom): ChatRoom => ({
  ...room,
  phase: 'lobby',
  mySid: '',
  participants: [],
  hostSid: null,
  speakerSid: null,
  hostView: null,
  hostInfospot: null,
  muted: false,
  cameraOff: false,
});

export const welcomed = (room: ChatRoom, self: RoomParticipant, others: RemoteParticipant[], hostSid: string | null): ChatRoom => ({
  ...room,
  mySid: self.sid,
  participants: others,
  hostSid,
});

export const participantJoined = (room: ChatRoom, participant: RemoteParticipant): ChatRoom => ({
  ...room,
  participants: [...room.participants.filter((p) => p.sid !== participant.sid), participant],
});

export const participantLeft = (room: ChatRoom, sid: string): ChatRoom => ({ ...room, participants: room.participants.filter((p) => p.sid !== sid) });

export const mediaChanged = (room: ChatRoom, sid: string, media: RemoteMedia): ChatRoom => ({
  ...room,
  participants: room.participants.map((p) => (p.sid === sid ? { ...p, ...media } : p)),
});

export const speakerChanged = (room: ChatRoom, speakerSid: string | null): ChatRoom => ({ ...room, speakerSid });
/** Another host (or none) has not shown a view yet: the previous host's is forgotten. */
export const hostChanged = (room: ChatRoom, hostSid: string | null): ChatRoom => ({ ...room, hostSid, hostView: null, hostInfospot: null });
export const hostViewShared = (room: ChatRoom, hostView: HostView): ChatRoom => ({ ...room, hostView });
export const hostInfospotShared = (room: ChatRoom, hostInfospot: string | null): ChatRoom => ({ ...room, hostInfospot });
export const hostChangeAsked = (room: ChatRoom, changeRequest: string | null): ChatRoom => ({ ...room, changeRequest });
export const mutedToggled = (room: ChatRoom): ChatRoom => ({ ...room, muted: !room.muted });
export const cameraToggled = (room: ChatRoom): ChatRoom => ({ ...room, cameraOff: !room.cameraOff });
export const followingToggled = (room: ChatRoom): ChatRoom => ({ ...room, following: !room.following });

/** Our clock ran out: ask whether to go on. */
export const lifetimeEnded = (room: ChatRoom): ChatRoom => ({ ...room, askContinue: 'timer' });
/** Someone chose to go on: everyone's clock starts again, and everyone is asked too. */
export const lifetimeRenewed = (room: ChatRoom, now: number): ChatRoom => ({ ...room, askContinue: 'request', lifetimeStart: now });
export const continued = (room: ChatRoom, now: number): ChatRoom => ({ ...room, askContinue: null, lifetimeStart: now });
export const continueDeclined = (room: ChatRoom): ChatRoom => ({ ...room, askContinue: null });

export const isHost = (room: ChatRoom): boolean => !!room.mySid && room.hostSid === room.mySid;
export const hostOf = (room: ChatRoom): RemoteParticipant | undefined => room.participants.find((p) => p.sid === room.hostSid);

/** Dragging the panorama stops following a host (not ourselves); undefined when there is nothing to stop. */
export function stoppedFollowing(room: ChatRoom): ChatRoom | undefined {
  if (!room.following || !room.hostSid || room.hostSid === room.mySid) return undefined;
  return { ...room, following: false };
}

/** A room notice: its catalog text, and the participant its `{name}` slot names (as they typed it). */
export interface RoomNotice {
  key: MessageKey;
  name?: string;
}

export const STOPPED_FOLLOWING: RoomNotice = { key: 'noticeStoppedFollowing' };
export const FOLLOWING: RoomNotice = { key: 'noticeFollowing' };

export const joinedNotice = (participant: RoomParticipant): RoomNotice => ({ key: 'noticeJoined', name: displayName(participant.identity) });
export const leftNotice = (participant: RoomParticipant): RoomNotice => ({ key: 'noticeLeft', name: displayName(participant.identity) });

/** What a new host is announced as, or nothing for a host we do not know (yet). */
export function hostNotice(room: ChatRoom, hostSid: string): RoomNotice | undefined {
  if (hostSid === room.mySid) return { key: 'noticeYouShare' };
  const host = room.participants.find((p) => p.sid === hostSid);
  return host && { key: 'noticeOtherShares', name: displayName(host.identity) };
}

export interface RoomStore {
  get(): ChatRoom;
  update<A extends unknown[]>(transition: (room: ChatRoom, ...args: A) => ChatRoom | undefined, ...args: A): void;
  subscribe(listener: () => void): () => void;
}

/** Holds the latest room: room events arrive outside React's render and read it here, the screens through useRoom. */
export function createRoomStore(initial: ChatRoom): RoomStore {
  let room = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => room,
    update(transition, ...args) {
      const next = transition(room, ...args);
      if (!next || next === room) return;
      room = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export function useRoom(store: RoomStore): ChatRoom {
  return useSyncExternalStore(store.subscribe, store.get);
}
