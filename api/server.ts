import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { seedDemoTour } from './demo/seed-demo-tour';
import { databaseFile, loadConfig, localMediaDir, SettingsError, type Config } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { createLogger } from './logger';
import { LocalMediaStorage } from './media/local-media-storage';
import { startMediaSweeps } from './media/orphan-sweep';
import { createRtcSocketServer } from './rtc/connection-guard';
import { RoomHub } from './rtc/room-hub';

/** Bad settings end the process before anything is created, with one plain line each and exit code 2. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    for (const problem of err.problems) process.stderr.write(`${problem}\n`);
    process.exit(2);
  }
}

const rootDir = fileURLToPath(new URL('../../', import.meta.url));
const config = configOrExit();
const logger = await createLogger();
const db = openDatabase(databaseFile(config.dataDir));
await migrateToLatest(db);
const media = await LocalMediaStorage.open(localMediaDir(config.dataDir));
await seedDemoTour(db, media, rootDir);

const hub = new RoomHub();
const sockets = createRtcSocketServer();
const app = createApp({ db, config, rootDir, media, hub, logger });
const server = serve({ fetch: app.fetch, port: config.port, websocket: { server: sockets } }, (info) => {
  logger.info(`listening on ${config.publicUrl ?? `http://localhost:${info.port}`}/ (demo tour: /tours/demo, partner page: /demo/)`);
});
// Not awaited: the server listens while the first sweep runs.
const sweeps = startMediaSweeps(db, media);

/** Longest wait for requests under way and sockets' closing handshakes before the process ends regardless. */
const DRAIN_MS = 10_000;

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: closing`);
  // 1001 "going away": clients reconnect at once (to another instance behind the balancer) instead of backing off.
  hub.close();
  for (const socket of sockets.clients) socket.close(1001, 'server shutting down');
  // A sweep under way finishes before the database closes under it.
  const swept = sweeps.stop();
  // Refuses new connections and closes idle keep-alive ones; requests under way are answered first.
  server.close(() => {
    void swept.then(() => db.destroy()).then(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), DRAIN_MS).unref();
}
// The last line of defence: every socket and request handler catches its own failures, and one that slips
// through is logged rather than allowed to end every visitor's session with the process.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection (the server carries on)'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
