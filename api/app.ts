import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { everyRequest } from './http/every-request';
import { MemoizedRouter } from './http/memoized-router';
import { corsAnyOrigin } from './http/cors';
import type { AppEnv } from './app-env';
import { localMediaDir, type Config } from './config/config';
import type { Db } from './db/database';
import { ApiError, errorBody, handleError } from './http/errors';
import { healthRoutes } from './http/health.routes';
import { floorplanRoutes, floorplansRoutes } from './floorplans/floorplans.routes';
import { audioRoutes } from './uploads/audio.routes';
import type { MailSender } from './mail/mail-sender';
import { createMailer } from './mail/mailer';
import { LocalMediaStorage } from './media/local-media-storage';
import type { MediaStorage } from './media/media-storage';
import type { TileQueue } from './media/tiles/tile-queue';
import { imagesRoutes } from './uploads/images.routes';
import type { Logger } from './config/logger';
import { pagesRoutes } from './pages/pages.routes';
import { MemoryRateLimitStore } from './http/rate-limit-store';
import { RedisRateLimitStore } from './redis/redis-rate-limit-store';
import { requestLimits } from './http/request-limits';
import { whiteLabelRoutes } from './pages/white-label.routes';
import { RoomHub } from './rtc/room-hub';
import { pagePolicy } from './http/security-headers';
import { rtcRoutes } from './rtc/rtc.routes';
import { staticRoutes } from './http/static.routes';
import { assetRoutes, assetsRoutes } from './assets/assets.routes';
import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import { inboxRoutes } from './inbox/inbox.routes';
import { billingRoutes } from './billing/billing.routes';
import { createPayments } from './billing/stripe-client';
import { tourPublishingRoutes } from './billing/tour-publishing.routes';
import { stripeWebhookRoutes } from './billing/stripe-webhook.routes';
import { currentUser } from './auth/current-user';
import { passwordRoutes } from './tours/password.routes';
import { toursRoutes } from './tours/tours.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { VisitRollups } from './analytics/visit-rollups';
import { visitsRoutes } from './analytics/visits.routes';
import { teamsRoutes } from './teams/teams.routes';
import { teamUsersRoutes } from './teams/team-users.routes';
import { videoRoutes, videoTokenRoutes } from './video/video.routes';
import { userStatusRoutes, usersRoutes } from './users/users.routes';
import { outboxRoutes, ownerInboxRoutes } from './visitors/owner-inbox.routes';
import { leadsRoutes, tourVisitorsRoutes } from './visitors/visitors.routes';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Project folder holding dist/ and demo/. */
  rootDir: string;
  /** Where media are stored; the data folder's media/ unless another store is given. */
  media?: MediaStorage;
  /** The video chat's rooms; one per process. */
  hub?: RoomHub;
  /** Access lines and errors; without one, only warnings and errors are printed (tests). */
  logger?: Logger;
  /**
   * The Redis that instances share (REDIS_URL): rate limits count there, across instances, and readiness checks it.
   * Without one, they count in this process's memory.
   */
  redis?: Redis;
  /** Where beacons are summed until flushed; its owner starts and stops its timer (tests flush it themselves). */
  analytics?: VisitRollups;
  /** Sends queued mails in the background (with SMTP_URL); woken by each mail queued. Its owner stops it. */
  mailSender?: MailSender;
  /** Cuts wide panoramas into tiles in the background; woken by each upload that queues one. Its owner stops it. */
  tileQueue?: TileQueue;
}

/** The routers of one resource, joined under its prefix in the order given. */
function resource(...routers: Array<Hono<AppEnv>>): Hono<AppEnv> {
  const joined = new Hono<AppEnv>();
  for (const router of routers) joined.route('/', router);
  return joined;
}

export function createApp({
  db,
  config,
  rootDir,
  media = new LocalMediaStorage(localMediaDir(config.dataDir)),
  logger = pino({ level: 'warn' }),
  hub = new RoomHub({ logger }),
  redis,
  mailSender,
  tileQueue,
  analytics = new VisitRollups(db),
}: AppDeps): Hono<AppEnv> {
  // Paths come with and without a trailing slash (/api/images/, /api/assets/).
  const app = new Hono<AppEnv>({ strict: false, router: new MemoizedRouter() });
  const mailer = createMailer(db, config, () => mailSender?.wake());
  const rateLimitStore = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
  app.use(everyRequest({ db, config, mailer, media, logger, rateLimitStore }));
  app.route('/', healthRoutes(db, media, redis));

  const api = new Hono<AppEnv>({ strict: false });
  // The viewer calls the API from partners' pages on any origin; credentials travel in a header, never cookies.
  api.use(corsAnyOrigin());
  api.use(currentUser);
  api.use(requestLimits());
  // The route table: one line per resource. Routers that share a prefix are listed in the order they match in.
  const payments = createPayments(config.stripe);
  api.route('/auth', authRoutes());
  api.route('/account', accountRoutes(hub, payments));
  api.route('/inbox', inboxRoutes());
  api.route('/status', resource(userStatusRoutes(), passwordRoutes()));
  api.route('/users', resource(usersRoutes(), teamUsersRoutes()));
  api.route('/teams', teamsRoutes());
  const analyticsReads = analyticsRoutes();
  api.route(
    '/tours',
    resource(
      visitsRoutes(analytics),
      analyticsReads.tour,
      toursRoutes(hub),
      audioRoutes(),
      whiteLabelRoutes(),
      tourVisitorsRoutes(),
      ownerInboxRoutes(),
      tourPublishingRoutes(payments),
    ),
  );
  api.route('/images', imagesRoutes(tileQueue));
  api.route('/floorplans', floorplansRoutes());
  api.route('/floorplan', floorplanRoutes());
  api.route('/assets', assetsRoutes());
  api.route('/asset', assetRoutes());
  api.route('/leads', leadsRoutes());
  api.route('/outbox', outboxRoutes());
  api.route('/rtc', rtcRoutes(hub));
  api.route('/video', videoRoutes());
  api.route('/:provider', videoTokenRoutes());
  api.route('/analytics', analyticsReads.all);
  api.route('/billing', billingRoutes(payments));
  api.route('/stripe', stripeWebhookRoutes(payments));
  api.all('*', (c) => {
    throw new ApiError(404, 'NotFound', `No route for ${c.req.method} ${c.req.path}.`);
  });
  app.route('/api', api);

  // Registered after the API, so only requests outside it reach this: the API's last route answers every one of its
  // paths first (Hono runs what matches in the order it was added).
  app.use(pagePolicy(config));
  app.route('/', pagesRoutes());
  app.route('/', staticRoutes(rootDir, media, config.siteName));
  app.notFound((c) => c.json(errorBody('NotFound', 'Not found.'), 404));
  app.onError(handleError);
  return app;
}
