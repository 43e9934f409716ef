import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../config/logger';
import { logConnectionErrors } from '../redis/redis-connection';
import { departed, EMPTY_ROOM, type Change, type RoomEvent, type RoomState } from './room-state';
import type { RoomDelivery, RoomStore } from './room-store';

/** How long a server's sign of life lasts: its participants are taken out of their rooms this long after its last one. */
export const INSTANCE_TTL_MS = 10_000;
/** A room no server has written or kept for this long is forgotten (every server with participants in it died). */
const ROOM_TTL_MS = 60 * 60 * 1000;
/** How often a change is decided again, at most, while other servers keep changing the room first. */
const MAX_ATTEMPTS = 100;

/**
 * The room's state and version, and which of its members' servers have stopped signing their life. One script, so
 * the state and the signs are read at the same moment. (Members' servers are keys the script finds in the state
 * itself: this needs one Redis, not a Redis Cluster.)
 */
const READ = `
local found = redis.call('HMGET', KEYS[1], 'state', 'version')
local dead = {}
if found[1] then
  local checked = {}
  for _, member in ipairs(cjson.decode(found[1]).members) do
    if not checked[member.instance] then
      checked[member.instance] = true
      if redis.call('EXISTS', ARGV[1] .. member.instance) == 0 then table.insert(dead, member.instance) end
    end
  end
end
return {found[1] or '', tonumber(found[2] or '0'), dead}`;

/**
 * Replaces the room's state if it is still at the version the change was decided on, and publishes the change's
 * events in the same step, so every server hears the room's events in the order its states were written. Versions
 * come from one counter for all rooms: a room emptied (deleted) and filled again never repeats one.
 */
const WRITE = `
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return false end
local version = redis.call('INCR', KEYS[2])
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', version)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
if ARGV[4] ~= '' then redis.call('PUBLISH', KEYS[1], ARGV[4]) end
return version`;

/** Deletes the room and tells everyone who was in it, with the version it had. */
const END = `
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', KEYS[1], '{"base":' .. version .. ',"events":' .. ARGV[1] .. '}')`;

const unchanged = (): Change<void> => ({ events: [], value: undefined });

export interface RedisRoomStoreOptions {
  /** Put before every key and channel name, so that several installations (or test files) can share one Redis. */
  prefix?: string;
  instanceTtlMs?: number;
  /** Where lost connections and unanswered renewals are told. */
  logger: Logger;
}

/**
 * Rooms in Redis, shared by every server behind the load balancer. A room is one hash (its state as JSON and its
 * version), changed only by compare-and-set; its events go out on a channel named like it, which each server
 * subscribes to while it has participants in the room. Each server renews a key of its own as a sign of life;
 * participants of a server whose key has expired are taken out of their rooms by the next change to them, and the
 * surviving servers make one for each room they watch on every renewal.
 */
export class RedisRoomStore implements RoomStore {
  readonly instance = randomUUID();
  private readonly watched = new Map<string, { deliver: RoomDelivery; count: number; ready: Promise<void> }>();
  private readonly prefix: string;
  private readonly instanceTtlMs: number;
  private renewal: ReturnType<typeof setInterval> | undefined;
  private readonly logger: Logger;

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    options: RedisRoomStoreOptions,
  ) {
    this.prefix = options.prefix ?? 'tours:';
    this.instanceTtlMs = options.instanceTtlMs ?? INSTANCE_TTL_MS;
    this.logger = options.logger;
    subscriber.on('message', (channel: string, message: string) => this.received(channel, message));
  }

  /** Connects (twice: a subscribing connection carries nothing else) and signs this server's life before any join. */
  static async connect(url: string, options: RedisRoomStoreOptions): Promise<RedisRoomStore> {
    const redis = new Redis(url);
    const subscriber = redis.duplicate();
    for (const connection of [redis, subscriber]) logConnectionErrors(connection, options.logger);
    const store = new RedisRoomStore(redis, subscriber, options);
    await store.signLife();
    store.renewal = setInterval(() => void store.renew(), store.instanceTtlMs / 3);
    return store;
  }

  async watch(room: string, deliver: RoomDelivery): Promise<void> {
    const watcher = this.watched.get(room);
    if (watcher) {
      watcher.count += 1;
      return watcher.ready;
    }
    const ready = this.subscriber.subscribe(this.roomKey(room)).then(() => undefined);
    this.watched.set(room, { deliver, count: 1, ready });
    return ready;
  }

  unwatch(room: string): void {
    const watcher = this.watched.get(room);
    if (!watcher || --watcher.count > 0) return;
    this.watched.delete(room);
    // A connection already closed has nothing left to unsubscribe from.
    this.subscriber.unsubscribe(this.roomKey(room)).catch(() => undefined);
  }

  async read(room: string): Promise<RoomState> {
    const { state, dead } = await this.current(room);
    return departed(state, dead).state ?? state;
  }

  async update<T>(room: string, change: (state: RoomState) => Change<T>): Promise<{ value: T; version: number }> {
    const key = this.roomKey(room);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { state, version, dead } = await this.current(room);
      const pruned = departed(state, dead);
      const decided = change(pruned.state ?? state);
      const next = decided.state ?? pruned.state;
      const events = [...pruned.events, ...decided.events];
      const message = events.length > 0 ? JSON.stringify({ base: version, events }) : '';
      if (!next) {
        if (message) await this.redis.publish(key, message);
        return { value: decided.value, version };
      }
      const stateJson = next.members.length > 0 ? JSON.stringify(next) : '';
      const written = await this.redis.eval(WRITE, 2, key, `${this.prefix}version`, version, stateJson, ROOM_TTL_MS, message);
      if (written !== null) return { value: decided.value, version: Number(written) };
    }
    throw new Error(`room ${room} changed under ${MAX_ATTEMPTS} attempts to change it`);
  }

  async end(room: string, events: RoomEvent[]): Promise<void> {
    await this.redis.eval(END, 1, this.roomKey(room), JSON.stringify(events));
  }

  /**
   * Stops signing this server's life and disconnects. Its participants stay in their rooms until its sign of life
   * expires, unless the hub announced their leaving first (RoomHub.close).
   */
  async close(): Promise<void> {
    clearInterval(this.renewal);
    this.subscriber.disconnect();
    await this.redis.quit();
  }

  private roomKey(room: string): string {
    return `${this.prefix}room:${room}`;
  }

  /** The room as stored, and the sids of its members whose servers stopped signing their life. */
  private async current(room: string): Promise<{ state: RoomState; version: number; dead: string[] }> {
    const [json, version, deadInstances] = (await this.redis.eval(READ, 1, this.roomKey(room), `${this.prefix}instance:`)) as [string, number, string[]];
    const state: RoomState = json ? JSON.parse(json) : EMPTY_ROOM;
    return { state, version, dead: state.members.filter((member) => deadInstances.includes(member.instance)).map((member) => member.sid) };
  }

  /** Answers whether the previous sign was still there. */
  private async signLife(): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}instance:${this.instance}`, '1', 'PX', this.instanceTtlMs, 'GET')) !== null;
  }

  /**
   * Signs this server's life, keeps the rooms it has participants in, and clears them of those whose servers died.
   * A server that could not sign in time (Redis out of reach) has been presumed dead and its participants taken out
   * of their rooms: they are disconnected so that their clients join again.
   */
  private async renew(): Promise<void> {
    try {
      if (!(await this.signLife())) for (const { deliver } of this.watched.values()) deliver([{ close: 'rejoin' }], Number.MAX_SAFE_INTEGER);
      for (const room of this.watched.keys()) {
        await this.redis.pexpire(this.roomKey(room), ROOM_TTL_MS);
        await this.update(room, unchanged);
      }
    } catch (err) {
      this.logger.error({ err }, 'rtc: the shared room store did not answer; trying again');
    }
  }

  private received(channel: string, message: string): void {
    const watcher = this.watched.get(channel.slice(this.roomKey('').length));
    if (!watcher) return;
    const { base, events } = JSON.parse(message) as { base: number; events: RoomEvent[] };
    watcher.deliver(events, base);
  }
}
