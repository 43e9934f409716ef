import type { Logger } from '../config/logger';
import type { WSEvents } from 'hono/ws';
import WebSocket, { WebSocketServer } from 'ws';
import type { RoomMessage, ServerFrame } from '../schema/video';

/** One connection, whatever carries it (a WebSocket in production and tests). */
export interface PeerSocket {
  send(frame: ServerFrame): void;
  close(code: number, reason: string): void;
}

/**
 * The largest frame a client may send. The largest honest one is an SDP offer carrying many ICE candidates, a
 * few tens of KB; anything bigger is refused by ws as soon as the frame header announces it (close 1009), before
 * its body is read.
 */
export const MAX_FRAME_BYTES = 64 * 1024;

export interface Rate {
  /** Frames allowed at once, as when a newcomer trickles ICE candidates to every participant. */
  burst: number;
  /** Frames allowed per second once the burst is spent. */
  perSecond: number;
}

/** What one connection may ask of the server. */
export interface ConnectionLimits {
  /** A connection that has not said hello by then is closed (3007). */
  helloTimeoutMs: number;
  /** Every frame, counted before it is parsed. */
  frames: Rate;
  /** Room messages a person triggers by hand and the server fans out to the room or its host. */
  roomMessages: Rate;
  /** A peer whose unsent frames exceed this has stopped reading: it is dropped rather than buffered for. */
  maxBufferedBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  helloTimeoutMs: 5000,
  // The host's view goes out up to 20 times a second; a newcomer's offers and candidates to five others come at once.
  frames: { burst: 200, perSecond: 50 },
  roomMessages: { burst: 10, perSecond: 0.5 },
  maxBufferedBytes: 256 * 1024,
};

/** Room messages sent at human pace; `scene` (the host's view) and `signal` (SDP/ICE) come faster and only count as frames. */
const BY_HAND = new Set<RoomMessage['type']>(['host', 'host_reset', 'host_request_changing', 'room_life_time_request', 'infospot']);

/** The WebSocket server for `/api/rtc`: frames above MAX_FRAME_BYTES are refused unread. */
export function createRtcSocketServer(): WebSocketServer {
  return new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
}

class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(private readonly rate: Rate) {
    this.tokens = rate.burst;
  }

  /** 0 when the frame may go; otherwise the milliseconds until one may. */
  take(): number {
    const now = Date.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.last) / 1000) * this.rate.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.rate.perSecond) * 1000);
  }
}

/**
 * One `/api/rtc` connection's limits: the hello deadline, its message rates (a refused frame is dropped and
 * answered `busy` with `retryAfter`), backpressure on what is sent to it, and a guard that keeps any failure in
 * handling its frames to this connection instead of the process.
 */
export class ConnectionGuard {
  /** Sends to this peer; a peer that stopped reading is dropped instead of buffered for without end. */
  readonly socket: PeerSocket;
  private readonly frames: TokenBucket;
  private readonly roomMessages: TokenBucket;
  private readonly helloDeadline: ReturnType<typeof setTimeout>;

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: ConnectionLimits,
    private readonly logger: Logger,
  ) {
    this.frames = new TokenBucket(limits.frames);
    this.roomMessages = new TokenBucket(limits.roomMessages);
    this.helloDeadline = setTimeout(() => ws.close(3007, 'no hello in time'), limits.helloTimeoutMs);
    this.socket = { send: (frame) => this.send(frame), close: (code, reason) => ws.close(code, reason) };
  }

  cancelHelloDeadline(): void {
    clearTimeout(this.helloDeadline);
  }

  /** Whether the next frame, whatever it holds, is within the connection's rate. */
  admitFrame(): boolean {
    return this.admit(this.frames);
  }

  /** Whether a room message of this type is within its rate (only hand-sent types have one of their own). */
  admitMessage(type: RoomMessage['type']): boolean {
    return !BY_HAND.has(type) || this.admit(this.roomMessages);
  }

  /** Whether the connection is still open: a handler that awaited something may find it gone. */
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Runs one handler of this connection: whatever it throws or rejects with is logged and ends this connection
   * (1011), never the process. Settles when the handler has.
   */
  async run(what: string, handler: () => unknown): Promise<void> {
    try {
      await handler();
    } catch (err) {
      this.logger.error({ err }, `rtc: ${what} failed; closing that connection`);
      this.ws.close(1011, 'internal error');
    }
  }

  private admit(bucket: TokenBucket): boolean {
    const retryAfter = bucket.take();
    if (retryAfter > 0) this.send({ type: 'busy', retryAfter });
    return retryAfter === 0;
  }

  private send(frame: ServerFrame): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.logger.warn(`rtc: dropped a connection that stopped reading (${this.ws.bufferedAmount} bytes unsent)`);
      this.ws.terminate();
      return;
    }
    this.ws.send(JSON.stringify(frame));
  }
}

/** What a connection does with each frame and when it closes, given its guard. */
export interface ConnectionHandlers {
  onMessage(event: MessageEvent): unknown;
  onClose(): unknown;
}

/**
 * A WebSocket's events for `upgradeWebSocket` under a ConnectionGuard made when the socket opens: the frame rate
 * applies from the first frame, frames are handled one after another in the order they came (a handler may wait
 * on a shared room store) with the closing last, and no handler's failure or rejection leaves the connection it
 * happened on.
 */
export function guardedEvents(limits: ConnectionLimits, logger: Logger, handlers: (guard: ConnectionGuard) => ConnectionHandlers): WSEvents<unknown> {
  let guard: ConnectionGuard;
  let connection: ConnectionHandlers;
  let handled = Promise.resolve();
  return {
    onOpen(_event, ws) {
      // Only ws's sockets (createRtcSocketServer) tell how much is still unsent.
      if (!(ws.raw instanceof WebSocket)) throw new Error('/api/rtc needs the ws WebSocketServer');
      guard = new ConnectionGuard(ws.raw, limits, logger);
      connection = handlers(guard);
    },
    onMessage(event) {
      // Counted as it comes, not once its turn comes, so that a flood queues nothing.
      if (!guard.admitFrame()) return;
      handled = handled.then(() => guard.run('a frame', () => connection.onMessage(event)));
    },
    onClose() {
      guard.cancelHelloDeadline();
      handled = handled.then(() => guard.run('leaving', () => connection.onClose()));
    },
  };
}
