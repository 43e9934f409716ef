import type { Change, RoomEvent, RoomState } from './room-state';

/**
 * Hands a room's events to this server's participants. `base` is the version of the room the events were decided
 * on: a participant who joined at a later version already knows what they say.
 */
export type RoomDelivery = (events: RoomEvent[], base: number) => void;

/**
 * Where rooms live and how their events travel: this process's memory (one server), or Redis shared by every
 * server behind the load balancer. The hub decides everything through pure changes (room-state.ts); a store only
 * applies them atomically and carries their events to every server with participants in the room.
 */
export interface RoomStore {
  /** This server's name among those sharing the rooms. */
  readonly instance: string;
  /**
   * Starts handing this server the room's events; resolved once none can be missed. Counted: each watch is
   * undone by one unwatch.
   */
  watch(room: string, deliver: RoomDelivery): Promise<void>;
  unwatch(room: string): void;
  read(room: string): Promise<RoomState>;
  /**
   * Applies `change` to the room as it is now, atomically (decided again when another change came first), and
   * delivers its events. Answers the change's value and the room's version after it.
   */
  update<T>(room: string, change: (state: RoomState) => Change<T>): Promise<{ value: T; version: number }>;
  /** Forgets the room for good and delivers `events` to everyone who was in it. */
  end(room: string, events: RoomEvent[]): Promise<void>;
}
