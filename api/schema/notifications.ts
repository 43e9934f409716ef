import { z } from 'zod';

/** What the owner's inbox holds, one kind per feature that writes to it. */
export const NOTIFICATION_KINDS = ['lead', 'unlock', 'showing', 'chat-join', 'invitation', 'team'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Each kind as the inbox filter and the mail settings name it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  lead: 'Leads',
  unlock: 'Locked-tour e-mails',
  showing: 'Showing requests',
  'chat-join': 'Video chat joins',
  invitation: 'Team invitations',
  team: 'Team news',
};

/** What can be mailed, each with its own switch and unsubscribe link: the inbox's kinds and the weekly summary. */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, 'weekly'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = { ...NOTIFICATION_KIND_LABELS, weekly: 'Weekly summary of your tours' };

/** One entry of the inbox. `data` holds the kind's own fields (a lead's e-mail, a showing's phone), shown as text. */
export interface InboxItem {
  id: number;
  kind: NotificationKind;
  /** The tour it concerns, when there is one. */
  tour: { shortId: string; title: string } | null;
  text: string;
  data: Record<string, unknown>;
  read: boolean;
  createdDate: string;
}

/** Unread counts for the header and the filters, and the tours the inbox has entries for. */
export interface InboxSummary {
  unread: number;
  unreadByKind: Record<NotificationKind, number>;
  tours: Array<{ shortId: string; title: string; unread: number }>;
}

const kind = z.enum(NOTIFICATION_KINDS);
const shortIdFilter = z.string().min(1).max(100);

export const inboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  tour: shortIdFilter.optional(),
  kind: kind.optional(),
  unread: z.enum(['1']).optional(),
});

/** Marks the listed entries read, or every entry matching the filters. */
export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true), tour: shortIdFilter.optional(), kind: kind.optional() }),
]);

export const csvQuerySchema = z.object({ tour: shortIdFilter.optional() });
