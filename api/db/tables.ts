import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MailKind, NotificationKind } from '../schema/notifications';
import type { Permission } from '../schema/team';

/** Timestamps are ISO-8601 text so the same SQL runs on SQLite and PostgreSQL. */
type CreatedAt = ColumnType<string, string | undefined, never>;

export interface UserTable {
  id: Generated<number>;
  email: string | null;
  name: string;
  password_hash: string | null;
  /** 'guest', '1' (signed up) or '2' (Pro Plus). */
  type: string;
  picture: Generated<string>;
  meta: Generated<string>;
  /** Tours this account may still publish for free; only ever lowered by a conditional update. */
  free_tours_remaining: number;
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Pro Plus subscription last heard of and its Stripe status ('active', 'past_due', 'canceled' ...). */
  stripe_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the address was confirmed by the link mailed to it; null until then. Unconfirmed addresses get no invitations. */
  email_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The UTC day (YYYY-MM-DD) `invitations_that_day` counts the invitations this account sent on; null before any. */
  invitation_day: ColumnType<string | null, string | null | undefined, string | null>;
  invitations_that_day: Generated<number>;
  /** The brand new tours start with (BrandDefaults as JSON text). */
  brand: Generated<string>;
  created_at: CreatedAt;
}

export interface TourTable {
  id: Generated<number>;
  short_id: string;
  user_id: number | null;
  type: string;
  privacy: string;
  password_hash: string | null;
  white_label_status_code: Generated<string>;
  /** The owner-editable part of the tour (api/schema TourInput) as JSON text, validated on every write. */
  data: string;
  revision: Generated<number>;
  /** The title the dashboard lists the tour under (its title, else its name), kept beside `data` for searching. */
  list_title: Generated<string>;
  /** `list_title` folded for case and accents, written with it: what search and sorting by title compare. */
  search_title: Generated<string>;
  /**
   * Raised by triggers on every write to the row or to the tour's floor plans, whoever writes: the read cache
   * knows from it alone whether what it keeps is still the tour.
   */
  write_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: string;
}

export interface FloorplanTable {
  id: string;
  tour_id: number;
  name: string;
  url: string;
  thumb_url: string;
  hotspots: string;
  sort_order: number;
  created_at: CreatedAt;
}

export interface LeadTable {
  id: Generated<number>;
  tour_id: number;
  name: string;
  email: string;
  url: string;
  created_at: CreatedAt;
}

export interface ShowingRequestTable {
  id: Generated<number>;
  tour_id: number;
  name: string;
  email: string;
  phone: string;
  comments: string;
  /** The visitor's preferred date and time as their own clock read it (`2026-12-01T14:30`), with their IANA zone. */
  preferred_at: ColumnType<string | null, string | null | undefined, string | null>;
  preferred_time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface OutboxEmailTable {
  id: Generated<number>;
  /** The owner the mail concerns, so they can read it in the app when no SMTP server is set. */
  user_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  /** Where replies go when not to the sender: the visitor who left a lead or asked for a showing. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when an SMTP server accepted it; null while it only sits in the outbox. */
  sent_at: string | null;
  created_at: CreatedAt;
}

/** A mail the SMTP server has yet to accept; its text is the outbox row's. */
export interface MailQueueTable {
  id: Generated<number>;
  outbox_id: number;
  /** For notification mails: the List-Unsubscribe address. */
  unsubscribe_url: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** Until when one instance is sending it; null or past, any instance may claim it. */
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AssetTable {
  id: string;
  user_id: number;
  name: string;
  url: string;
  thumb_url: string;
  asset_type: string;
  created_at: CreatedAt;
}

/** One row per issued sign-in token (its `jti`); a token whose row is gone is refused. */
export interface SessionTable {
  id: string;
  user_id: number;
  expires_at: string;
  created_at: CreatedAt;
}

export interface PaymentTable {
  id: Generated<number>;
  tour_id: number | null;
  user_id: number | null;
  kind: 'tour' | 'subscription';
  /** In the currency's smallest unit, as Stripe counts it. */
  amount: number;
  currency: string;
  checkout_session_id: string;
  payment_intent_id: string | null;
  subscription_id: string | null;
  /** The webhook event that confirmed it; null while only the return from Checkout has. */
  event_id: string | null;
  status: 'paid' | 'refunded';
  created_at: CreatedAt;
}

/** Stripe events already handled: Stripe delivers at least once, and a replay must change nothing. */
export interface StripeEventTable {
  id: string;
  type: string;
  handled_at: string;
}

/** What the owner's inbox lists: one row per thing that happened for them, whatever feature wrote it. */
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  /** The tour it concerns, when there is one; the row goes with the tour. */
  tour_id: number | null;
  /** A one-line summary, shown as text. */
  text: string;
  /** JSON: the kind's own fields (a lead's e-mail, an invitation's team), for filters and exports. */
  data: string;
  read_at: string | null;
  created_at: CreatedAt;
}

export type { NotificationKind };

/**
 * A link mailed to an account: a password reset, or the confirmation of an address. Only the token's hash is kept,
 * so the table alone opens nothing; each link works once and until it expires.
 */
export interface AccountLinkTable {
  /** SHA-256 of the token, hex. */
  id: string;
  user_id: number;
  purpose: AccountLinkPurpose;
  /** The address the link was sent to, which confirming it confirms (or changes the account to). */
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type AccountLinkPurpose = 'password-reset' | 'confirm-email';

/** Kinds of notification an owner does not want mailed; the inbox still lists them. */
export interface NotificationMailOffTable {
  user_id: number;
  kind: MailKind;
}

export interface TeamTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: CreatedAt;
}

/** The owner is a member too, with `admin`. */
export interface TeamMemberTable {
  team_id: number;
  user_id: number;
  permission: Permission;
  created_at: CreatedAt;
}

export interface TeamInvitationTable {
  id: Generated<number>;
  team_id: number;
  /** Lower case; an account with it may exist or be made from the e-mailed link. */
  email: string;
  permission: Permission;
  /** SHA-256 of the token the e-mailed link carries. */
  token_hash: string;
  /** SHA-256 of the token of the link the inviter copied, if they did: it joins, but proves no address. */
  link_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: number;
  status: ColumnType<'pending' | 'accepted' | 'dismissed', 'pending' | undefined, 'accepted' | 'dismissed'>;
  expires_at: string;
  /** When it was sent; the daily mail limit counts these. */
  created_at: string;
}

/** A tour shared into a team; a tour belongs to at most one. */
export interface TeamTourTable {
  tour_id: number;
  team_id: number;
  created_at: CreatedAt;
}

/** A member's permission on one shared tour where it differs from their permission in the team. */
export interface TeamTourPermissionTable {
  team_id: number;
  tour_id: number;
  user_id: number;
  permission: Permission;
}

/** One saved state of a team tour: who changed what, the revision it made and everything needed to restore it. */
export interface TeamHistoryTable {
  id: Generated<number>;
  team_id: number;
  tour_id: number;
  user_id: number | null;
  type: string;
  current_value: string;
  revision: number;
  /** JSON: the tour's data, privacy and floor plans as that revision had them. */
  snapshot: string;
  created_at: string;
}

/** A counter of a daily rollup: added to, never set. */
type Counter = ColumnType<number, number | undefined, number>;

/** One tour's visits on one UTC day. */
export interface TourDayStatsTable {
  tour_id: number;
  /** YYYY-MM-DD, the UTC day the beacons were received. */
  day: string;
  views: Counter;
  /** Distinct visitors that day. */
  visitors: Counter;
  leads: Counter;
  showings: Counter;
  chats: Counter;
  shares: Counter;
  fullscreens: Counter;
  vrs: Counter;
  phone: Counter;
  tablet: Counter;
  desktop: Counter;
}

export interface TourSceneDayStatsTable {
  tour_id: number;
  day: string;
  scene_id: string;
  views: Counter;
}

/** Opens of a hotspot or info spot (`target_id`) in a scene. */
export interface TourHotspotDayStatsTable {
  tour_id: number;
  day: string;
  scene_id: string;
  target_id: string;
  clicks: Counter;
}

/** Visits by the host of the page the tour was shown on and how (`page`, `element`, `iframe`). */
export interface TourReferrerDayStatsTable {
  tour_id: number;
  day: string;
  host: string;
  kind: string;
  views: Counter;
}

/** How many visits (`scene_id` '') or scene stays lasted within each duration bucket. */
export interface TourDurationDayStatsTable {
  tour_id: number;
  day: string;
  scene_id: string;
  bucket: number;
  n: Counter;
}

/** The weeks (their Monday, YYYY-MM-DD) whose summary an owner was sent: the claim that makes it once. */
export interface WeeklySummarySentTable {
  user_id: number;
  week: string;
}

/** Where a stored panorama's multires tiles are: queued, being cut, all stored, given up on, or not wanted (too narrow). */
export type TilesState = 'pending' | 'cutting' | 'ready' | 'failed' | 'skipped';

/** A stored panorama's multires tiles: their state, who is cutting them, and their layout once ready. */
export interface SceneTilesTable {
  /** The panorama's random name without its extension, as under media/tours/; its tiles lie under media/tiles/<image>/. */
  image: string;
  state: TilesState;
  /** The instance (or command) cutting it, and since when: a claim older than the cut timeout may be taken again. */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: ColumnType<string | null, string | null | undefined, string | null>;
  tries: Generated<number>;
  /** Why the last cut failed. */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  tile_resolution: ColumnType<number | null, number | null | undefined, number | null>;
  max_level: ColumnType<number | null, number | null | undefined, number | null>;
  cube_resolution: ColumnType<number | null, number | null | undefined, number | null>;
  queued_at: string;
  updated_at: string;
}

export interface Database {
  user: UserTable;
  tour: TourTable;
  floorplan: FloorplanTable;
  lead: LeadTable;
  showing_request: ShowingRequestTable;
  outbox_email: OutboxEmailTable;
  mail_queue: MailQueueTable;
  asset: AssetTable;
  session: SessionTable;
  payment: PaymentTable;
  stripe_event: StripeEventTable;
  notification: NotificationTable;
  account_link: AccountLinkTable;
  notification_mail_off: NotificationMailOffTable;
  team: TeamTable;
  team_member: TeamMemberTable;
  team_invitation: TeamInvitationTable;
  team_tour: TeamTourTable;
  team_tour_permission: TeamTourPermissionTable;
  team_history: TeamHistoryTable;
  tour_day_stats: TourDayStatsTable;
  tour_scene_day_stats: TourSceneDayStatsTable;
  tour_hotspot_day_stats: TourHotspotDayStatsTable;
  tour_referrer_day_stats: TourReferrerDayStatsTable;
  tour_duration_day_stats: TourDurationDayStatsTable;
  weekly_summary_sent: WeeklySummarySentTable;
  scene_tiles: SceneTilesTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type TourRow = Selectable<TourTable>;
export type NewTourRow = Insertable<TourTable>;
export type TourUpdate = Updateable<TourTable>;
export type FloorplanRow = Selectable<FloorplanTable>;
