import type { RoomDelivery, RoomStore } from './room-store';
import { EMPTY_ROOM, type Change, type RoomEvent, type RoomState } from './room-state';

/** Rooms in this process's memory: the one-server default, where every participant is connected here. */
export class MemoryRoomStore implements RoomStore {
  readonly instance = 'local';
  private readonly rooms = new Map<string, { state: RoomState; version: number }>();
  /** One count for all rooms, so a room emptied and filled again never repeats a version. */
  private version = 0;
  private readonly watchers = new Map<string, { deliver: RoomDelivery; count: number }>();

  async watch(room: string, deliver: RoomDelivery): Promise<void> {
    const watcher = this.watchers.get(room);
    if (watcher) watcher.count += 1;
    else this.watchers.set(room, { deliver, count: 1 });
  }

  unwatch(room: string): void {
    const watcher = this.watchers.get(room);
    if (watcher && --watcher.count === 0) this.watchers.delete(room);
  }

  async read(room: string): Promise<RoomState> {
    return this.rooms.get(room)?.state ?? EMPTY_ROOM;
  }

  async update<T>(room: string, change: (state: RoomState) => Change<T>): Promise<{ value: T; version: number }> {
    const current = this.rooms.get(room) ?? { state: EMPTY_ROOM, version: 0 };
    const { state, events, value } = change(current.state);
    const version = state ? ++this.version : current.version;
    if (state?.members.length === 0) this.rooms.delete(room);
    else if (state) this.rooms.set(room, { state, version });
    this.deliver(room, events, current.version);
    return { value, version };
  }

  async end(room: string, events: RoomEvent[]): Promise<void> {
    const current = this.rooms.get(room);
    this.rooms.delete(room);
    this.deliver(room, events, current?.version ?? 0);
  }

  private deliver(room: string, events: RoomEvent[], base: number): void {
    if (events.length > 0) this.watchers.get(room)?.deliver(events, base);
  }
}
