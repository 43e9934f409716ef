import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  created_at: CreatedAt;
}

export interface TourTable {
  id: Generated<number>;
  short_id: string;
  user_id: number | null;
  type: string;
  privacy: string;
  password_hash: string | null;
  team_id: number | null;
  white_label_status_code: Generated<string>;
  /** The owner-editable part of the tour (api/schema TourInput) as JSON text, validated on every write. */
  data: string;
  revision: Generated<number>;
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
  created_at: CreatedAt;
}

export interface OutboxEmailTable {
  id: Generated<number>;
  /** The owner the mail concerns, so they can read it in the app when no SMTP server is set. */
  user_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  /** Set when an SMTP server accepted it; null while it only sits in the outbox. */
  sent_at: string | null;
  created_at: CreatedAt;
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

export interface Database {
  user: UserTable;
  tour: TourTable;
  floorplan: FloorplanTable;
  lead: LeadTable;
  showing_request: ShowingRequestTable;
  outbox_email: OutboxEmailTable;
  asset: AssetTable;
  session: SessionTable;
  payment: PaymentTable;
  stripe_event: StripeEventTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type TourRow = Selectable<TourTable>;
export type NewTourRow = Insertable<TourTable>;
export type TourUpdate = Updateable<TourTable>;
export type FloorplanRow = Selectable<FloorplanTable>;
