import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../db/tables';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  tourId?: number | null;
  /** A one-line summary; it is shown as text, never as markup. */
  text: string;
  data?: Record<string, unknown>;
}

/** Puts something that happened into an owner's inbox; mail, when configured, is sent besides by the caller. */
export async function notify(db: Kysely<Database>, notification: NewNotification): Promise<void> {
  await db
    .insertInto('notification')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      tour_id: notification.tourId ?? null,
      text: notification.text,
      data: JSON.stringify(notification.data ?? {}),
    })
    .execute();
}
