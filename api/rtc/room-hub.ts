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
  type ServerFrame,
  type VideoErrorCode,
} from '../schema/video';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits, type PeerSocket } from './connection-guard';

interface Peer extends RoomParticipant {
  socket: PeerSocket;
  room: string;
  lastSeen: number;
  heartbeat: ReturnType<typeof setInterval>;
}

interface Room {
  peers: Map<string, Peer>;
  hostSid: string | null;
}

/** Messages only the current host may send: they steer everyone else's view. */
const HOST_ONLY = new Set<RoomMessage['type']>(['scene', 'infospot', 'host_reset']);

export interface RoomHubOptions {
  roomCap?: number;
  /** Connections the whole server accepts before answering `busy`. */
  maxConnections?: number;
  minTimeoutMs?: number;
  /** What each connection may ask of the server (tests shorten the deadlines). */
  limits?: Partial<ConnectionLimits>;
}

/**
 * The video chat's control plane: presence, host election and hand-over, the room messages, and
 * the mesh provider's SDP/ICE relay. Transport-free, so the rules are tested without sockets.
 */
export class RoomHub {
  private readonly rooms = new Map<string, Room>();
  private connections = 0;
  private readonly roomCap: number;
  private readonly maxConnections: number;
  private readonly minTimeoutMs: number;
  readonly limits: ConnectionLimits;

  constructor(options: RoomHubOptions = {}) {
    this.roomCap = options.roomCap ?? MESH_ROOM_CAP;
    this.maxConnections = options.maxConnections ?? 2000;
    this.minTimeoutMs = options.minTimeoutMs ?? 1000;
    this.limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  }

  /** Joins a verified identity to a room; answers the peer's sid, or undefined when refused (the socket is told why). */
  join(socket: PeerSocket, identity: string, roomName: string, requestedTimeout = REQUESTED_HEARTBEAT_TIMEOUT_MS): string | undefined {
    if (this.connections >= this.maxConnections) {
      socket.send({ type: 'busy', retryAfter: 5000 });
      socket.close(1013, 'busy');
      return undefined;
    }
    const room = this.rooms.get(roomName) ?? { peers: new Map(), hostSid: null };
    const duplicate = [...room.peers.values()].find((peer) => peer.identity === identity);
    if (duplicate) this.kick(duplicate, 53205);
    if (room.peers.size >= this.roomCap) {
      this.closeWithError(socket, 53105);
      return undefined;
    }
    this.rooms.set(roomName, room);
    const negotiatedTimeout = Math.max(this.minTimeoutMs, Math.min(requestedTimeout, REQUESTED_HEARTBEAT_TIMEOUT_MS));
    const sid = `PA${randomUUID().replace(/-/g, '')}`;
    const peer: Peer = {
      sid,
      identity,
      socket,
      room: roomName,
      lastSeen: Date.now(),
      heartbeat: setInterval(() => this.beat(peer, negotiatedTimeout), Math.max(negotiatedTimeout / 2, negotiatedTimeout - HEARTBEAT_MARGIN_MS)),
    };
    this.connections += 1;
    const others = [...room.peers.values()].map(({ sid: s, identity: i }) => ({ sid: s, identity: i }));
    room.peers.set(sid, peer);
    socket.send({ type: 'welcome', negotiatedTimeout, participant: { sid, identity }, participants: others, hostSid: room.hostSid, room: roomName });
    this.broadcast(room, { type: 'joined', participant: { sid, identity } }, sid);
    return sid;
  }

  /** Anything from the client counts as a sign of life. */
  seen(sid: string): void {
    const peer = this.find(sid);
    if (peer) peer.lastSeen = Date.now();
  }

  message(sid: string, body: RoomMessage): void {
    const peer = this.find(sid);
    if (!peer) return;
    const room = this.rooms.get(peer.room)!;
    const isHost = room.hostSid === sid;
    if (HOST_ONLY.has(body.type) && !isHost) return peer.socket.send({ type: 'bad', reason: `only the host sends ${body.type}`, code: 53004 });
    switch (body.type) {
      case 'host':
        // First claimant becomes host; afterwards only the host hands over (after confirming a request).
        if (room.hostSid && !isHost) return peer.socket.send({ type: 'bad', reason: 'the room already has a host', code: 53004 });
        if (!room.peers.has(body.data.hostSid)) return peer.socket.send({ type: 'bad', reason: 'no such participant', code: 53004 });
        room.hostSid = body.data.hostSid;
        return this.broadcast(room, { type: 'msg', body: { type: 'host', data: { hostSid: room.hostSid } } });
      case 'host_reset':
        room.hostSid = null;
        return this.broadcast(room, { type: 'msg', body: { type: 'host_reset', data: { senderSid: sid } } });
      case 'host_request_changing': {
        const host = room.hostSid ? room.peers.get(room.hostSid) : undefined;
        return host?.socket.send({ type: 'msg', body: { type: 'host_request_changing', data: { senderSid: sid } } });
      }
      case 'signal': {
        const target = room.peers.get(body.data.to);
        return target?.socket.send({ type: 'msg', body: { type: 'signal', data: { ...body.data, senderSid: sid } } });
      }
      default:
        // scene, infospot (host only, checked above) and room_life_time_request go to everyone else, stamped with the sender.
        return this.broadcast(room, { type: 'msg', body: { ...body, data: { ...body.data, senderSid: sid } } as RoomMessage }, sid);
    }
  }

  leave(sid: string): void {
    const peer = this.find(sid);
    if (!peer) return;
    clearInterval(peer.heartbeat);
    this.connections -= 1;
    const room = this.rooms.get(peer.room)!;
    room.peers.delete(sid);
    this.broadcast(room, { type: 'left', participant: { sid, identity: peer.identity } });
    if (room.hostSid === sid) {
      room.hostSid = null;
      this.broadcast(room, { type: 'msg', body: { type: 'host_reset', data: { senderSid: sid } } });
    }
    if (room.peers.size === 0) this.rooms.delete(peer.room);
  }

  participants(roomName: string): Array<RoomParticipant & { name: string }> {
    return [...(this.rooms.get(roomName)?.peers.values() ?? [])].map(({ sid, identity }) => ({ sid, identity, name: displayName(identity) }));
  }

  hostOf(roomName: string): string | null {
    return this.rooms.get(roomName)?.hostSid ?? null;
  }

  /**
   * Ends a room for good, as when its tour is deleted: every participant is told 53118 (Room completed) and
   * disconnected. Nobody is announced as leaving, since nobody stays to hear it.
   */
  endRoom(roomName: string): void {
    const room = this.rooms.get(roomName);
    if (!room) return;
    this.rooms.delete(roomName);
    for (const peer of room.peers.values()) {
      clearInterval(peer.heartbeat);
      this.connections -= 1;
      this.closeWithError(peer.socket, 53118);
    }
  }

  close(): void {
    for (const room of this.rooms.values()) for (const peer of room.peers.values()) peer.socket.close(1001, 'server shutting down');
  }

  private beat(peer: Peer, timeout: number): void {
    if (Date.now() - peer.lastSeen > timeout * MAX_MISSED_HEARTBEATS) {
      peer.socket.close(3001, 'missed heartbeats');
      this.leave(peer.sid);
      return;
    }
    peer.socket.send({ type: 'heartbeat' });
  }

  private kick(peer: Peer, code: VideoErrorCode): void {
    this.closeWithError(peer.socket, code);
    this.leave(peer.sid);
  }

  private closeWithError(socket: PeerSocket, code: VideoErrorCode): void {
    socket.send({ type: 'error', code, message: VIDEO_ERRORS[code] });
    socket.close(4000 + (code % 1000), VIDEO_ERRORS[code]);
  }

  private find(sid: string): Peer | undefined {
    for (const room of this.rooms.values()) {
      const peer = room.peers.get(sid);
      if (peer) return peer;
    }
    return undefined;
  }

  private broadcast(room: Room, frame: ServerFrame, exceptSid?: string): void {
    for (const peer of room.peers.values()) if (peer.sid !== exceptSid) peer.socket.send(frame);
  }
}
