import { sql } from 'kysely';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import type { Logger } from '../config/logger';
import { mailLink } from '../mail/mail-link';
import type { Mailer } from '../mail/mailer';
import { unsubscribeUrl, withUnsubscribeLine } from '../notifications/tell-owner';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Summaries go out on Mondays at 08:00 UTC. */
const SEND_HOUR_UTC = 8;
/** A tour title in the mail is cut to this many characters. */
const TITLE_CHARS = 120;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The latest Monday 08:00 UTC at or before `now`. */
export function lastSendTime(now: number): number {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0, Monday 1.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const thisWeeks = midnight - sinceMonday * DAY_MS + SEND_HOUR_UTC * HOUR_MS;
  return thisWeeks <= now ? thisWeeks : thisWeeks - WEEK_MS;
}

/** The UTC days (Monday to Sunday) a summary sent at `sendAt` covers: the week before its Monday. */
export function summaryWeek(sendAt: number): { from: string; to: string } {
  const monday = Math.floor(sendAt / DAY_MS) * DAY_MS;
  return { from: isoDay(monday - WEEK_MS), to: isoDay(monday - DAY_MS) };
}

/**
 * A title as one plain line: owners type titles, and a line break or control character would let one forge lines
 * of the mail (a fake link under our name), so they become spaces.
 */
function oneLine(title: string): string {
  const flat = title.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return flat.length > TITLE_CHARS ? `${flat.slice(0, TITLE_CHARS - 1)}…` : flat;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface TourWeek {
  userId: number;
  email: string;
  shortId: string;
  title: string;
  views: number;
  leads: number;
}

/**
 * Every tour of every owner who gets the summary, with its views and leads of the week, most viewed first. Views
 * come from the analytics; leads from the leads received (the owner's inbox), which embeds with `no-analytics` send
 * too. Timestamps are UTC text, so the week is a range of them.
 */
function toursOfTheWeek(db: Db, week: { from: string; to: string }): Promise<TourWeek[]> {
  const dayAfter = isoDay(Date.parse(week.to) + DAY_MS);
  return db
    .selectFrom('tour')
    .innerJoin('user', 'user.id', 'tour.user_id')
    .leftJoin('tour_day_stats as stats', (join) => join.onRef('stats.tour_id', '=', 'tour.id').on('stats.day', '>=', week.from).on('stats.day', '<=', week.to))
    .select([
      'user.id as userId',
      'user.email as email',
      'tour.short_id as shortId',
      'tour.list_title as title',
      sql<number>`coalesce(sum(stats.views), 0)`.as('views'),
      (eb) =>
        eb
          .selectFrom('lead')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('lead.tour_id', '=', 'tour.id')
          .where('lead.created_at', '>=', week.from)
          .where('lead.created_at', '<', dayAfter)
          .as('leads'),
    ])
    .where('user.email', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notification_mail_off as off').select('off.user_id').whereRef('off.user_id', '=', 'user.id').where('off.kind', '=', 'weekly'))),
    )
    .groupBy(['user.id', 'user.email', 'tour.id', 'tour.short_id', 'tour.list_title'])
    .orderBy('user.id')
    .orderBy('views', 'desc')
    .orderBy('tour.id')
    .execute() as Promise<TourWeek[]>;
}

function summaryText(config: Config, week: { from: string; to: string }, tours: TourWeek[]): { subject: string; text: string } {
  const views = tours.reduce((sum, tour) => sum + Number(tour.views), 0);
  const leads = tours.reduce((sum, tour) => sum + Number(tour.leads), 0);
  const lines = tours.map(
    (tour) => `- "${oneLine(tour.title)}": ${plural(Number(tour.views), 'view', 'views')}, ${plural(Number(tour.leads), 'lead', 'leads')}`,
  );
  return {
    subject: `Your tours this week: ${plural(views, 'view', 'views')}, ${plural(leads, 'lead', 'leads')}`,
    text: [
      `Your tours this week (${week.from} to ${week.to}, UTC days):`,
      '',
      ...lines,
      '',
      `Views per day, scenes, devices and where your tours are embedded: ${mailLink(config, '/dashboard')}`,
    ].join('\n'),
  };
}

/**
 * Mails each owner with tours the summary of the week before the latest Monday 08:00 UTC, unless they turned it
 * off. Each owner's summary is claimed first (a row per owner and week), so several instances, or a restart the
 * same Monday, send it once. Answers how many summaries this call sent.
 */
export async function sendWeeklySummaries(db: Db, config: Config, mailer: Mailer, now: number): Promise<number> {
  const week = summaryWeek(lastSendTime(now));
  const byOwner = new Map<number, TourWeek[]>();
  for (const tour of await toursOfTheWeek(db, week)) byOwner.set(tour.userId, [...(byOwner.get(tour.userId) ?? []), tour]);
  let sent = 0;
  for (const [userId, tours] of byOwner) {
    const claimed = await db
      .insertInto('weekly_summary_sent')
      .values({ user_id: userId, week: week.from })
      .onConflict((c) => c.doNothing())
      .executeTakeFirst();
    if (claimed.numInsertedOrUpdatedRows !== 1n) continue;
    const { subject, text } = summaryText(config, week, tours);
    const unsubscribe = unsubscribeUrl(config, userId, 'weekly');
    await mailer.send({ to: tours[0].email, userId, subject, text: withUnsubscribeLine(text, unsubscribe), unsubscribeUrl: unsubscribe });
    sent++;
  }
  return sent;
}

export interface WeeklySummaries {
  /** Stops the schedule; resolves once a run under way has finished, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Sends the summaries every Monday at 08:00 UTC, without keeping the process alive for it. A start later that
 * Monday sends what the day's run may have missed (a restart, a deploy); the claims keep it to one mail each.
 * Without PUBLIC_URL there are no links to put in a mail, so nothing is scheduled (said once).
 */
export function startWeeklySummaries(db: Db, config: Config, mailer: Mailer, logger: Logger, clock: () => number = Date.now): WeeklySummaries {
  if (!config.publicUrl) {
    logger.info('weekly summary mails are off: PUBLIC_URL is not set, and their links need it');
    return { stop: async () => {} };
  }
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  function run(): void {
    running = running
      .then(() => sendWeeklySummaries(db, config, mailer, clock()))
      .then((sent) => logger.info({ sent }, 'weekly summary mails queued'))
      .catch((err: unknown) => logger.error({ err }, 'weekly summary mails failed; owners not yet claimed get theirs at the next start this Monday'));
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    const now = clock();
    timer = setTimeout(run, lastSendTime(now) + WEEK_MS - now);
    timer.unref();
  }

  if (clock() - lastSendTime(clock()) < DAY_MS - SEND_HOUR_UTC * HOUR_MS) run();
  else schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
