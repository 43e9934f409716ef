import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { parseOr422 } from '../http/errors';
import { pageQuerySchema } from '../schema/requests';
import { findTourFor } from '../tours/tour-access';
import { readPage } from '../db/pagination';
import { csvResponse } from '../http/csv';
import { preferredTime } from './preferred-time';

/** A lead or showing request row in the API's names. */
function visitorEntry<T extends { tour_id: number; created_at: string }>({ tour_id, created_at, ...row }: T) {
  return { ...row, tourId: tour_id, createdDate: created_at };
}

/** What visitors left on an owner's tour, under `/tours`: leads (also as CSV) and showing requests. */
export function ownerInboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:shortId/leads', async (c) => {
    const { tour } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const query = c.get('db').selectFrom('lead').selectAll().where('tour_id', '=', tour.id).orderBy('id', 'desc');
    return c.json(await readPage(query, parseOr422(pageQuerySchema, c.req.query()), visitorEntry));
  });

  app.get('/:shortId/leads.csv', async (c) => {
    const { tour } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const rows = await c.get('db').selectFrom('lead').selectAll().where('tour_id', '=', tour.id).orderBy('id').execute();
    const lines = rows.map((row) => [row.created_at, row.name, row.email, row.url]);
    return csvResponse(c, `leads-${tour.shortId}.csv`, ['createdDate', 'name', 'email', 'url'], lines);
  });

  app.get('/:shortId/showings', async (c) => {
    const { tour } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const query = c.get('db').selectFrom('showing_request').selectAll().where('tour_id', '=', tour.id).orderBy('id', 'desc');
    return c.json(
      await readPage(query, parseOr422(pageQuerySchema, c.req.query()), ({ preferred_at, preferred_time_zone, ...row }) => ({
        ...visitorEntry(row),
        preferred: preferredTime(preferred_at, preferred_time_zone),
      })),
    );
  });

  return app;
}

/** `/outbox`: the mails kept for the owner. */
export function outboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireUser(c);
    const query = c.get('db').selectFrom('outbox_email').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc');
    return c.json(
      await readPage(query, parseOr422(pageQuerySchema, c.req.query()), (row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        sentAt: row.sent_at,
        createdDate: row.created_at,
      })),
    );
  });

  return app;
}
