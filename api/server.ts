import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { seedDemoTour } from '../demo/seed-demo-tour';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { removeStaleTempFiles } from './media/atomic-write';
import { startMediaSweeps } from './media/orphan-sweep';
import { RoomHub } from './rtc/room-hub';

const rootDir = fileURLToPath(new URL('../../', import.meta.url));
const config = loadConfig();
const db = openDatabase(join(config.dataDir, 'tours.sqlite'));
await migrateToLatest(db);
const mediaDir = join(config.dataDir, 'media');
await removeStaleTempFiles(mediaDir);
await seedDemoTour(db, mediaDir, rootDir);

const hub = new RoomHub();
const app = createApp({ db, config, rootDir, hub });
const server = serve({ fetch: app.fetch, port: config.port, websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) => {
  console.log(`Tour platform listening on ${config.publicUrl ?? `http://localhost:${info.port}`}/`);
  console.log(`  demo tour: /tours/demo   partner page: /demo/`);
});
// Not awaited: the server listens while the first sweep runs.
const sweeps = startMediaSweeps(db, mediaDir);

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  hub.close();
  // A sweep under way finishes before the database closes under it.
  const swept = sweeps.stop();
  server.close(() => {
    void swept.then(() => db.destroy()).then(() => process.exit(0));
  });
  // Open keep-alive or WebSocket connections must not hold the process forever.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
