import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { freePort } from './server';

/** One front of the balancer: the origin a browser loads its script from, and so talks to afterwards. */
export interface BalancerFront {
  origin: string;
}

export interface LoadBalancer {
  /** A front that sends everything to `preferred` while it answers, and to the other instances when it does not. */
  front(preferred: string): Promise<BalancerFront>;
  close(): Promise<void>;
}

/**
 * A small reverse proxy in front of several instances, passing WebSockets, as a load balancer in production does.
 * Each front prefers one instance, so a test puts one browser on each; when an instance stops answering it is
 * taken out (a passive health check) and its clients' next requests and reconnects go to the others.
 */
export function loadBalancer(instances: string[]): LoadBalancer {
  const proxy = createProxyServer({ xfwd: true });
  // http-proxy-3 passes the errors of a WebSocket's client side (a browser's connection reset, a write after it
  // closed: both happen when an instance is killed mid-chat) to this event; unheard, one would end the test process.
  proxy.on('error', (_error, _req, client) => client.destroy());
  const down = new Set<string>();
  const servers: Server[] = [];
  const targetFor = (preferred: string) => (down.has(preferred) ? instances.find((origin) => !down.has(origin)) : preferred);
  const failed = (target: string, answer: () => void) => (error: Error & { code?: string }) => {
    if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') down.add(target);
    answer();
  };

  return {
    async front(preferred) {
      const server = createServer((req, res) => {
        const target = targetFor(preferred);
        if (!target) return void res.writeHead(502).end('no instance answers');
        proxy.web(
          req,
          res,
          { target },
          failed(target, () => res.headersSent || res.writeHead(502).end('instance gone')),
        );
      });
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const target = targetFor(preferred);
        if (!target) return void socket.destroy();
        proxy.ws(
          req,
          socket,
          head,
          { target },
          failed(target, () => socket.destroy()),
        );
      });
      const port = await freePort();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      servers.push(server);
      return { origin: `http://localhost:${port}` };
    },
    async close() {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      proxy.close();
    },
  };
}
