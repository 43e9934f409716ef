import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's timers for every HTTP connection. A whole request has no time limit (requestTimeout 0): uploads stream for
 * as long as a slow line needs, and the other routes time their bodies themselves (requestLimits).
 */
export const HTTP_TIMEOUTS = {
  /** A request's headers must arrive within this, and so must a new connection's first request. */
  headersTimeout: 20_000,
  /** An idle keep-alive connection is closed after this; browsers and balancers reopen one at once. */
  keepAliveTimeout: 5_000,
  requestTimeout: 0,
} as const;

/**
 * Closes connections that never send a request (Node's headersTimeout only starts with the first byte) and, when
 * `maxPerAddress` is given, a client's connections beyond that many open at once from its address, as they arrive:
 * neither idle nor numerous sockets from one address can hold every socket the process may open.
 */
export function guardConnections(server: Server, maxPerAddress: number | undefined): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // With no listener of its own for 'timeout', the server destroys the socket when this fires.
    socket.setTimeout(HTTP_TIMEOUTS.headersTimeout);
    if (maxPerAddress === undefined) return;
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
  // Node times each later wait between requests itself (keepAliveTimeout) and clears it when a request comes; the
  // first request clears the timer set above. Only that first request finds a timer here.
  const firstRequest = (request: IncomingMessage) => {
    if (request.socket.timeout) request.socket.setTimeout(0);
  };
  server.on('request', firstRequest);
  server.on('upgrade', firstRequest);
}
