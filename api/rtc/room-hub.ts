import { pino } from 'pino';
import type { Logger } from '../config/logger';
import { randomUUID } from 'node:crypto';
import {
  displayName,
  HEARTBEAT_MARGIN_MS,
  MAX_MISSED_HEARTBEATS,
  MESH_ROOM_CAP,
  REQUESTED_HEARTBEAT_TIMEOUT_MS,
  VIDEO_ERRORS,
  type RoomMessage,
  type RoomParticipant,
  type VideoErrorCode,
} from '../schema/video';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits, type PeerSocket } from './connection-guard';
import { MemoryRoomStore } from './memory-room-store';
import { catchUp } from './room-record';
import { departed, joined, messaged, type RoomEvent } from './room-state';
import type { RoomStore } from './room-store';

/** A participant connected to this server. */
interface Peer extends RoomParticipant {
  socket: PeerSocket;
  room: string;
  lastSeen: number;
  heartbeat?: ReturnType<typeof setInterval>;
  /** Events that came while the peer was being welcomed, handed on after the welcome; undefined once welcomed. */
  early?: Array<{ events: RoomEvent[]; base: number }>;
  /** The room's version the peer joined at: events decided before it are already in its welcome. */
  joinedAt: number;
}

/** How a verified participant enters: its heartbeat wish, where it connects from, and whether it owns the tour. */
export interface RoomEntry {
  requestedTimeout?: number;
  /** The client address (as TRUST_PROXY defines it), counted against `seatsPerAddress`. */
  address?: string;
  owner?: boolean;
  /** The tour has an owner: the room keeps its last seat for them. */
  ownerSeat?: boolean;
  /** Seats one client address may hold in a room (ROOM_SEATS_PER_ADDRESS). */
  seatsPerAddress?: number;
}

/** Seats one client address may hold in a room unless the entry says otherwise. */
export const DEFAULT_SEATS_PER_ADDRESS = 2;

export interface RoomHubOptions {
  roomCap?: number;
  /** Connections this server accepts before answering `busy`. */
  maxConnections?: number;
  minTimeoutMs?: number;
  /** What each connection may ask of the server (tests shorten the deadlines). */
  limits?: Partial<ConnectionLimits>;
  /** Where the rooms live: this process (the default), or Redis shared with other servers. */
  store?: RoomStore;
  /** Where a connection's failures are told (the server's logger; warnings and failures on stdout by default). */
  logger?: Logger;
}

/**
 * The video chat's control plane: presence, host election and hand-over, the room messages, and the mesh
 * provider's SDP/ICE relay. The room rules are pure changes (room-state.ts) applied by the store; the hub keeps
 * this server's connections: their heartbeats, and handing them the room's events. Transport-free, so the rules
 * are tested without sockets.
 */
export class RoomHub {
  /** This server's participants, by room and sid. */
  private readonly rooms = new Map<string, Map<string, Peer>>();
  private connections = 0;
  private readonly roomCap: number;
  private readonly maxConnections: number;
  private readonly minTimeoutMs: number;
  private readonly store: RoomStore;
  readonly limits: ConnectionLimits;
  readonly logger: Logger;

  constructor(options: RoomHubOptions = {}) {
    this.logger = options.logger ?? pino({ level: 'warn' });
    this.roomCap = options.roomCap ?? MESH_ROOM_CAP;
    this.maxConnections = options.maxConnections ?? 2000;
    this.minTimeoutMs = options.minTimeoutMs ?? 1000;
    this.limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
    this.store = options.store ?? new MemoryRoomStore();
  }

  /** Joins a verified identity to a room; answers the peer's sid, or undefined when refused (the socket is told why). */
  async join(socket: PeerSocket, identity: string, roomName: string, entry: RoomEntry = {}): Promise<string | undefined> {
    const { requestedTimeout = REQUESTED_HEARTBEAT_TIMEOUT_MS, address, owner, ownerSeat = false, seatsPerAddress = DEFAULT_SEATS_PER_ADDRESS } = entry;
    if (this.connections >= this.maxConnections) {
      socket.send({ type: 'busy', retryAfter: 5000 });
      socket.close(1013, 'busy');
      return undefined;
    }
    const sid = `PA${randomUUID().replace(/-/g, '')}`;
    const peer: Peer = { sid, identity, socket, room: roomName, lastSeen: Date.now(), early: [], joinedAt: Infinity };
    this.add(peer);
    let admission;
    try {
      // Watching before joining: whatever the room decides after this peer is in it reaches it.
      await this.store.watch(roomName, (events, base) => this.deliver(roomName, events, base));
      const member = { sid, identity, instance: this.store.instance, address, owner };
      admission = await this.store.update(roomName, (state) => joined(state, member, { cap: this.roomCap, perAddress: seatsPerAddress, ownerSeat }));
    } catch (err) {
      this.drop(peer);
      throw err;
    }
    const { value: admitted, version } = admission;
    if (!admitted) {
      this.drop(peer);
      this.closeWithError(socket, 53105);
      return undefined;
    }
    const negotiatedTimeout = Math.max(this.minTimeoutMs, Math.min(requestedTimeout, REQUESTED_HEARTBEAT_TIMEOUT_MS));
    peer.heartbeat = setInterval(() => this.beat(peer, negotiatedTimeout), Math.max(negotiatedTimeout / 2, negotiatedTimeout - HEARTBEAT_MARGIN_MS));
    socket.send({
      type: 'welcome',
      negotiatedTimeout,
      participant: { sid, identity },
      participants: admitted.others,
      hostSid: admitted.record.hostSid,
      room: roomName,
    });
    // The host sends their view only when it changes: a newcomer is shown where the host stands now.
    for (const body of catchUp(admitted.record)) socket.send({ type: 'msg', body });
    const early = peer.early ?? [];
    peer.early = undefined;
    peer.joinedAt = version;
    for (const { events, base } of early) this.tell(peer, events, base);
    return sid;
  }

  /** Anything from the client counts as a sign of life. */
  seen(sid: string): void {
    const peer = this.find(sid);
    if (peer) peer.lastSeen = Date.now();
  }

  async message(sid: string, body: RoomMessage): Promise<void> {
    const peer = this.find(sid);
    if (!peer) return;
    const { value: refusal } = await this.store.update(peer.room, (state) => messaged(state, sid, body));
    if (refusal) peer.socket.send(refusal);
  }

  async leave(sid: string): Promise<void> {
    const peer = this.find(sid);
    if (!peer) return;
    this.drop(peer);
    await this.store.update(peer.room, (state) => departed(state, [sid]));
  }

  async participants(roomName: string): Promise<Array<RoomParticipant & { name: string }>> {
    return (await this.store.read(roomName)).members.map(({ sid, identity }) => ({ sid, identity, name: displayName(identity) }));
  }

  async hostOf(roomName: string): Promise<string | null> {
    return (await this.store.read(roomName)).record.hostSid;
  }

  /**
   * Ends a room for good, as when its tour is deleted: every participant, on whichever server, is told 53118
   * (Room completed) and disconnected. Nobody is announced as leaving, since nobody stays to hear it.
   */
  async endRoom(roomName: string): Promise<void> {
    await this.store.end(roomName, [{ close: 53118 }]);
  }

  /**
   * Disconnects this server's participants (1001: their clients reconnect at once, to another server behind the
   * balancer) and announces their leaving to the others. Leaving is best effort: a store that cannot be reached
   * leaves them to expire with this server.
   */
  async close(): Promise<void> {
    const peers = [...this.rooms.values()].flatMap((room) => [...room.values()]);
    for (const peer of peers) {
      this.drop(peer);
      peer.socket.close(1001, 'server shutting down');
    }
    await Promise.allSettled(peers.map((peer) => this.store.update(peer.room, (state) => departed(state, [peer.sid]))));
  }

  private add(peer: Peer): void {
    const room = this.rooms.get(peer.room) ?? new Map<string, Peer>();
    room.set(peer.sid, peer);
    this.rooms.set(peer.room, room);
    this.connections += 1;
  }

  /** Forgets a peer on this server only; what the room knows of it is the caller's to change. */
  private drop(peer: Peer): void {
    const room = this.rooms.get(peer.room);
    if (!room?.delete(peer.sid)) return;
    if (room.size === 0) this.rooms.delete(peer.room);
    clearInterval(peer.heartbeat);
    this.connections -= 1;
    this.store.unwatch(peer.room);
  }

  private deliver(roomName: string, events: RoomEvent[], base: number): void {
    for (const peer of [...(this.rooms.get(roomName)?.values() ?? [])]) {
      if (peer.early) peer.early.push({ events, base });
      else this.tell(peer, events, base);
    }
  }

  private tell(peer: Peer, events: RoomEvent[], base: number): void {
    if (base < peer.joinedAt) return;
    for (const event of events) {
      if (event.to !== undefined && event.to !== peer.sid) continue;
      if (!('close' in event)) {
        if (event.except !== peer.sid) peer.socket.send(event.frame);
      } else if (event.close === 'rejoin') {
        // 1012 (service restart): the client reconnects at once, as after a server restart.
        peer.socket.close(1012, 'join the room again');
        return this.takeOut(peer);
      } else {
        this.drop(peer);
        return this.closeWithError(peer.socket, event.close);
      }
    }
  }

  private beat(peer: Peer, timeout: number): void {
    if (Date.now() - peer.lastSeen > timeout * MAX_MISSED_HEARTBEATS) {
      peer.socket.close(3001, 'missed heartbeats');
      return this.takeOut(peer);
    }
    peer.socket.send({ type: 'heartbeat' });
  }

  /** Leaving for a peer closed by a timer or an event, where nobody awaits the outcome. */
  private takeOut(peer: Peer): void {
    this.leave(peer.sid).catch((err: unknown) => this.logger.error({ err }, 'rtc: a participant could not be taken out of its room'));
  }

  private closeWithError(socket: PeerSocket, code: VideoErrorCode): void {
    socket.send({ type: 'error', code, message: VIDEO_ERRORS[code] });
    socket.close(4000 + (code % 1000), VIDEO_ERRORS[code]);
  }

  private find(sid: string): Peer | undefined {
    for (const room of this.rooms.values()) {
      const peer = room.get(sid);
      if (peer) return peer;
    }
    return undefined;
  }
}
