import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { leadSchema, showingFormSchema } from '../schema/requests';
import { callerAccess, findTourByIdFor, findTourOr404, tourAsSeen, type FoundTour } from '../tours/tour-access';
import { tellOwner } from '../notifications/tell-owner';
import { tellOwnerOfLead } from './lead-news';
import { describePreferredTime, localPreferredAt, preferredTime } from './preferred-time';
import { tourTitle } from '../schema/tour-title';

/** The tour a visitor may reach: a private one only by its owner (403 for anyone else, as when viewing it). */
async function reachableTour(c: Context<AppEnv>, shortId: string): Promise<FoundTour> {
  const found = await findTourOr404(c, shortId);
  await tourAsSeen(c, found);
  return found;
}

/** `/leads/:tourId`: a visitor leaves contact details on a tour. Like the tour requests below, anonymous, so limited per address. */
export function leadsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limit = rateLimit({ max: 20, windowMs: 60_000 });

  app.post('/:tourId', limit, async (c) => {
    const { tour } = await findTourByIdFor(c, c.req.param('tourId'), 'visit');
    if (!tour.leadgen.enabled) throw new ApiError(403, 'Forbidden', 'This tour does not collect contact requests.');
    const lead = parseOr422(leadSchema, await readJson(c));
    const { id } = await c
      .get('db')
      .insertInto('lead')
      .values({ tour_id: tour.id, name: lead.name, email: lead.email, url: lead.url })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tellOwnerOfLead(c, tour, { kind: 'lead', leadId: id, email: lead.email, name: lead.name, url: lead.url });
    return c.json({ ok: true }, 201);
  });

  return app;
}

/** Visitors' requests on a tour, under `/tours`: a showing, and the join-chat notice. */
export function tourVisitorsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limit = rateLimit({ max: 20, windowMs: 60_000 });

  app.post('/:shortId/requestShowing', limit, async (c) => {
    const { tour } = await reachableTour(c, c.req.param('shortId'));
    if (!tour.isScheduleEnabled) throw new ApiError(403, 'Forbidden', 'This tour does not take showing requests.');
    const { preferredDate, preferredTime: time, timeZone, ...form } = parseOr422(showingFormSchema, await readJson(c));
    const preferredAt = localPreferredAt({ preferredDate, preferredTime: time });
    const { id } = await c
      .get('db')
      .insertInto('showing_request')
      .values({ tour_id: tour.id, ...form, preferred_at: preferredAt, preferred_time_zone: preferredAt ? timeZone : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tour.userId !== null) {
      const text = `${form.name} asks for a live showing of "${tourTitle(tour)}".`;
      const preferred = preferredTime(preferredAt, timeZone ?? null);
      await tellOwner(c, {
        userId: tour.userId,
        kind: 'showing',
        tourId: tour.id,
        text,
        data: { showingId: id, ...form, preferred },
        mail: {
          to: tour.agentEmail,
          replyTo: form.email,
          subject: `Showing request for "${tourTitle(tour)}"`,
          text: [
            text,
            `E-mail: ${form.email}`,
            `Phone: ${form.phone || '-'}`,
            `Preferred time: ${describePreferredTime(preferred) || '-'}`,
            '',
            form.comments,
          ].join('\n'),
        },
      });
    }
    // The agent's address stays with the server, which mailed the request to it.
    return c.json({ ok: true, agentName: tour.agentName }, 201);
  });

  app.get('/:shortId/joinChat', limit, async (c) => {
    const found = await reachableTour(c, c.req.param('shortId'));
    const { tour } = found;
    // Those who run the tour joining their own room are no news to them.
    if (!tour.isNotifyEnabled || tour.userId === null || (await callerAccess(c, found)).manages) return c.json({ notified: false });
    const user = c.get('user');
    const who = user && user.type !== 'guest' ? user.name : 'A visitor';
    await tellOwner(c, {
      userId: tour.userId,
      kind: 'chat-join',
      tourId: tour.id,
      text: `${who} joined the video chat of "${tourTitle(tour)}".`,
      mail: {
        subject: `${who} joined the video chat of "${tourTitle(tour)}"`,
        text: `${who} has joined the live video chat of your tour "${tourTitle(tour)}". Open the tour to meet them.`,
      },
    });
    return c.json({ notified: true });
  });

  return app;
}
