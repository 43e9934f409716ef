import type { ClientFrame, RoomMessage, ServerFrame } from '../../api/schema/video';

/** Reconnect backoff factor 1.5 from 80 ms, randomised by half, at most 10 s. */
export const RECONNECT_FACTOR = 1.5;
export const RECONNECT_INITIAL_MS = 80;
export const RECONNECT_MAX_MS = 10_000;
/** A session that cannot reconnect within 30 s ends with a signalling error. */
export const SESSION_TIMEOUT_MS = 30_000;

/** What lets this person into a tour's room that is not open to all: the owner's sign-in, a password tour's token. */
export type RoomAccess = Pick<Extract<ClientFrame, { type: 'hello' }>, 'auth' | 'tourAccessToken'>;

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ControlSocketEvents {
  frame(frame: ServerFrame): void;
  state(state: ConnectionState, error?: { code: number; message: string }): void;
}

/** The /api/rtc connection: hello, heartbeats at the negotiated pace, and reconnection with backoff. */
export class ControlSocket {
  private socket: WebSocket | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private attempts = 0;
  private reconnectingSince = 0;
  /** When the server said it is busy: no reconnection before its `retryAfter` has passed. */
  private retryNotBefore = 0;
  private closedByUs = false;
  state: ConnectionState = 'connecting';

  constructor(
    /** The tour server whose /api/rtc carries the room. */
    private readonly apiOrigin: string,
    private readonly token: string,
    private readonly events: ControlSocketEvents,
    private readonly access: RoomAccess = {},
  ) {
    this.open();
  }

  send(body: RoomMessage): void {
    this.write({ type: 'msg', body });
  }

  close(): void {
    this.closedByUs = true;
    this.write({ type: 'bye' });
    this.stop();
    this.socket?.close(1000, 'bye');
    this.setState('disconnected');
  }

  private write(frame: ClientFrame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private open(): void {
    const socket = new WebSocket(`${this.apiOrigin.replace(/^http/, 'ws')}/api/rtc`);
    this.socket = socket;
    // Every hello, reconnections too, shows the access again: the server checks it each time.
    socket.onopen = () => this.write({ type: 'hello', version: 2, id: crypto.randomUUID(), token: this.token, ...this.access });
    socket.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as ServerFrame;
      if (frame.type === 'welcome') {
        this.attempts = 0;
        this.reconnectingSince = 0;
        this.stop();
        this.heartbeat = setInterval(() => this.write({ type: 'heartbeat' }), Math.max(frame.negotiatedTimeout / 2, frame.negotiatedTimeout - 200));
        this.setState('connected');
      }
      // The server's errors are final (a refused token, a full room, a room completed because its tour was
      // deleted): a reconnection would only be refused again, so none is tried.
      if (frame.type === 'error') {
        this.closedByUs = true;
        this.setState('disconnected', { code: frame.code, message: frame.message });
      }
      // A full server answers `busy` and closes; sooner than retryAfter it would only refuse again.
      if (frame.type === 'busy') this.retryNotBefore = Date.now() + frame.retryAfter;
      this.events.frame(frame);
    };
    socket.onclose = () => {
      this.stop();
      if (this.closedByUs) return;
      this.reconnectingSince ||= Date.now();
      if (Date.now() - this.reconnectingSince > SESSION_TIMEOUT_MS)
        return this.setState('disconnected', { code: 53001, message: 'Signaling connection disconnected' });
      this.setState('reconnecting');
      const backoff = Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * RECONNECT_FACTOR ** this.attempts * (0.5 + Math.random()));
      const delay = Math.max(backoff, this.retryNotBefore - Date.now());
      this.attempts += 1;
      setTimeout(() => this.open(), delay);
    };
  }

  private stop(): void {
    clearInterval(this.heartbeat);
  }

  private setState(state: ConnectionState, error?: { code: number; message: string }): void {
    this.state = state;
    this.events.state(state, error);
  }
}
