import { sql } from 'kysely';
import type { Db } from '../db/database';
import { readPage } from '../db/pagination';
import { NOTIFICATION_KINDS, type InboxItem, type InboxSummary, type NotificationKind } from '../schema/notifications';
import type { Page } from '../schema/requests';

export interface InboxFilters {
  /** A tour's shortId. */
  tour?: string;
  kind?: NotificationKind;
  unread?: boolean;
}

/** The owner's inbox entries matching the filters, with the tour each concerns. */
function entries(db: Db, userId: number, { tour, kind, unread }: InboxFilters) {
  let query = db
    .selectFrom('notification')
    .leftJoin('tour', 'tour.id', 'notification.tour_id')
    .selectAll('notification')
    .select(['tour.short_id', 'tour.list_title'])
    .where('notification.user_id', '=', userId);
  if (tour) query = query.where('tour.short_id', '=', tour);
  if (kind) query = query.where('notification.kind', '=', kind);
  if (unread) query = query.where('notification.read_at', 'is', null);
  return query;
}

/** One page of the inbox, newest first. */
export function readInbox(db: Db, userId: number, filters: InboxFilters, page: { page: number; perPage: number }): Promise<Page<InboxItem>> {
  const query = entries(db, userId, filters).orderBy('notification.id', 'desc');
  return readPage(query, page, (row) => ({
    id: row.id,
    kind: row.kind,
    tour: row.short_id === null ? null : { shortId: row.short_id, title: row.list_title ?? '' },
    text: row.text,
    data: JSON.parse(row.data) as Record<string, unknown>,
    read: row.read_at !== null,
    createdDate: row.created_at,
  }));
}

const unreadCount = sql<number>`sum(case when notification.read_at is null then 1 else 0 end)`;

/** Unread counts, all and by kind, and the tours the inbox has entries for with their unread counts. */
export async function inboxSummary(db: Db, userId: number): Promise<InboxSummary> {
  const [kinds, tours] = await Promise.all([
    db
      .selectFrom('notification')
      .select(['kind', unreadCount.as('unread')])
      .where('user_id', '=', userId)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('notification')
      .innerJoin('tour', 'tour.id', 'notification.tour_id')
      .select(['tour.short_id', 'tour.list_title', unreadCount.as('unread')])
      .where('notification.user_id', '=', userId)
      .groupBy(['tour.id', 'tour.short_id', 'tour.list_title'])
      .orderBy('tour.list_title')
      .execute(),
  ]);
  const unreadByKind = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, 0])) as Record<NotificationKind, number>;
  for (const row of kinds) unreadByKind[row.kind] = Number(row.unread);
  return {
    unread: Object.values(unreadByKind).reduce((sum, count) => sum + count, 0),
    unreadByKind,
    tours: tours.map((row) => ({ shortId: row.short_id, title: row.list_title, unread: Number(row.unread) })),
  };
}

/** Marks the given entries, or all matching the filters, read; answers how many were unread. */
export async function markRead(db: Db, userId: number, which: { ids: number[] } | InboxFilters): Promise<number> {
  let query = db.updateTable('notification').set({ read_at: new Date().toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if ('ids' in which) query = query.where('id', 'in', which.ids);
  else {
    const { tour, kind } = which;
    if (tour) query = query.where('tour_id', 'in', db.selectFrom('tour').select('id').where('short_id', '=', tour));
    if (kind) query = query.where('kind', '=', kind);
  }
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** The owner's leads across their tours (or one of them), oldest first, with each tour's title. */
export function leadsOfOwner(db: Db, userId: number, tour?: string) {
  let query = db
    .selectFrom('lead')
    .innerJoin('tour', 'tour.id', 'lead.tour_id')
    .select(['tour.list_title', 'tour.short_id', 'lead.created_at', 'lead.name', 'lead.email', 'lead.url'])
    .where('tour.user_id', '=', userId);
  if (tour) query = query.where('tour.short_id', '=', tour);
  return query.orderBy('lead.id').execute();
}

/** The owner's showing requests across their tours (or one of them), oldest first, with each tour's title. */
export function showingsOfOwner(db: Db, userId: number, tour?: string) {
  let query = db
    .selectFrom('showing_request')
    .innerJoin('tour', 'tour.id', 'showing_request.tour_id')
    .select([
      'tour.list_title',
      'tour.short_id',
      'showing_request.created_at',
      'showing_request.name',
      'showing_request.email',
      'showing_request.phone',
      'showing_request.comments',
      'showing_request.preferred_at',
      'showing_request.preferred_time_zone',
    ])
    .where('tour.user_id', '=', userId);
  if (tour) query = query.where('tour.short_id', '=', tour);
  return query.orderBy('showing_request.id').execute();
}
