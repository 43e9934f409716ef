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

export interface Database {
  user: UserTable;
  tour: TourTable;
  floorplan: FloorplanTable;
  lead: LeadTable;
  showing_request: ShowingRequestTable;
  outbox_email: OutboxEmailTable;
  asset: AssetTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type TourRow = Selectable<TourTable>;
export type NewTourRow = Insertable<TourTable>;
export type TourUpdate = Updateable<TourTable>;
export type FloorplanRow = Selectable<FloorplanTable>;
