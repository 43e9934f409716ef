import type { RoomMessage, RoomParticipant, ServerFrame, VideoErrorCode } from '../schema/video';
import { hostChosen, infospotShared, viewShared, type RoomRecord } from './room-record';

/** A participant as every server sees it, with the server it is connected to: a server that dies takes its participants along. */
export interface RoomMember extends RoomParticipant {
  instance: string;
  /** The client address it connected from (as TRUST_PROXY defines it); counted against the seats per address. */
  address?: string;
  /** The tour's owner, whose seat the room keeps. */
  owner?: boolean;
}

/** How many may be in a room: in all, and from one client address; `ownerSeat` keeps the last seat for its owner. */
export interface RoomSeats {
  cap: number;
  perAddress: number;
  ownerSeat: boolean;
}

/** Everything a room is, as plain JSON: who is in it and what it remembers (host, host view). */
export interface RoomState {
  members: RoomMember[];
  record: RoomRecord;
}

export const EMPTY_ROOM: RoomState = { members: [], record: hostChosen(null) };

/**
 * What a room's participants are told, wherever they are connected: a frame (for one participant when `to` is
 * set, for everyone but `except` otherwise), or that a participant (or, without `to`, everyone) is disconnected,
 * with an error or, for `rejoin`, without one, so that the client connects and joins again.
 */
export type RoomEvent = { frame: ServerFrame; to?: string; except?: string } | { close: VideoErrorCode | 'rejoin'; to?: string };

/** One decision about a room: its next state (none when unchanged), what to tell its participants, and an answer for the caller. */
export interface Change<T> {
  state?: RoomState;
  events: RoomEvent[];
  value: T;
}

/** Messages only the current host may send: they steer everyone else's view. */
const HOST_ONLY = new Set<RoomMessage['type']>(['scene', 'infospot', 'host_reset']);

const participant = ({ sid, identity }: RoomParticipant): RoomParticipant => ({ sid, identity });

const toAll = (body: RoomMessage, except?: string): RoomEvent => ({ frame: { type: 'msg', body }, except });

const refused = (reason: string): Change<ServerFrame> => ({ events: [], value: { type: 'bad', reason, code: 53004 } });

/** Participants gone (left, dropped, or on a server that died), each announced; a host among them leaves the room without one. */
export function departed(state: RoomState, sids: string[]): Change<void> {
  const gone = state.members.filter((member) => sids.includes(member.sid));
  if (gone.length === 0) return { events: [], value: undefined };
  const events: RoomEvent[] = gone.map((member) => ({ frame: { type: 'left', participant: participant(member) } }));
  let record = state.record;
  if (record.hostSid && sids.includes(record.hostSid)) {
    events.push(toAll({ type: 'host_reset', data: { senderSid: record.hostSid } }));
    record = hostChosen(null);
  }
  return { state: { members: state.members.filter((member) => !sids.includes(member.sid)), record }, events, value: undefined };
}

/** Who a newcomer finds in the room and what the room remembers; undefined when the room was full. */
export type Admission = { others: RoomParticipant[]; record: RoomRecord } | undefined;

/** A newcomer enters unless the room is full; an earlier connection with the same identity is disconnected (53205) first. */
export function joined(state: RoomState, newcomer: RoomMember, seats: RoomSeats): Change<Admission> {
  // Identities are the server's, handed out with a token: the same one again is its holder reconnecting.
  const duplicate = state.members.find((member) => member.identity === newcomer.identity);
  const kicked: Change<void> = duplicate ? departed(state, [duplicate.sid]) : { events: [], value: undefined };
  const events: RoomEvent[] = duplicate ? [{ close: 53205, to: duplicate.sid }, ...kicked.events] : [];
  const before = kicked.state ?? state;
  if (!hasSeat(before.members, newcomer, seats)) return { state: kicked.state, events, value: undefined };
  return {
    state: { members: [...before.members, newcomer], record: before.record },
    events: [...events, { frame: { type: 'joined', participant: participant(newcomer) }, except: newcomer.sid }],
    value: { others: before.members.map(participant), record: before.record },
  };
}

/**
 * Whether the room has a seat for the newcomer: under the cap, with the last seat kept for the tour's owner while
 * they are away, and under the seats one client address may hold (so a few sockets from one place cannot fill it).
 */
function hasSeat(members: RoomMember[], newcomer: RoomMember, { cap, perAddress, ownerSeat }: RoomSeats): boolean {
  if (members.length >= cap) return false;
  if (newcomer.owner) return true;
  if (ownerSeat && members.length >= cap - 1 && !members.some((member) => member.owner)) return false;
  return newcomer.address === undefined || members.filter((member) => member.address === newcomer.address).length < perAddress;
}

/** A participant's room message: what it changes and whom it reaches, or the `bad` frame it is refused with. */
export function messaged(state: RoomState, sid: string, body: RoomMessage): Change<ServerFrame | undefined> {
  const { members, record } = state;
  // Dropped from the room meanwhile (the room ended, or this participant's server was presumed dead).
  if (!members.some((member) => member.sid === sid)) return { events: [], value: undefined };
  const isHost = record.hostSid === sid;
  if (HOST_ONLY.has(body.type) && !isHost) return refused(`only the host sends ${body.type}`);
  const next = (changed: RoomRecord, event: RoomEvent): Change<undefined> => ({ state: { members, record: changed }, events: [event], value: undefined });
  switch (body.type) {
    case 'host':
      // First claimant becomes host; afterwards only the host hands over (after confirming a request).
      if (record.hostSid && !isHost) return refused('the room already has a host');
      if (!members.some((member) => member.sid === body.data.hostSid)) return refused('no such participant');
      return next(hostChosen(body.data.hostSid), toAll({ type: 'host', data: { hostSid: body.data.hostSid } }));
    case 'host_reset':
      return next(hostChosen(null), toAll({ type: 'host_reset', data: { senderSid: sid } }));
    case 'host_request_changing': {
      const to = record.hostSid;
      return { events: to ? [{ frame: { type: 'msg', body: { type: 'host_request_changing', data: { senderSid: sid } } }, to }] : [], value: undefined };
    }
    case 'signal':
      return { events: [{ frame: { type: 'msg', body: { type: 'signal', data: { ...body.data, senderSid: sid } } }, to: body.data.to }], value: undefined };
    case 'scene': {
      const shared = viewShared(record, { ...body.data, senderSid: sid });
      return next(shared, toAll({ type: 'scene', data: shared.view! }, sid));
    }
    case 'infospot':
      return next(infospotShared(record, body.data.infospotId), toAll({ type: 'infospot', data: { senderSid: sid, infospotId: body.data.infospotId } }, sid));
    default:
      // room_life_time_request goes to everyone else, stamped with the sender.
      return { events: [toAll({ ...body, data: { ...body.data, senderSid: sid } }, sid)], value: undefined };
  }
}
