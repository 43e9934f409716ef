import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { csvResponse } from '../http/csv';
import { preferredTime } from '../visitors/preferred-time';
import { parseOr422, readJson } from '../http/errors';
import { csvQuerySchema, inboxQuerySchema, markReadSchema } from '../schema/notifications';
import { inboxSummary, leadsOfOwner, markRead, readInbox, showingsOfOwner } from './inbox.repository';

/** `/inbox`: what happened for the signed-in owner across all their tours, and their visitors' requests as CSV. */
export function inboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = requireUser(c);
    const { page, perPage, tour, kind, unread } = parseOr422(inboxQuerySchema, c.req.query());
    return c.json(await readInbox(c.get('db'), user.id, { tour, kind, unread: !!unread }, { page, perPage }));
  });

  app.get('/summary', async (c) => c.json(await inboxSummary(c.get('db'), requireUser(c).id)));

  app.post('/read', async (c) => {
    const user = requireUser(c);
    const which = parseOr422(markReadSchema, await readJson(c));
    return c.json({ marked: await markRead(c.get('db'), user.id, which) });
  });

  app.get('/leads.csv', async (c) => {
    const user = requireUser(c);
    const { tour } = parseOr422(csvQuerySchema, c.req.query());
    const rows = await leadsOfOwner(c.get('db'), user.id, tour);
    return csvResponse(
      c,
      'leads.csv',
      ['tour', 'tourShortId', 'createdDate', 'name', 'email', 'url'],
      rows.map((row) => [row.list_title, row.short_id, row.created_at, row.name, row.email, row.url]),
    );
  });

  app.get('/showings.csv', async (c) => {
    const user = requireUser(c);
    const { tour } = parseOr422(csvQuerySchema, c.req.query());
    const rows = await showingsOfOwner(c.get('db'), user.id, tour);
    return csvResponse(
      c,
      'showing-requests.csv',
      ['tour', 'tourShortId', 'createdDate', 'name', 'email', 'phone', 'comments', 'preferredLocalTime', 'preferredTimeZone', 'preferredUtc'],
      rows.map((row) => {
        const preferred = preferredTime(row.preferred_at, row.preferred_time_zone);
        const when = [preferred?.local ?? '', preferred?.timeZone ?? '', preferred?.instant ?? ''];
        return [row.list_title, row.short_id, row.created_at, row.name, row.email, row.phone, row.comments, ...when];
      }),
    );
  });

  return app;
}
