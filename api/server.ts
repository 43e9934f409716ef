import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { VisitRollups } from './analytics/visit-rollups';
import { startWeeklySummaries } from './analytics/weekly-summary';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { seedDemoTour } from './demo/seed-demo-tour';
import { loadConfig, SettingsError, type Config } from './config/config';
import { lockDataDir } from './config/data-dir-lock';
import { migrateToLatest, openConfiguredDatabase, underStartupLock } from './db/database';
import { guardConnections, HTTP_TIMEOUTS } from './http/http-connections';
import { createLogger } from './config/logger';
import { startMailSender } from './mail/mail-sender';
import { createMailer } from './mail/mailer';
import { openMediaStorage } from './media/open-media-storage';
import { MEDIA_SWEEP_LOCK_MS, startMediaSweeps } from './media/orphan-sweep';
import { startTileQueue } from './media/tiles/tile-queue';
import { startTilesSweeps, TILES_SWEEP_LOCK_MS } from './media/tiles/uncut-panoramas';
import { connectRedis } from './redis/redis-connection';
import { RedisLock } from './redis/redis-lock';
import { createRtcSocketServer } from './rtc/connection-guard';
import { RedisRoomStore } from './rtc/redis-room-store';
import { RoomHub } from './rtc/room-hub';
import { unansweredServices } from './config/unanswered-services';
import { removeLeftoverSpools } from './uploads/upload';

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
// A database or Redis that does not answer at start is one plain line each and exit code 1 (start again once it is
// up), not a stack trace or a retry loop that ends in one; later outages are waited out by reconnecting.
const unanswered = await unansweredServices(config);
if (unanswered.length > 0) {
  for (const problem of unanswered) process.stderr.write(`${problem}\n`);
  process.exit(1);
}

/** Opens everything and listens; any failure on the way rejects. */
async function start() {
  // Held until the process ends: restore refuses to replace the data under a running server.
  const dataDirLock = lockDataDir(config.dataDir, 'stop that server first.');
  const logger = await createLogger({ level: config.logLevel });
  const leftoverSpools = await removeLeftoverSpools(config.dataDir);
  if (leftoverSpools > 0) logger.info(`upload spool files left by an earlier process, removed: ${leftoverSpools}`);
  const db = openConfiguredDatabase(config, (message) => logger.warn(message));
  await migrateToLatest(db);
  const media = await openMediaStorage(config);
  await underStartupLock(db, () => seedDemoTour(db, media, rootDir));

  // With Redis, video rooms span every instance sharing it; without, they live in this process.
  const roomStore = config.redisUrl ? await RedisRoomStore.connect(config.redisUrl, { logger }) : undefined;
  const hub = new RoomHub({ store: roomStore, logger });
  // Per-visitor limits, the media sweep's lock and the readiness check share one more connection, made in the
  // background and remade by itself when lost.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  const sockets = createRtcSocketServer();
  const mailSender = startMailSender(db, config, logger);
  const analytics = new VisitRollups(db);
  analytics.start(logger);
  const tileQueue = startTileQueue({ db, media, logger, spoolDir: config.dataDir });
  const app = createApp({ db, config, rootDir, media, hub, logger, redis, mailSender, analytics, tileQueue });
  // autoCleanupIncoming off: the adapter would cut a connection whose body still arrives 500 ms after the answer, so a
  // refused upload's client would see a broken pipe instead of its 403/404; the upload reader drops that rest itself.
  const server = serve({
    fetch: app.fetch,
    port: config.port,
    websocket: { server: sockets },
    serverOptions: HTTP_TIMEOUTS,
    autoCleanupIncoming: false,
  }) as Server;
  // Behind proxies every connection comes from one of them, which limits its own clients.
  guardConnections(server, config.trustProxy === 0 ? config.httpConnectionsPerAddress : undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${config.port} is already in use (set PORT to another).`) : err),
    );
  });
  // Not awaited: the server listens while the first sweep runs.
  const sweeps = startMediaSweeps(db, media, logger, redis && new RedisLock(redis, 'media-sweep', MEDIA_SWEEP_LOCK_MS));
  const tilesSweeps = startTilesSweeps(db, media, logger, tileQueue.wake, redis && new RedisLock(redis, 'tiles-sweep', TILES_SWEEP_LOCK_MS));
  const summaries = startWeeklySummaries(
    db,
    config,
    createMailer(db, config, () => mailSender?.wake()),
    logger,
  );
  return { dataDirLock, logger, db, roomStore, hub, redis, sockets, mailSender, analytics, server, sweeps, summaries, tileQueue, tilesSweeps };
}

// Any start-up failure (the data folder in use, a port taken, a database that cannot be opened) is one plain line
// and exit code 1.
const { dataDirLock, logger, db, roomStore, hub, redis, sockets, mailSender, analytics, server, sweeps, summaries, tileQueue, tilesSweeps } =
  await start().catch((err: unknown) => {
    process.stderr.write(`The server could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });

/** Longest wait for requests under way and sockets' closing handshakes before the process ends regardless. */
const DRAIN_MS = 10_000;

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: closing`);
  // 1001 "going away": clients reconnect at once (to another instance behind the balancer) instead of backing off.
  // The other instances hear this one's participants leave before its Redis connections close.
  const roomsLeft = hub
    .close()
    .then(() => roomStore?.close())
    .catch((err: unknown) => logger.error({ err }, 'the video rooms did not close cleanly'));
  for (const socket of sockets.clients) socket.close(1001, 'server shutting down');
  // A sweep under way finishes before the database closes under it.
  const swept = sweeps.stop();
  // A cut under way stops at its next tile and gives its claim back, so the next start or another instance cuts it.
  const cut = Promise.all([tilesSweeps.stop(), tileQueue.stop()]);
  const summed = summaries.stop();
  // A send under way finishes (or fails and is put back for the next start) before the database closes.
  const mailed = mailSender?.stop();
  // Refuses new connections and closes idle keep-alive ones; requests under way are answered first.
  server.close(() => {
    // The last second's visits are written once no more beacons can arrive.
    const counted = analytics.stop().catch((err: unknown) => logger.error({ err }, 'the last visits were not written'));
    void Promise.all([swept, cut, summed, roomsLeft, mailed, counted])
      .then(() => Promise.all([db.destroy(), redis?.quit()]))
      .then(() => dataDirLock.release())
      .finally(() => process.exit(0));
  });
  setTimeout(() => {
    logger.error(`requests still under way after ${DRAIN_MS / 1000} s: ending them`);
    process.exit(1);
  }, DRAIN_MS).unref();
}
// The last line of defence: every socket and request handler catches its own failures, and one that slips
// through is logged rather than allowed to end every visitor's session with the process.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection (the server carries on)'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
// Said once SIGTERM is handled: a supervisor that stops the server as soon as it listens gets a clean shutdown.
logger.info(`listening on ${config.publicUrl ?? `http://localhost:${config.port}`}/ (demo tour: /tours/demo, partner page: /demo/)`);
